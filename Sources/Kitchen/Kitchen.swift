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
///   threads race for it; ``Scope/transient`` makes a new one per resolution.
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
    }

    /// One registration: how to make its instances and, for a shared one, where its instance is kept.
    final class Registration: Sendable {
        /// The registered type; its name is made only for an error (a type name costs a conformance lookup per new
        /// type, tens of microseconds, which a launch with many services would pay for every registration).
        let type: Any.Type
        let scope: Scope
        /// Whether `factory` must run on the main actor (it is called only there).
        let runsOnMainActor: Bool
        let factory: @Sendable (Resolver) throws -> any Sendable
        /// Wraps what `factory` made in the ``SharedInstance`` that `cell` keeps; `nil` for a value that is not of the
        /// registered type.
        let share: @Sendable (any Sendable) -> SharedInstance?
        /// The registered type's name, for errors.
        var name: String { Kitchen.name(of: type) }
        /// Where the shared instance of this registration is made and kept: a replacement brings a new cell, so an
        /// instance the old factory finishes afterwards is never handed out again.
        let cell = OnceCell()

        init(
            type: Any.Type,
            scope: Scope,
            runsOnMainActor: Bool,
            factory: @escaping @Sendable (Resolver) throws -> any Sendable,
            share: @escaping @Sendable (any Sendable) -> SharedInstance?
        ) {
            self.type = type
            self.scope = scope
            self.runsOnMainActor = runsOnMainActor
            self.factory = factory
            self.share = share
        }
    }

    private struct State {
        var registrations: [ObjectIdentifier: Registration] = [:]
        var isSealed = false
        /// Told about every resolution that is not a made shared instance: for the inspector.
        var resolutionObserver: (@Sendable (KitchenResolution) -> Void)?
    }

    private let state = Locked(State())

    /// Creates an empty, open kitchen.
    public init() {}

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
        try add(type, scope: scope, replacing: replacing, runsOnMainActor: true) { resolver in
            try MainActor.assumeIsolated { () throws -> any Sendable in try factory(resolver) }
        }
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
        try add(type, scope: scope, replacing: replacing, runsOnMainActor: false) { try factory($0) }
    }

    /// Adds the registration of `type` made by `factory`, which runs on the main actor only when `runsOnMainActor`.
    private func add<Service: Sendable>(
        _ type: Service.Type,
        scope: Scope,
        replacing: Bool,
        runsOnMainActor: Bool,
        factory: @escaping @Sendable (Resolver) throws -> any Sendable
    ) throws(KitchenError) {
        let registration = Registration(
            type: type, scope: scope, runsOnMainActor: runsOnMainActor, factory: factory,
            share: { ($0 as? Service).map { SharedInstance($0) } }
        )
        try add(registration, for: ObjectIdentifier(type), replacing: replacing)
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
            type: facet, scope: .transient, runsOnMainActor: false,
            factory: { resolver in view(try resolver.resolve(concrete)) },
            share: { ($0 as? Facet).map { SharedInstance($0) } }
        )
        try add(registration, for: ObjectIdentifier(facet), replacing: replacing)
    }

    /// Ends registration: every later registration throws ``KitchenError/sealed(_:)``.
    public func seal() {
        state.withLock { $0.isSealed = true }
    }

    /// Whether ``seal()`` was called.
    public var isSealed: Bool {
        state.withLock { $0.isSealed }
    }

    /// Whether `type` is registered.
    public func isRegistered<Service>(_ type: Service.Type) -> Bool {
        registration(for: ObjectIdentifier(type)) != nil
    }

    // MARK: - Resolution

    /// The instance of `type`: the shared one (made now if it is the first use), or a new transient one.
    ///
    /// Each shared instance is made under its own once-cell: a factory blocks only the callers of its own service,
    /// and two threads racing for one service get the one instance, made once.
    ///
    /// A cycle is ``KitchenError/cycle(chain:)`` on every thread, never a wait that does not end: a factory that
    /// resolves, through its resolver or a captured kitchen, a registration being made on its own thread; and a
    /// thread that would wait for a shared instance whose maker is itself waiting, directly or through other
    /// threads, for an instance this thread is making (two services that need each other, resolved at the same
    /// moment from two threads). Only a real cycle is one: a chain is the registrations being made on one thread, so
    /// the same type from another kitchen, or a resolver kept past its factory and used later, is no cycle.
    /// - Throws: ``KitchenError/notRegistered(chain:)``, ``KitchenError/cycle(chain:)`` or
    ///   ``KitchenError/factoryFailed(chain:underlying:)``, each naming the chain of types that led there.
    @inlinable
    public func resolve<Service>(_ type: Service.Type = Service.self) throws(KitchenError) -> Service {
        // Inlined, so that the cast is to a type known where `resolve` is called: unspecialized, it looked up the
        // metadata of `Service?` at run time on every call (270 ns per resolve of a made instance instead of 30).
        // The registered type may differ from the one asked for (a registration or resolution through a superclass
        // metatype): the cast decides.
        if let service = _madeInstance(for: ObjectIdentifier(type)) as? Service {
            return service
        }
        return try _resolveSlowly(type)
    }

    /// The instance of `type`, as the kitchen keeps it (a `Sendable` value, whatever `Service` is), so that it can be
    /// handed from the main actor to an effect that asked for it elsewhere.
    /// - Throws: As ``resolve(_:)``.
    package func resolveSendable<Service>(_ type: Service.Type) throws(KitchenError) -> any Sendable {
        let key = ObjectIdentifier(type)
        if let registration = registration(for: key), registration.scope == .transient {
            let link = Link(registration: ObjectIdentifier(registration.cell), type: registration.type)
            return try make(with: registration, path: ResolutionChain.current + [link])
        }
        let service = try resolve(type)
        guard let made = _madeInstance(for: key) else {
            throw .factoryFailed(chain: [Kitchen.name(of: type)], underlying: "made \(Swift.type(of: service))")
        }
        return made
    }

    /// The instance made for the shared registration of `key`, if there is one and it is made.
    @usableFromInline
    func _madeInstance(for key: ObjectIdentifier) -> (any Sendable)? {
        guard let registration = registration(for: key), registration.scope == .shared else { return nil }
        return registration.cell.instance?.service
    }

    /// The registration of `key`.
    private func registration(for key: ObjectIdentifier) -> Registration? {
        state.withLock { $0.registrations[key] }
    }

    /// Tells `observer` about every later resolution that does not find a made shared instance (a first use, a
    /// transient instance, a failure), with its chain, on the resolving thread; `nil` stops. A made shared instance
    /// is not reported: it costs what it cost before.
    package func observeResolutions(_ observer: (@Sendable (KitchenResolution) -> Void)?) {
        state.withLock { $0.resolutionObserver = observer }
    }

    /// Resolves `type` as part of the resolution this thread is in, telling the resolution observer, if any.
    @usableFromInline
    func _resolveSlowly<Service>(_ type: Service.Type) throws(KitchenError) -> Service {
        guard let observer = state.withLock({ $0.resolutionObserver }) else {
            return try resolveInChain(type)
        }
        let chain = ResolutionChain.current.map(\.name) + [Kitchen.name(of: type)]
        do {
            let service = try resolveInChain(type)
            observer(KitchenResolution(chain: chain, failure: nil))
            return service
        } catch {
            observer(KitchenResolution(chain: chain, failure: error))
            throw error
        }
    }

    /// Resolves `type` as part of the resolution this thread is in: the chain of the factories running on it.
    private func resolveInChain<Service>(_ type: Service.Type) throws(KitchenError) -> Service {
        let registration = registration(for: ObjectIdentifier(type))
        if let registration, registration.scope == .shared,
            let service = registration.cell.instance?.service as? Service
        {
            return service
        }
        let chain = ResolutionChain.current
        let link = Link(
            registration: registration.map { ObjectIdentifier($0.cell) },
            type: registration?.type ?? type
        )
        let path = chain + [link]
        guard let registration else {
            throw .notRegistered(chain: path.map(\.name))
        }
        if chain.contains(where: { $0.registration == link.registration }) {
            throw .cycle(chain: path.map(\.name))
        }
        if registration.scope == .transient {
            return try make(type, with: registration, path: path)
        }
        let made = try registration.cell.value(for: path) { () throws(KitchenError) -> SharedInstance in
            let made = try make(with: registration, path: path)
            guard let instance = registration.share(made) else {
                throw .factoryFailed(chain: path.map(\.name), underlying: "the factory made a \(Swift.type(of: made))")
            }
            return instance
        }
        guard let service = made.service as? Service else {
            throw .factoryFailed(
                chain: path.map(\.name), underlying: "the factory made a \(Swift.type(of: made.service))")
        }
        return service
    }

    private func make<Service>(
        _ type: Service.Type,
        with registration: Registration,
        path: [Link]
    ) throws(KitchenError) -> Service {
        let made = try make(with: registration, path: path)
        guard let service = made as? Service else {
            throw .factoryFailed(chain: path.map(\.name), underlying: "the factory made a \(Swift.type(of: made))")
        }
        return service
    }

    private func make(with registration: Registration, path: [Link]) throws(KitchenError) -> any Sendable {
        if registration.runsOnMainActor, !MainThread.isCurrent {
            throw .requiresMainActor(chain: path.map(\.name))
        }
        let made: any Sendable
        do {
            made = try ResolutionChain.making(path) {
                try registration.factory(Resolver(kitchen: self))
            }
        } catch let error as KitchenError {
            throw error
        } catch {
            throw .factoryFailed(chain: path.map(\.name), underlying: "\(error)")
        }
        return made
    }

    /// One registration in a chain of resolutions: two links are the same registration only when they are the
    /// same registration of the same kitchen, whatever their types.
    struct Link: Sendable {
        /// The registration's once-cell, which only it has; `nil` for a type that is not registered.
        let registration: ObjectIdentifier?
        /// The type resolved; its name is made only for an error.
        let type: Any.Type
        /// The type's name, for errors.
        var name: String { Kitchen.name(of: type) }
    }

    private func add(_ registration: Registration, for key: ObjectIdentifier, replacing: Bool) throws(KitchenError) {
        let outcome = state.withLock { state -> KitchenError? in
            if state.isSealed {
                return .sealed(registration.name)
            }
            if state.registrations[key] != nil, !replacing {
                return .duplicateRegistration(registration.name)
            }
            state.registrations[key] = registration
            return nil
        }
        if let outcome {
            throw outcome
        }
    }

    fileprivate static func name(of type: Any.Type) -> String {
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
