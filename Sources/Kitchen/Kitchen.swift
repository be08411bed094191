import BrigadeLocking

/// The service container of an app: services registered by type with a factory, made on first
/// use as one shared instance per type ("singleton with a small s"), each resolving its own dependencies.
///
/// ```swift
/// let kitchen = Kitchen()
/// try kitchen.register(APIClient.self) { _ in APIClient(configuration: .init(baseURL: base)) }
/// try kitchen.register(AssetCache.self) { resolver in AssetCache(client: try resolver.resolve(APIClient.self)) }
/// kitchen.seal()
/// let images = try kitchen.resolve(AssetCache.self)
/// ```
///
/// - Scopes: ``Scope/shared`` (the default) makes one instance on first use, exactly once even when several
///   threads race for it; ``Scope/transient`` makes a new one per resolution; ``Scope/session`` one per session,
///   until ``resetSession()``.
/// - Child kitchens (``makeChild()``) for a feature, a flow or a screen: their registrations first, the parent's
///   otherwise. Named registrations (``ServiceName``) for several services of one type; ``resolveIfRegistered(_:)``
///   for one that may be missing.
/// - Errors name the whole chain: `AssetCache -> APIClient -> Configuration (not registered)`, or a cycle.
/// - ``seal()`` ends registration; later registrations throw.
/// - Facets: one instance registered under several protocols with ``register(facet:of:replacing:_:)``.
/// - Factories run on the main actor (``register(_:scope:replacing:factory:)``: they may call an app's main-actor
///   initializers) or wherever the service is first resolved
///   (``registerNonisolated(_:scope:replacing:factory:)``).
///
/// Thread-safe. Each shared instance is made under its own once-cell; resolving one already made is a dictionary
/// lookup and a read of its cell, each under a lock held only for that read. A dependency cycle is an error on every
/// thread, never a hang (``resolve(_:)``).
public final class Kitchen: Sendable {
    /// How many instances a registration makes.
    public enum Scope: Sendable {
        /// One instance, made on first use and kept.
        case shared
        /// A new instance for every resolution.
        case transient
        /// One instance per session: made on first use and kept until ``Kitchen/resetSession()`` (signing out), after
        /// which the next resolution makes a new one. For what belongs to the signed-in user: an authenticated
        /// client, the user's database.
        case session
        /// One instance while someone holds it: kept weakly, so it goes when its last holder lets go, and the next
        /// resolution makes a new one. For a class (a screen's shared model); a struct is a
        /// ``KitchenError/factoryFailed(chain:underlying:)``.
        case weak
    }

    struct State {
        var registrations: [ObjectIdentifier: Registration] = [:]
        /// The named registrations, apart: an unnamed resolution hashes an `ObjectIdentifier` only.
        var named: [NamedKey: Registration] = [:]
        var isSealed = false
        /// Told about every resolution that is not a made shared instance: for the inspector.
        var resolutionObserver: (@Sendable (KitchenResolution) -> Void)?
    }

    let state = Locked(State())
    /// The kitchen this one is a child of: what is not registered here is looked up there.
    let parent: Kitchen?

    /// Creates an empty, open kitchen.
    public init() {
        parent = nil
    }

    private init(parent: Kitchen) {
        self.parent = parent
    }

    /// A kitchen for a feature, a flow or a screen: its own registrations first, this kitchen's otherwise.
    ///
    /// ```swift
    /// let checkout = kitchen.makeChild()
    /// try checkout.register(PaymentSheet.self) { resolver in PaymentSheet(client: try resolver.resolve()) }
    /// try checkout.register(APIClient.self) { _ in .sandbox }  // overrides the parent's, for the child only
    /// ```
    ///
    /// - A child may register a type its parent has (no `replacing:` needed): resolutions through the child get the
    ///   child's; the parent and its other children never see the child's registrations.
    /// - A shared (or session) service of the parent is made by the parent, with the parent's registrations, and is
    ///   the one instance parent and children share; a transient one resolved through the child is made with the
    ///   child's (its overrides apply).
    /// - The child's own shared instances are released with the child. The child keeps its parent alive.
    /// - A resolution through one level costs one more dictionary lookup under its lock.
    public func makeChild() -> Kitchen {
        Kitchen(parent: self)
    }

    /// Ends the session: every ``Scope/session`` service registered in this kitchen is made anew on its next
    /// resolution; shared and transient services are untouched. A caller holding an old instance keeps it.
    ///
    /// When it returns, no resolution gets an instance of the old session, even one that was waiting for a factory
    /// of the old session on another thread while it ran (that caller gets the new session's). A child kitchen's
    /// session services are reset by the child's own `resetSession()`.
    public func resetSession() {
        state.withLock { state in
            for registration in state.registrations.values where registration.scope == .session {
                registration.resetSession()
            }
            for registration in state.named.values where registration.scope == .session {
                registration.resetSession()
            }
        }
    }

    // MARK: - Registration

