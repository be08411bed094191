import BrigadeLocking

/// A dependency resolved when it is first used, then kept: what breaks a cycle by design (a view model that needs
/// its coordinator, which needs the view model) or defers an expensive service until a screen needs it.
///
/// ```swift
/// try kitchen.register(Coordinator.self) { resolver in Coordinator(viewModel: resolver.lazy(ViewModel.self)) }
/// // later, inside the coordinator: try viewModel.value().show()
/// ```
///
/// Its resolution is a fresh one, made when ``value()`` is first called (not part of the factory that took it), so
/// two services that need each other lazily are no cycle; used inside the factory that took it, it continues that
/// factory's chain, and a real cycle is ``KitchenError/cycle(chain:)`` as always. Thread-safe: copies share the one
/// resolved instance.
///
/// It keeps what it resolved: two services that hold each other, one through a `LazyService`, are a reference cycle
/// that outlives the kitchen. Hold one side weakly (`weak let coordinator: Coordinator?`).
public struct LazyService<Service: Sendable>: Sendable {
    private let resolve: @Sendable () throws(KitchenError) -> Service
    private let cache = Locked<Service?>(nil)

    init(_ resolve: @escaping @Sendable () throws(KitchenError) -> Service) {
        self.resolve = resolve
    }

    /// The service: resolved on the first call, the same instance on every later one.
    /// - Throws: What resolving it throws (not registered, a cycle, a failing factory, the kitchen released); a later
    ///   call tries again.
    public func value() throws(KitchenError) -> Service {
        if let made = cache.withLock({ $0 }) {
            return made
        }
        let made = try resolve()
        return cache.withLock { cached in
            if let cached {
                return cached  // another thread resolved it first: one instance for every caller
            }
            cached = made
            return made
        }
    }
}

/// A dependency resolved anew at each call: a transient service made per use, or a shared one asked for when it is
/// needed rather than when the factory runs (its resolution is a fresh one, so it closes no cycle).
///
/// ```swift
/// try kitchen.register(Editor.self) { resolver in Editor(makeDraft: resolver.provider(Draft.self)) }
/// // inside the editor: let draft = try makeDraft()
/// ```
public struct ServiceProvider<Service: Sendable>: Sendable {
    private let resolve: @Sendable () throws(KitchenError) -> Service

    init(_ resolve: @escaping @Sendable () throws(KitchenError) -> Service) {
        self.resolve = resolve
    }

    /// Resolves the service now.
    /// - Throws: What resolving it throws.
    public func callAsFunction() throws(KitchenError) -> Service {
        try resolve()
    }
}

extension Resolver {
    /// `type`, resolved when first used; see ``LazyService``.
    public func lazy<Service: Sendable>(_ type: Service.Type = Service.self) -> LazyService<Service> {
        LazyService { () throws(KitchenError) in try resolve(type) }
    }

    /// `type` registered under `name`, resolved when first used.
    public func lazy<Service: Sendable>(
        _ type: Service.Type, named name: ServiceName<Service>
    ) -> LazyService<Service> {
        LazyService { () throws(KitchenError) in try resolve(type, named: name) }
    }

    /// `type`, resolved at each call; see ``ServiceProvider``.
    public func provider<Service: Sendable>(_ type: Service.Type = Service.self) -> ServiceProvider<Service> {
        ServiceProvider { () throws(KitchenError) in try resolve(type) }
    }
}
