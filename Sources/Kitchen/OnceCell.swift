import Foundation

/// A made shared instance, its type erased; ``Instance`` keeps it typed, so reading it back is a class check.
protocol AnyInstance: AnyObject {
    /// The instance, as a value of any type.
    var anyService: Any { get }
}

/// What a cell keeps: an ``Instance`` of a `Sendable` service.
typealias SharedInstance = any AnyInstance & Sendable

/// An object that may be shared between threads; its existential is a plain class reference, so it can be kept
/// `Unmanaged`.
@usableFromInline
typealias SendableObject = AnyObject & Sendable

/// A made shared instance of `Service`: immutable.
@usableFromInline
final class Instance<Service> {
    @usableFromInline let service: Service

    @usableFromInline
    init(_ service: Service) {
        self.service = service
    }
}

extension Instance: Sendable where Service: Sendable {}

extension Instance: AnyInstance {
    var anyService: Any { service }
}

/// Where one registration's shared instance is made and kept: made once, by the first caller, while later callers
/// of this cell (and only of this cell) wait for it. A failed factory leaves the cell empty, and the next caller
/// tries again.
final class OnceCell: @unchecked Sendable {
    private enum State {
        case empty
        case making
        case made(SharedInstance)
    }

    // `condition`'s lock guards `state`; `condition` is broadcast, under its lock, whenever `state` leaves `.making`.
    private let condition = NSCondition()
    private var state = State.empty
    /// The instance again, for the lock-free reads of a sealed kitchen: a ``PublishedSlot`` where the
    /// Synchronization module is available, else `nil`.
    let published: (any AnyObject & Sendable)?

    /// Creates an empty cell for a registration of `serviceType`: the cell keeps an `Instance<serviceType>`.
    init<Service: Sendable>(for serviceType: Service.Type) {
        if #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) {
            published = PublishedSlot(serviceType: ObjectIdentifier(serviceType))
        } else {
            published = nil
        }
    }

    /// The instance, if it is made.
    var instance: SharedInstance? {
        condition.lock()
        defer { condition.unlock() }
        if case .made(let instance) = state {
            return instance
        }
        return nil
    }

    /// The instance: made now by `make` if no one made it yet, or awaited while another thread makes it.
    func value(_ make: () throws(KitchenError) -> SharedInstance) throws(KitchenError) -> SharedInstance {
        condition.lock()
        while true {
            switch state {
            case .made(let instance):
                condition.unlock()
                return instance
            case .making:
                condition.wait()
                continue
            case .empty:
                state = .making
            }
            break
        }
        condition.unlock()
        let made: SharedInstance
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
        condition.lock()
        state = outcome
        condition.broadcast()
        condition.unlock()
    }
}