    /// Registers `type` with `factory`, which runs on the main actor: it may call main-actor initializers, as every
    /// initializer of an app target with default main-actor isolation (Xcode 26's default) is.
    ///
    /// ```swift
    /// try kitchen.register(TaskList.self) { resolver in TaskList(client: try resolver.resolve(APIClient.self)) }
    /// ```
    ///
    /// Resolving on the main actor runs the factory there at once, with no `await`. Off the main actor, a shared
    /// instance already made is handed out as any other; one not made yet is ``KitchenError/requiresMainActor(chain:)``
    /// (an effect's `send.services.resolve` hops to the main actor instead). A factory that must run wherever it is
    /// resolved says so: ``registerNonisolated(_:scope:replacing:factory:)``.
    ///
    /// A replacement registered while the old factory is still making its instance wins: that instance goes only to
    /// the callers that were already waiting for it.
    ///
    /// - Parameters:
    ///   - type: The service's type; resolved by this type.
    ///   - scope: ``Scope/shared`` by default.
    ///   - replacing: Whether a registration of the same type may be replaced; `false` by default.
    ///   - factory: Makes the instance on the main actor; resolves its dependencies from the resolver it is given.
    /// - Throws: ``KitchenError/sealed(_:)`` after ``seal()``, ``KitchenError/duplicateRegistration(_:)`` when the
    ///   type is registered and `replacing` is false.
    public func register<Service: Sendable>(
        _ type: Service.Type,
        scope: Scope = .shared,
        replacing: Bool = false,
        factory: @escaping @MainActor (Resolver) throws -> Service
    ) throws(KitchenError) {
        try add(
            type, named: nil, scope: scope, replacing: replacing, runsOnMainActor: true, factory: onMainActor(factory))
    }

    /// Registers `type` under `name`, apart from its unnamed registration; otherwise as
    /// ``register(_:scope:replacing:factory:)``.
    ///
    /// ```swift
    /// try kitchen.register(APIClient.self, named: .authenticated) { _ in APIClient(defaultHeaders: auth) }
    /// ```
    /// - Throws: As ``register(_:scope:replacing:factory:)``.
    public func register<Service: Sendable>(
        _ type: Service.Type,
        named name: ServiceName<Service>,
        scope: Scope = .shared,
        replacing: Bool = false,
        factory: @escaping @MainActor (Resolver) throws -> Service
    ) throws(KitchenError) {
        try add(
            type, named: name.rawValue, scope: scope, replacing: replacing, runsOnMainActor: true,
            factory: onMainActor(factory))
    }

    /// Registers `type` with `factory`, which runs on whichever thread resolves the service first (or each time, for
    /// a transient one): for a service an effect or a background task may be the first to ask for, made of
    /// nonisolated types (Brigade's own services: `APIClient`, `SQLiteStore`, `AssetCache`...).
    ///
    /// ```swift
    /// try kitchen.registerNonisolated(APIClient.self) { _ in APIClient(configuration: .init(baseURL: base)) }
    /// ```
    ///
    /// - Parameters:
    ///   - type: The service's type; resolved by this type.
    ///   - scope: ``Scope/shared`` by default.
    ///   - replacing: Whether a registration of the same type may be replaced; `false` by default.
    ///   - factory: Makes the instance, on the resolving thread; resolves its dependencies from the resolver it is
    ///     given.
    /// - Throws: As ``register(_:scope:replacing:factory:)``.
    public func registerNonisolated<Service: Sendable>(
        _ type: Service.Type,
        scope: Scope = .shared,
        replacing: Bool = false,
        factory: @escaping @Sendable (Resolver) throws -> Service
    ) throws(KitchenError) {
        try add(type, named: nil, scope: scope, replacing: replacing, runsOnMainActor: false) { try factory($0) }
    }

    /// Registers `type` under `name`, apart from its unnamed registration; otherwise as
    /// ``registerNonisolated(_:scope:replacing:factory:)``.
    /// - Throws: As ``register(_:scope:replacing:factory:)``.
    public func registerNonisolated<Service: Sendable>(
        _ type: Service.Type,
        named name: ServiceName<Service>,
        scope: Scope = .shared,
        replacing: Bool = false,
        factory: @escaping @Sendable (Resolver) throws -> Service
    ) throws(KitchenError) {
        try add(type, named: name.rawValue, scope: scope, replacing: replacing, runsOnMainActor: false) {
            try factory($0)
        }
    }

    /// Adds the registration of `type` made by `factory`, which runs on the main actor only when `runsOnMainActor`.
    /// Registers `type` as ``register(_:scope:replacing:factory:)`` does, declaring the types `factory` resolves, so
    /// that ``verify()`` checks them without running it.
    ///
    /// ```swift
    /// try kitchen.register(SpecialsService.self, dependsOn: [APIClient.self]) { resolver in
    ///     SpecialsService(client: try resolver.resolve(APIClient.self), url: specialsURL)
    /// }
    /// ```
    /// - Throws: As ``register(_:scope:replacing:factory:)``.
    public func register<Service: Sendable>(
        _ type: Service.Type, scope: Scope = .shared, replacing: Bool = false, dependsOn dependencies: [Any.Type],
        factory: @escaping @MainActor (Resolver) throws -> Service
    ) throws(KitchenError) {
        try add(
            type, named: nil, scope: scope, replacing: replacing, runsOnMainActor: true, dependencies: dependencies,
            factory: onMainActor(factory))
    }

