/// Elements kept in both priority orders, sorted once when inserted; equal priorities keep their insertion order.
///
/// Each element carries a sequence number, so that two lists filled from one counter can be walked as one
/// (``mergedDescending(_:_:)``, ``mergedAscending(_:_:)``) in the order a single list would have.
struct PriorityList<Element> {
    typealias Entry = (priority: Int, sequence: Int, element: Element)

    /// Highest priority first; equal priorities in insertion order.
    private(set) var descending: [Entry] = []
    /// Lowest priority first; equal priorities in insertion order.
    private(set) var ascending: [Entry] = []

    var isEmpty: Bool { descending.isEmpty }

    /// Inserts `element`; `sequence` must grow with every insertion into the lists that are walked together.
    mutating func insert(_ element: Element, priority: Int, sequence: Int) {
        let entry = (priority, sequence, element)
        descending.insert(entry, at: descending.firstIndex { $0.priority < priority } ?? descending.endIndex)
        ascending.insert(entry, at: ascending.firstIndex { $0.priority > priority } ?? ascending.endIndex)
    }

    /// Inserts `element` after every element inserted before it.
    mutating func insert(_ element: Element, priority: Int) {
        insert(element, priority: priority, sequence: descending.count)
    }

    /// The elements of `first` and `second`, highest priority first, equal priorities by sequence.
    static func mergedDescending(_ first: PriorityList, _ second: PriorityList?) -> [Entry] {
        guard let second, !second.isEmpty else { return first.descending }
        if first.isEmpty { return second.descending }
        return merge(first.descending, second.descending) { $0.priority > $1.priority }
    }

    /// The elements of `first` and `second`, lowest priority first, equal priorities by sequence.
    static func mergedAscending(_ first: PriorityList, _ second: PriorityList?) -> [Entry] {
        guard let second, !second.isEmpty else { return first.ascending }
        if first.isEmpty { return second.ascending }
        return merge(first.ascending, second.ascending) { $0.priority < $1.priority }
    }

    private static func merge(_ left: [Entry], _ right: [Entry], comesFirst: (Entry, Entry) -> Bool) -> [Entry] {
        var result: [Entry] = []
        result.reserveCapacity(left.count + right.count)
        var leftIndex = 0
        var rightIndex = 0
        while leftIndex < left.count, rightIndex < right.count {
            let (l, r) = (left[leftIndex], right[rightIndex])
            let takeLeft = comesFirst(l, r) || (!comesFirst(r, l) && l.sequence < r.sequence)
            if takeLeft {
                result.append(l)
                leftIndex += 1
            } else {
                result.append(r)
                rightIndex += 1
            }
        }
        result.append(contentsOf: left[leftIndex...])
        result.append(contentsOf: right[rightIndex...])
        return result
    }
}
