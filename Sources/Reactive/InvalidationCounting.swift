import BrigadeLocking

/// A source whose observable views report how many members they invalidated (BrigadeRedux's `Store`, for an attached
/// inspector): `ObservedState(store:)` finds it once, when it is made.
package protocol InvalidationCounting: AnyObject {
    /// Where the views following this source add what they invalidated.
    var invalidationCounter: InvalidationCounter { get }
}

/// How many members read by observable views a source's states invalidated (``_InvalidationCounter``).
package typealias InvalidationCounter = _InvalidationCounter

/// How many members read by observable views a source's states invalidated, counted while someone counts
/// (``isCounting``): at other times an invalidation costs one atomic load.
@usableFromInline
package final class _InvalidationCounter: Sendable {
    private let counting = AtomicCount.make()
    private let count = Locked(0)

    package init() {}

    /// Whether invalidations are counted: set while an inspector is attached to the source.
    package var isCounting: Bool {
        get { counting.load() != 0 }
        set { counting.store(newValue ? 1 : 0) }
    }

    /// Adds `invalidated` members, when counting.
    @usableFromInline
    package func _add(_ invalidated: Int) {
        guard invalidated > 0, isCounting else { return }
        count.withLock { $0 += invalidated }
    }

    /// The members counted since the last call.
    @usableFromInline
    package func _take() -> Int {
        count.withLock { count in
            defer { count = 0 }
            return count
        }
    }
}