    /// Registers `type` as ``registerNonisolated(_:scope:replacing:factory:)`` does, declaring the types `factory`
    /// resolves, so that ``verify()`` checks them without running it.
    /// - Throws: As ``register(_:scope:replacing:factory:)``.
    public func registerNonisolated<Service: Sendable>(
        _ type: Service.Type, scope: Scope = .shared, replacing: Bool = false, dependsOn dependencies: [Any.Type],
        factory: @escaping @Sendable (Resolver) throws -> Service
    ) throws(KitchenError) {
        try add(
            type, named: nil, scope: scope, replacing: replacing, runsOnMainActor: false, dependencies: dependencies
        ) { try factory($0) }
    }

    /// `factory` as the kitchen calls it: only on the main actor (``Registration/runsOnMainActor``).
    private func onMainActor<Service: Sendable>(
        _ factory: @escaping @MainActor (Resolver) throws -> Service
    ) -> @Sendable (Resolver) throws -> any Sendable {
        { resolver in try MainActor.assumeIsolated { () throws -> any Sendable in try factory(resolver) } }
    }

    private func add<Service: Sendable>(
        _ type: Service.Type,
        named name: String?,
        scope: Scope,
        replacing: Bool,
        runsOnMainActor: Bool,
        dependencies: [Any.Type]? = nil,
        factory: @escaping @Sendable (Resolver) throws -> any Sendable
    ) throws(KitchenError) {
        let share: @Sendable (any Sendable) -> SharedInstance?
        if scope == .weak {
            share = { made in
                guard made is Service, Swift.type(of: made) is AnyClass else { return nil }
                return SharedInstance(WeakInstance(made as AnyObject))
            }
        } else {
            share = { ($0 as? Service).map { SharedInstance($0) } }
        }
        let registration = Registration(
            type: type, serviceName: name, scope: scope, runsOnMainActor: runsOnMainActor, dependencies: dependencies,
            factory: factory, share: share)
        try add(registration, replacing: replacing)
    }

    /// Registers `facet` as another face of the instance registered for `concrete`: resolving it resolves
    /// `concrete` (one shared instance) and hands it out as `facet`.
    ///
    /// ```swift
    /// try kitchen.register(Translations.self) { _ in Translations(table: table) }
    /// try kitchen.register(facet: (any TextProviding).self, of: Translations.self) { $0 }
    /// ```
    /// - Throws: As ``register(_:scope:replacing:factory:)``.
    public func register<Facet: Sendable, Concrete: Sendable>(
        facet: Facet.Type,
        of concrete: Concrete.Type,
        replacing: Bool = false,
        _ view: @escaping @Sendable (Concrete) -> Facet
    ) throws(KitchenError) {
        let registration = Registration(
            type: facet, scope: .transient, runsOnMainActor: false, dependencies: [concrete],
            factory: { resolver in view(try resolver.resolve(concrete)) },
            share: { ($0 as? Facet).map { SharedInstance($0) } }
        )
        try add(registration, replacing: replacing)
    }

    /// Ends registration: every later registration throws ``KitchenError/sealed(_:)``.
    public func seal() {
        state.withLock { $0.isSealed = true }
    }

    /// Whether ``seal()`` was called.
    public var isSealed: Bool {
        state.withLock { $0.isSealed }
    }

    /// Whether `type` is registered, here or in a parent kitchen.
    public func isRegistered<Service>(_ type: Service.Type) -> Bool {
        lookup(ObjectIdentifier(type), named: nil) != nil
    }

    /// Whether `type` is registered under `name`, here or in a parent kitchen.
    public func isRegistered<Service>(_ type: Service.Type, named name: ServiceName<Service>) -> Bool {
        lookup(ObjectIdentifier(type), named: name.rawValue) != nil
    }

    private func add(_ registration: Registration, replacing: Bool) throws(KitchenError) {
        let key = ObjectIdentifier(registration.type)
        let outcome = state.withLock { state -> KitchenError? in
            if state.isSealed {
                return .sealed(registration.name)
            }
            if let name = registration.serviceName {
                let named = NamedKey(type: key, name: name)
                if state.named[named] != nil, !replacing {
                    return .duplicateRegistration(registration.name)
                }
                state.named[named] = registration
            } else {
                if state.registrations[key] != nil, !replacing {
                    return .duplicateRegistration(registration.name)
                }
                state.registrations[key] = registration
            }
            return nil
        }
        if let outcome {
            throw outcome
        }
    }

    static func name(of type: Any.Type) -> String {
        String(describing: type)
    }
}

/// One resolution a kitchen reported to its resolution observer: the chain of types that led to it, the last one
/// resolved, and the error when it failed.
package struct KitchenResolution: Sendable {
    /// The types, the first asked for first, the one resolved last.
    package let chain: [String]
    /// The error, `nil` when the resolution made or found its instance.
    package let failure: KitchenError?
}
