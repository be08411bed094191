import CSupport

/// A structure whose heap size per item is budgeted: `build` makes it with `count` items.
public struct MemoryProbe: Sendable {
    /// The probe's name, as budgets.json spells it.
    public let name: String
    /// The number of items `build` registers.
    public let count: Int
    /// Builds the structure; the caller keeps it alive while it reads the heap.
    public let build: @MainActor @Sendable () -> AnyObject

    init(_ name: String, count: Int, build: @escaping @MainActor @Sendable () -> AnyObject) {
        self.name = name
        self.count = count
        self.build = build
    }

    /// Bytes the heap grew by per item while the structure was built (malloc's own counters: chunk sizes with
    /// their headers, large blocks included).
    @MainActor
    public func bytesPerItem() -> Double {
        let before = heapBytes()
        let structure = build()
        let after = heapBytes()
        consume(structure)
        return Double(after - before) / Double(count)
    }
}

/// Bytes malloc has handed out and not taken back.
func heapBytes() -> Int {
    Int(brigade_heap_bytes())
}

/// Every memory probe.
public func allMemoryProbes() -> [MemoryProbe] {
    let table = routeTable(100_000)
    return [
        MemoryProbe("Memory/Brigade 100,000 route patterns", count: 100_000) {
            HeldMatcher(makeMatcher(table.patterns))
        },
        MemoryProbe("Memory/RoutingKit 100,000 route patterns", count: 100_000) { makeRouter(table.patterns) },
    ] + reduxSubscriberProbes(100_000)
}
