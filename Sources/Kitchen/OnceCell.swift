/// A made shared instance, its type erased; ``Instance`` keeps it typed, so reading it back is a class check.
protocol AnyInstance: AnyObject {
    /// The instance, as a value of any type.
    var anyService: Any { get }
}

/// An object that may be shared between threads: what a cell keeps (an ``Instance``).
typealias SendableObject = AnyObject & Sendable

/// A made shared instance of `Service`: immutable.
final class Instance<Service> {
    let service: Service

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
    /// The instance once it is made; published once, by ``WaitForGraph`` while it holds its own lock, and read
    /// without a lock where the system allows it.
    private let made = makePublishedReference(of: SendableObject.self)

    /// The instance (an ``Instance``), if it is made.
    var instance: SendableObject? {
        made.load()
    }

    /// Keeps `instance` as the cell's; only ``WaitForGraph`` calls this, once, under its lock.
    func keep(_ instance: SendableObject) {
        _ = made.publish(instance)
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
        _ make: () throws(KitchenError) -> SendableObject
    ) throws(KitchenError) -> SendableObject {
        switch WaitForGraph.shared.start(making: self, for: path) {
        case .made(let instance):
            return instance
        case .cycle(let chain):
            throw .cycle(chain: chain)
        case .making:
            break
        }
        let made: SendableObject
        do {
            made = try make()
        } catch {
            WaitForGraph.shared.finish(making: self, with: nil)
            throw error
        }
        WaitForGraph.shared.finish(making: self, with: made)
        return made
    }
}
