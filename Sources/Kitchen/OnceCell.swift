import BrigadeLocking

/// A made shared instance, as the cell of its registration keeps it.
///
/// Not generic: reading a generic `Instance<Service>` back in the kitchen's unspecialized `resolve` looked up that
/// type's metadata at run time on every resolution, which cost more than the cast from `any Sendable` it saved.
final class SharedInstance: Sendable {
    /// The instance, of the registered type.
    let service: any Sendable

    init(_ service: any Sendable) {
        self.service = service
    }
}

/// Where one registration's shared instance is made and kept: made once, by the first caller, while later callers
/// of this cell (and only of this cell) wait for it, unless waiting would close a cycle (``WaitForGraph``). A failed
/// factory leaves the cell empty, and the next caller tries again.
final class OnceCell: Sendable {
    /// The instance once it is made; written once, by ``WaitForGraph`` while it holds its own lock.
    private let made = Locked<SharedInstance?>(nil)

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
        return made
    }
}
