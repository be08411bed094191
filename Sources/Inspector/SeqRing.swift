/// The newest `capacity` elements of a series numbered by increasing seqs, oldest first: the inspector's events and
/// its states for time travel. Appending is O(1) once full (the oldest is replaced); finding a seq is a binary search.
struct SeqRing<Element> {
    let capacity: Int
    private var storage: [(seq: Int, element: Element)] = []
    /// Where the oldest element is, once the ring is full.
    private var start = 0

    init(capacity: Int) {
        self.capacity = max(1, capacity)
        storage.reserveCapacity(min(self.capacity, 1_024))
    }

    /// Adds `element`, numbered `seq` (greater than every seq in the ring), dropping the oldest when full; returns
    /// the element dropped, for the caller to release where it chooses.
    @discardableResult
    mutating func append(_ element: Element, seq: Int) -> Element? {
        if storage.count < capacity {
            storage.append((seq, element))
            return nil
        }
        let dropped = storage[start].element
        storage[start] = (seq, element)
        start += 1
        if start == capacity {
            start = 0
        }
        return dropped
    }

    /// The element numbered `seq`, if kept.
    func element(at seq: Int) -> Element? {
        let position = firstPosition(after: seq - 1)
        guard position < storage.count, self[position].seq == seq else { return nil }
        return self[position].element
    }

    /// The newest element numbered before `seq`, if any is kept.
    func last(before seq: Int) -> Element? {
        let position = firstPosition(after: seq - 1)
        return position > 0 ? self[position - 1].element : nil
    }

    /// The elements numbered after `seq`, oldest first; every element for `seq` 0.
    func elements(after seq: Int) -> [Element] {
        (firstPosition(after: seq)..<storage.count).map { self[$0].element }
    }

    /// The seq of the oldest element that satisfies `predicate`, if any.
    func firstSeq(where predicate: (Element) -> Bool) -> Int? {
        (0..<storage.count).lazy.map { self[$0] }.first { predicate($0.element) }?.seq
    }

    /// The seq of the newest element that satisfies `predicate`, if any.
    func lastSeq(where predicate: (Element) -> Bool) -> Int? {
        (0..<storage.count).reversed().lazy.map { self[$0] }.first { predicate($0.element) }?.seq
    }

    /// The element at `position` from the oldest.
    private subscript(position: Int) -> (seq: Int, element: Element) {
        storage[(start + position) % storage.count]
    }

    /// The position, from the oldest, of the first element numbered after `seq`.
    private func firstPosition(after seq: Int) -> Int {
        var low = 0
        var high = storage.count
        while low < high {
            let middle = (low + high) / 2
            if self[middle].seq <= seq {
                low = middle + 1
            } else {
                high = middle
            }
        }
        return low
    }
}

extension SeqRing: Sendable where Element: Sendable {}
