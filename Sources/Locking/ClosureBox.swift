/// A closure that can be taken away once, from any thread: a subscription's disposal.
///
/// Not a `Locked<(() -> Void)?>`: a closure kept in generic storage is re-wrapped in a reabstraction thunk at every
/// `inout` access, so a closure read there again and again grows without bound.
package final class ClosureBox: @unchecked Sendable {
    // Unchecked Sendable: `_lock` guards `_closure`, which is Sendable.
    @usableFromInline let _lock = Lock()
    @usableFromInline var _closure: (@Sendable () -> Void)?

    /// Holds `closure`.
    package init(_ closure: @escaping @Sendable () -> Void) {
        _closure = closure
    }

    /// Whether the closure was taken.
    @inlinable
    package var isEmpty: Bool {
        _lock.withLock { _closure == nil }
    }

    /// Removes the closure and returns it, if it was still there.
    @inlinable
    package func take() -> (@Sendable () -> Void)? {
        _lock.withLock {
            let taken = _closure
            _closure = nil
            return taken
        }
    }
}
