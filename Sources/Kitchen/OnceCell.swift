import BrigadeLocking

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
/// of this cell (and only of this cell) wait for it, unless waiting would close a cycle (``WaitForGraph``). A failed
/// factory leaves the cell empty, and the next caller tries again.
final class OnceCell: Sendable {
    /// The instance once it is made; written once, by ``WaitForGraph`` while it holds its own lock.
    private let made = Locked<SharedInstance?>(nil)
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
        made.withLock { $0 }
    }

    /// Keeps `instance` as the cell's; only ``WaitForGraph`` calls this, once, under its lock.
    func keep(_ instance: SharedInstance) {
        made.withLock { $0 = instance }
    }

    /// The instance: made now by `make` if no one made it yet, or awaited while another thread makes it.
    ///
    /// - Parameters:
    ///   - path: The chain of the resolution asking, ending with this cell's registration.
    ///   - make: Makes the instance, on this thread.
    /// - Throws: ``KitchenError/cycle(chain:)`` when the thread making the instance is, through the cells it waits
    ///   for, waiting for this resolution; what `make` throws.
    func value(
        for path: [Kitchen.Link],
        _ make: () throws(KitchenError) -> SharedInstance
    ) throws(KitchenError) -> SharedInstance {
        switch WaitForGraph.shared.start(making: self, for: path) {
        case .made(let instance):
            return instance
        case .cycle(let chain):
            throw .cycle(chain: chain)
        case .making:
            break
        }
        let made: SharedInstance
        do {
            made = try make()
        } catch {
            WaitForGraph.shared.finish(making: self, with: nil)
            throw error
        }
        WaitForGraph.shared.finish(making: self, with: made)
        if #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *), let slot = published as? PublishedSlot {
            slot.publish(made)
        }
        return made
    }
}
