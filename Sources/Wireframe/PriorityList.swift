/// Elements kept in descending priority; equal priorities keep their insertion order.
struct PriorityList<Element> {
    private(set) var entries: [(priority: Int, element: Element)] = []

    mutating func insert(_ element: Element, priority: Int) {
        let index = entries.firstIndex { $0.priority < priority } ?? entries.endIndex
        entries.insert((priority, element), at: index)
    }

    /// Highest priority first.
    var descending: some Sequence<(priority: Int, element: Element)> { entries }

    /// Lowest priority first; equal priorities in insertion order.
    var ascending: [(priority: Int, element: Element)] {
        var result: [(priority: Int, element: Element)] = []
        result.reserveCapacity(entries.count)
        var end = entries.endIndex
        while end > entries.startIndex {
            let priority = entries[end - 1].priority
            var start = end - 1
            while start > entries.startIndex, entries[start - 1].priority == priority {
                start -= 1
            }
            result.append(contentsOf: entries[start..<end])
            end = start
        }
        return result
    }
}
