#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Bionic)
import Bionic
#endif

/// Tells whether the calling code runs on the main thread, where the main actor runs, so that work which may be
/// called from any thread can finish at once when it is already there instead of hopping in a task.
package enum MainThread {
    #if canImport(Darwin)
    /// Whether the calling thread is the main thread.
    package static var isCurrent: Bool {
        pthread_main_np() != 0
    }

    /// Nothing to do: Darwin knows its main thread.
    @MainActor
    package static func record() {}
    #else
    /// The main actor's thread, once a main-actor caller recorded it. On Linux the main actor runs its jobs on the
    /// main dispatch queue, which the process's main thread drains.
    private static let recorded = Locked<pthread_t?>(nil)

    /// Whether the calling thread is the main thread: `false` until main-actor code called ``record()``.
    package static var isCurrent: Bool {
        guard let main = recorded.withLock({ $0 }) else { return false }
        return pthread_equal(main, pthread_self()) != 0
    }

    /// Records the calling thread, the main actor's, as the main thread.
    @MainActor
    package static func record() {
        recorded.withLock { thread in
            if thread == nil {
                thread = pthread_self()
            }
        }
    }
    #endif
}
