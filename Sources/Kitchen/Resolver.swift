/// What a factory resolves its dependencies from: its kitchen.
///
/// A resolution belongs to the thread it runs on, and its chain (for errors and cycles) is the factories running on
/// that thread. So a resolver used inside its factory continues the factory's resolution, while one kept past its
/// factory (to resolve lazily, or to close a cycle after both services are made) and used later, or used on
/// another thread, starts a fresh resolution there: it carries no chain of its own.
///
/// A resolver does not keep its kitchen alive: a shared service that keeps its resolver would otherwise keep the
/// kitchen, and the kitchen the service, forever. Used after its kitchen was released, it throws
/// ``KitchenError/kitchenReleased(_:)``.
public struct Resolver: Sendable {
    private weak var kitchen: Kitchen?

    init(kitchen: Kitchen) {
        self.kitchen = kitchen
    }

    /// Resolves a dependency; see ``Kitchen/resolve(_:)``.
    /// - Throws: What ``Kitchen/resolve(_:)`` throws, or ``KitchenError/kitchenReleased(_:)`` when the resolver's
    ///   kitchen was released.
    public func resolve<Service>(_ type: Service.Type = Service.self) throws(KitchenError) -> Service {
        guard let kitchen else { throw .kitchenReleased("\(Service.self)") }
        return try kitchen.resolve(type)
    }

    /// Resolves the dependency registered under `name`; see ``Kitchen/resolve(_:named:)``.
    /// - Throws: As ``resolve(_:)``.
    public func resolve<Service>(_ type: Service.Type, named name: ServiceName<Service>) throws(KitchenError) -> Service
    {
        guard let kitchen else { throw .kitchenReleased(Kitchen.label(of: Service.self, named: name.rawValue)) }
        return try kitchen.resolve(type, named: name)
    }

    /// Resolves a dependency that may not be registered; see ``Kitchen/resolveIfRegistered(_:)``.
    /// - Throws: As ``resolve(_:)``.
    public func resolveIfRegistered<Service>(_ type: Service.Type = Service.self) throws(KitchenError) -> Service? {
        guard let kitchen else { throw .kitchenReleased("\(Service.self)") }
        return try kitchen.resolveIfRegistered(type)
    }
}
