#if canImport(Darwin)
import Darwin
#else
import Dispatch
#endif

/// Tells whether the calling code runs where the main actor runs, so that work which may be called from any thread
/// can finish at once when it is already there instead of hopping in a task.
package enum MainThread {
    #if canImport(Darwin)
    /// Whether the calling code runs on the main thread, the main actor's.
    package static var isCurrent: Bool {
        pthread_main_np() != 0
    }
    #else
    /// Marks the main dispatch queue. Elsewhere than on Darwin the main actor runs its jobs on that queue, but not on
    /// one thread: once the process's main thread hands the queue to `dispatchMain()`, worker threads drain it. So the
    /// check asks the queue, not the thread.
    private static let mainQueueKey: DispatchSpecificKey<Bool> = {
        let key = DispatchSpecificKey<Bool>()
        DispatchQueue.main.setSpecific(key: key, value: true)
        return key
    }()

    /// Whether the calling code runs on the main dispatch queue, the main actor's.
    package static var isCurrent: Bool {
        DispatchQueue.getSpecific(key: mainQueueKey) ?? false
    }
    #endif
}
