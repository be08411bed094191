#if canImport(os)
import os
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Bionic)
import Bionic
#endif

/// The one small lock every Brigade component uses for state shared across threads.
///
/// `Mutex` from the Synchronization module needs iOS 18 / macOS 15, below Brigade's platform floor, so this wraps
/// `os_unfair_lock` on Apple systems and a `pthread_mutex_t` elsewhere. It is not recursive.
@usableFromInline
package final class Lock: @unchecked Sendable {
    // The pointer is allocated once and never reassigned; the lock it points to guards itself.
    #if canImport(os)
    @usableFromInline let pointer: UnsafeMutablePointer<os_unfair_lock>
    #else
    @usableFromInline let pointer: UnsafeMutablePointer<pthread_mutex_t>
    #endif

    /// Creates an unlocked lock.
    @usableFromInline
    package init() {
        #if canImport(os)
        pointer = .allocate(capacity: 1)
        pointer.initialize(to: os_unfair_lock())
        #else
        pointer = .allocate(capacity: 1)
        pointer.initialize(to: pthread_mutex_t())
        pthread_mutex_init(pointer, nil)
        #endif
    }

    deinit {
        #if !canImport(os)
        pthread_mutex_destroy(pointer)
        #endif
        pointer.deinitialize(count: 1)
        pointer.deallocate()
    }

    /// Acquires the lock, blocking until it is free.
    @inlinable
    package func lock() {
        #if canImport(os)
        os_unfair_lock_lock(pointer)
        #else
        pthread_mutex_lock(pointer)
        #endif
    }

    /// Releases the lock; only the thread that acquired it may call this.
    @inlinable
    package func unlock() {
        #if canImport(os)
        os_unfair_lock_unlock(pointer)
        #else
        pthread_mutex_unlock(pointer)
        #endif
    }

    /// Runs `body` while holding the lock and returns its result.
    @inlinable
    package func withLock<Result>(_ body: () throws -> Result) rethrows -> Result {
        lock()
        defer { unlock() }
        return try body()
    }
}

/// A value of any type behind a ``Lock``: the one way Brigade shares mutable state between threads.
@usableFromInline
package final class Locked<Value>: @unchecked Sendable {
    // `lock` guards `value`; it is read and written only while the lock is held, which already makes the accesses
    // exclusive (the lock is not recursive), so the dynamic exclusivity check is skipped.
    @usableFromInline let lock = Lock()
    @exclusivity(unchecked) @usableFromInline var value: Value

    /// Wraps `value`.
    @usableFromInline
    package init(_ value: Value) {
        self.value = value
    }

    /// Runs `body` with exclusive access to the value.
    @inlinable
    package func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}

extension Locked where Value: Collection {
    /// Whether the collection is empty, read under the lock without copying it out.
    @inlinable
    package var isEmpty: Bool {
        lock.lock()
        defer { lock.unlock() }
        return value.isEmpty
    }
}

/// A closure that can be taken away once, from any thread: a subscription's disposal.
///
/// Not a `Locked<(() -> Void)?>`: a closure kept in generic storage is re-wrapped in a reabstraction thunk at every
/// `inout` access, so a closure read there again and again grows without bound.
@usableFromInline
package final class ClosureBox: @unchecked Sendable {
    // `lock` guards `closure`.
    @usableFromInline let lock = Lock()
    @usableFromInline var closure: (() -> Void)?

    /// Holds `closure`.
    @usableFromInline
    package init(_ closure: @escaping () -> Void) {
        self.closure = closure
    }

    /// Whether the closure was taken.
    @inlinable
    package var isEmpty: Bool {
        lock.lock()
        defer { lock.unlock() }
        return closure == nil
    }

    /// Removes the closure and returns it, if it was still there.
    @inlinable
    package func take() -> (() -> Void)? {
        lock.lock()
        defer { lock.unlock() }
        let taken = closure
        closure = nil
        return taken
    }
}
