#include <stddef.h>

/// Bytes malloc has handed out and not taken back: chunk sizes with their headers, large (mmap'd) blocks included.
size_t brigade_heap_bytes(void);

/// Does nothing, in a translation unit the Swift optimizer cannot see into: it must assume `value` is read.
void brigade_consume(const void *value);

/// Does nothing, but the Swift optimizer must assume `value` was read and written.
void brigade_clobber(void *value);
