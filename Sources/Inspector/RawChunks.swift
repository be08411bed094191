/// The inspector's events waiting to be encoded, as a list of arrays in seq order (an element may be a batch of a
/// store's actions, numbered from its seq): the events of other threads are appended to the last array, the main
/// actor's hand-overs added as arrays of their own.
struct RawChunks {
    private(set) var chunks: [[InspectorRecorder.Raw]] = []
    /// How many events the chunks hold (a batch of actions counts each).
    private(set) var count = 0

    var isEmpty: Bool { count == 0 }

    /// The most events an array holds when events are appended one by one: the oldest can be dropped in whole arrays.
    static let chunkSize = 64

    /// Adds an event numbered after every event held.
    mutating func append(_ raw: InspectorRecorder.Raw) {
        if chunks.isEmpty || chunks[chunks.count - 1].count >= Self.chunkSize {
            var chunk: [InspectorRecorder.Raw] = []
            chunk.reserveCapacity(Self.chunkSize)
            chunk.append(raw)
            chunks.append(chunk)
        } else {
            chunks[chunks.count - 1].append(raw)
        }
        count += raw.count
    }

    /// Adds `chunk`, numbered after every event held, without copying its events; leaves `chunk` empty.
    mutating func append(moving chunk: inout [InspectorRecorder.Raw]) {
        guard !chunk.isEmpty else { return }
        count += chunk.reduce(0) { $0 + $1.count }
        var moved: [InspectorRecorder.Raw] = []
        swap(&moved, &chunk)
        chunks.append(moved)
    }

    /// The event numbered `seq`, or the batch that holds it, if held.
    func find(_ seq: Int) -> InspectorRecorder.Raw? {
        for chunk in chunks {
            guard let last = chunk.last, last.seq + last.count > seq else { continue }
            var low = 0
            var high = chunk.count
            while low < high {
                let middle = (low + high) / 2
                if chunk[middle].seq + chunk[middle].count <= seq {
                    low = middle + 1
                } else {
                    high = middle
                }
            }
            return low < chunk.count && chunk[low].seq <= seq ? chunk[low] : nil
        }
        return nil
    }

    /// The seq of the oldest action numbered `bound` or later, if any.
    func firstActionSeq(from bound: Int) -> Int? {
        for chunk in chunks {
            for raw in chunk where raw.hasActionState && raw.seq + raw.count > bound {
                return max(raw.seq, bound)
            }
        }
        return nil
    }

    /// The seq of the newest action, if any.
    func lastActionSeq() -> Int? {
        for chunk in chunks.reversed() {
            if let found = chunk.last(where: \.hasActionState) {
                return found.seq + found.count - 1
            }
        }
        return nil
    }

    /// Drops the oldest whole chunks while at least `keeping` events are left after them; returns the state of the
    /// newest event dropped that has one (the base of the next diff), and the chunks dropped, for the caller to
    /// release after its lock.
    mutating func dropOldest(keeping: Int) -> (state: (any Sendable)?, dropped: [[InspectorRecorder.Raw]]) {
        var dropping = 0
        var left = count
        while dropping < chunks.count, case let events = chunks[dropping].reduce(0, { $0 + $1.count }),
            left - events >= keeping
        {
            left -= events
            dropping += 1
        }
        guard dropping > 0 else { return (nil, []) }
        let dropped = Array(chunks[..<dropping])
        chunks.removeFirst(dropping)
        count = left
        let state = dropped.reversed().lazy.compactMap { $0.last(where: { $0.lastState != nil })?.lastState }.first
        return (state, dropped)
    }
}
