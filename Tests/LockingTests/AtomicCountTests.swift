import BrigadeLocking
import Testing

@Suite("AtomicCount")
struct AtomicCountTests {
    @Test("a new count is zero, and a load returns the last value stored")
    func storesAndLoads() {
        let count = AtomicCount.make()
        #expect(count.load() == 0)
        count.store(3)
        #expect(count.load() == 3)
        count.store(0)
        #expect(count.load() == 0)
    }

    @Test("what writers store under their own lock, in turn from many tasks, a reader sees without that lock")
    func seenAcrossTasks() async {
        let count = AtomicCount.make()
        let entries = Locked([Int]())
        await withTaskGroup(of: Void.self) { group in
            for index in 0..<100 {
                group.addTask {
                    entries.withLock { entries in
                        entries.append(index)
                        count.store(entries.count)
                    }
                }
            }
        }
        #expect(count.load() == 100)
    }
}
