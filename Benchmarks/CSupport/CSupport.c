#include "CSupport.h"

#if defined(__APPLE__)
#include <malloc/malloc.h>

size_t brigade_heap_bytes(void) {
    malloc_statistics_t statistics;
    malloc_zone_statistics(NULL, &statistics);
    return statistics.size_in_use;
}
#else
#include <malloc.h>

size_t brigade_heap_bytes(void) {
    struct mallinfo2 info = mallinfo2();
    return info.uordblks + info.hblkhd;
}
#endif

void brigade_consume(const void *value) { (void)value; }

void brigade_clobber(void *value) { (void)value; }
