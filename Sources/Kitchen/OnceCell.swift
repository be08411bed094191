#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A made shared instance, its type erased; ``Instance`` keeps it typed, so reading it back is a class check.
@usableFromInline
class AnyInstance: @unchecked Sendable {
    // Immutable after init: subclasses keep one `let`.
    @usableFromInline
    init() {}
}

/// A made shared instance of `Service`.
@usableFromInline
final class Instance<Service>: AnyInstance, @unchecked Sendable {
    // Immutable; `Service` was registered as `Sendable`.
    @usableFromInline let service: Service

    @usableFromInline
    init(_ service: Service) {
        self.service = service
    }
}

/// Where one registration's shared instance is made and kept: made once, by the first caller, while later callers
/// of this cell (and only of this cell) wait for it. A failed factory leaves the cell empty, and the next caller
/// tries again.
final class OnceCell: @unchecked Sendable {
    private enum State {
        case empty
        case making
        case made(AnyInstance)
    }

    // `mutex` guards `state`; `condition` is signalled, under `mutex`, whenever `state` leaves `.making`. The
    // pointers are allocated once and never reassigned.
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    private let condition: UnsafeMutablePointer<pthread_cond_t>
    private var state = State.empty
    /// The instance again, for the lock-free reads of a sealed kitchen: a ``PublishedSlot`` where the
    /// Synchronization module is available, else `nil`.
    let published: (any AnyObject & Sendable)?

    init() {
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
        condition = .allocate(capacity: 1)
        condition.initialize(to: pthread_cond_t())
        pthread_cond_init(condition, nil)
        if #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) {
            published = PublishedSlot()
        } else {
            published = nil
        }
    }

    deinit {
        pthread_cond_destroy(condition)
        condition.deinitialize(count: 1)
        condition.deallocate()
        pthread_mutex_destroy(mutex)
        mutex.deinitialize(count: 1)
        mutex.deallocate()
    }

    /// The instance, if it is made.
    var instance: AnyInstance? {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        if case .made(let instance) = state {
            return instance
        }
        return nil
    }

    /// The instance: made now by `make` if no one made it yet, or awaited while another thread makes it.
    func value(_ make: () throws(KitchenError) -> AnyInstance) throws(KitchenError) -> AnyInstance {
        pthread_mutex_lock(mutex)
        while true {
            switch state {
            case .made(let instance):
                pthread_mutex_unlock(mutex)
                return instance
            case .making:
                pthread_cond_wait(condition, mutex)
                continue
            case .empty:
                state = .making
            }
            break
        }
        pthread_mutex_unlock(mutex)
        let made: AnyInstance
        do {
            made = try make()
        } catch {
            settle(.empty)
            throw error
        }
        settle(.made(made))
        if #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *), let slot = published as? PublishedSlot {
            slot.publish(made)
        }
        return made
    }

    private func settle(_ outcome: State) {
        pthread_mutex_lock(mutex)
        state = outcome
        pthread_cond_broadcast(condition)
        pthread_mutex_unlock(mutex)
    }
}
