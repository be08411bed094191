import BrigadeReactive

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
///
/// Thread-safe. Each shared instance is made under its own once-cell; once the kitchen is sealed, resolving a
/// shared instance already made reads an immutable table without a lock (on iOS 18, macOS 15 and Linux; a lock and
/// a dictionary lookup before). A dependency cycle is an error on every thread, never a hang (``resolve(_:)``).
public final class Kitchen: Sendable {
    /// How many instances a registration makes.
    public enum Scope: Sendable {
        /// One instance, made on first use and kept.
        case shared
        /// A new instance for every resolution.
        case transient
    }

    private struct Registration: Sendable {
        let name: String
        let scope: Scope
        let factory: @Sendable (Resolver) throws -> any Sendable
        /// Wraps what `factory` made in the `Instance` of the registered type, which is what `cell` keeps; `nil` for
        /// a value that is not of that type.
        let share: @Sendable (any Sendable) -> SharedInstance?
        /// Where the shared instance of this registration is made and kept: a replacement brings a new cell, so an
        /// instance the old factory finishes afterwards is never handed out again.
        let cell: OnceCell
    }

    private struct State {
        var registrations: [ObjectIdentifier: Registration] = [:]
        var isSealed = false
    }

    private let state = Locked(State())
    /// After ``seal()``, the shared registrations in an immutable table read without a lock (``SealedTable``);
    /// `nil` where the Synchronization module is not available (before iOS 18 / macOS 15), which takes the locked
    /// path.
    /// Kept unmanaged (retained once here, released in `deinit`) so that reading it retains nothing: 17.8 ns per
    /// sealed resolve with a retained reference, 13.7 ns without (before the unchecked cast in `resolve`).
    private let sealedTable: Unmanaged<SendableObject>?

    /// Creates an empty, open kitchen.
    public init() {
        if #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) {
            sealedTable = Unmanaged<SendableObject>.passRetained(SealedTable())
        } else {
            sealedTable = nil
        }
    }

    deinit {
        sealedTable?.release()
    }

    // MARK: - Registration

    /// Registers `type` with `factory`.
    ///
    /// A replacement registered while the old factory is still making its instance wins: that instance goes only to
    /// the callers that were already waiting for it.
    ///
    /// - Parameters:
    ///   - type: The service's type; resolved by this type.
    ///   - scope: ``Scope/shared`` by default.
    ///   - replacing: Whether a registration of the same type may be replaced; `false` by default.
    ///   - factory: Makes the instance; resolves its dependencies from the resolver it is given.
    /// - Throws: ``KitchenError/sealed(_:)`` after ``seal()``, ``KitchenError/duplicateRegistration(_:)`` when the
    ///   type is registered and `replacing` is false.
    public func register<Service: Sendable>(
        _ type: Service.Type,
        scope: Scope = .shared,
        replacing: Bool = false,
        factory: @escaping @Sendable (Resolver) throws -> Service
    ) throws(KitchenError) {
        let name = Self.name(of: type)
        let registration = Registration(
            name: name, scope: scope, factory: { try factory($0) }, share: { ($0 as? Service).map(Instance.init) },
            cell: OnceCell(for: Service.self)
        )
        try add(registration, for: ObjectIdentifier(type), replacing: replacing)
    }

    /// Registers `facet` as another face of the instance registered for `concrete`: resolving it resolves
    /// `concrete` (one shared instance) and hands it out as `facet`.
    ///
    /// ```swift
    /// try kitchen.register(Sommelier.self) { _ in Sommelier(tables: tables) }
    /// try kitchen.register(facet: (any TextProviding).self, of: Sommelier.self) { $0 }
    /// ```
    /// - Throws: As ``register(_:scope:replacing:factory:)``.
    public func register<Facet: Sendable, Concrete: Sendable>(
        facet: Facet.Type,
        of concrete: Concrete.Type,
        replacing: Bool = false,
        _ view: @escaping @Sendable (Concrete) -> Facet
    ) throws(KitchenError) {
        let registration = Registration(
            name: Self.name(of: facet), scope: .transient,
            factory: { resolver in view(try resolver.resolve(concrete)) },
            share: { ($0 as? Facet).map(Instance.init) }, cell: OnceCell(for: Facet.self)
        )
        try add(registration, for: ObjectIdentifier(facet), replacing: replacing)
    }

    /// Ends registration: every later registration throws ``KitchenError/sealed(_:)``. From then on a shared
    /// instance already made is read without taking a lock.
    public func seal() {
        let shared = state.withLock { state -> [ObjectIdentifier: OnceCell]? in
            guard !state.isSealed else { return nil }
            state.isSealed = true
            return state.registrations.filter { $0.value.scope == .shared }.mapValues(\.cell)
        }
        if #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *), let shared, let sealedTable {
            sealedTable._withUnsafeGuaranteedRef { unsafeDowncast($0, to: SealedTable.self).publish(shared) }
        }
    }

    /// Whether ``seal()`` was called.
    public var isSealed: Bool {
        state.withLock { $0.isSealed }
    }

    /// Whether `type` is registered.
    public func isRegistered<Service>(_ type: Service.Type) -> Bool {
        state.withLock { $0.registrations[ObjectIdentifier(type)] != nil }
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
        // Inlined, so the casts below are to a type known where `resolve` is called: no generic metadata is looked
        // up at run time on these paths.
        let key = ObjectIdentifier(type)
        if let sealed = sealedInstance(for: key, serviceType: ObjectIdentifier(Service.self)) {
            // The slot of a registration made as `register(R.self)` only ever holds an `Instance<R>` (its
            // registration's `share` makes it), and `sealedInstance` returns it only when `R` is `Service`, so the
            // cast needs no check: 13.3 ns per resolve with `as?`, 11.2 ns without (docs/Kitchen.md, "Speed").
            return sealed._withUnsafeGuaranteedRef { unsafeDowncast($0, to: Instance<Service>.self).service }
        }
        if let made = madeInstance(for: key) as? Instance<Service> {
            return made.service
        }
        return try resolveSlowly(type)
    }

    /// The shared instance made for `key` if the kitchen is sealed and `key` was registered as `serviceType` (so the
    /// instance is an `Instance<serviceType>`), read without a lock; unretained: the sealed table keeps it as long as
    /// this kitchen lives.
    @usableFromInline
    func sealedInstance(for key: ObjectIdentifier, serviceType: ObjectIdentifier) -> Unmanaged<SendableObject>? {
        if #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *), let sealedTable {
            return sealedTable._withUnsafeGuaranteedRef {
                unsafeDowncast($0, to: SealedTable.self).instance(for: key, serviceType: serviceType)
            }
        }
        return nil
    }

    /// The shared instance made for `key`, if any, from its cell.
    @usableFromInline
    func madeInstance(for key: ObjectIdentifier) -> SendableObject? {
        guard let registration = state.withLock({ $0.registrations[key] }), registration.scope == .shared else {
            return nil
        }
        return registration.cell.instance
    }

    /// Resolves `type` as part of the resolution this thread is in: the chain of the factories running on it.
    @usableFromInline
    func resolveSlowly<Service>(_ type: Service.Type) throws(KitchenError) -> Service {
        let registration = state.withLock { $0.registrations[ObjectIdentifier(type)] }
        if let registration, registration.scope == .shared, let made = registration.cell.instance,
            let service = Self.service(of: made, as: type)
        {
            return service
        }
        let chain = ResolutionChain.current
        let link = Link(
            registration: registration.map { ObjectIdentifier($0.cell) },
            name: registration?.name ?? Self.name(of: type)
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
        guard let service = Self.service(of: made, as: type) else {
            let kept = made.anyService
            throw .factoryFailed(chain: path.map(\.name), underlying: "the factory made a \(Swift.type(of: kept))")
        }
        return service
    }

    /// The service `made` keeps, as a `Service`: the registered type may differ from the one asked for (a
    /// registration or resolution through a superclass metatype).
    private static func service<Service>(of made: SharedInstance, as type: Service.Type) -> Service? {
        if let made = made as? Instance<Service> {
            return made.service
        }
        return made.anyService as? Service
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
    @usableFromInline
    struct Link: Sendable {
        /// The registration's once-cell, which only it has; `nil` for a type that is not registered.
        let registration: ObjectIdentifier?
        /// The type's name, for errors.
        let name: String
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

    private static func name(of type: Any.Type) -> String {
        String(describing: type)
    }
}

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

    fileprivate init(kitchen: Kitchen) {
        self.kitchen = kitchen
    }

    /// Resolves a dependency; see ``Kitchen/resolve(_:)``.
    /// - Throws: What ``Kitchen/resolve(_:)`` throws, or ``KitchenError/kitchenReleased(_:)`` when the resolver's
    ///   kitchen was released.
    public func resolve<Service>(_ type: Service.Type = Service.self) throws(KitchenError) -> Service {
        guard let kitchen else { throw .kitchenReleased("\(Service.self)") }
        return try kitchen.resolve(type)
    }
}

/// Errors of the kitchen, naming the chain of types that led to them.
public enum KitchenError: Error, Equatable, CustomStringConvertible {
    /// A type in the chain is not registered.
    case notRegistered(chain: [String])
    /// Resolving the chain came back to a registration already being made: on this thread, or by a thread that waits,
    /// directly or through others, for this one. The chain runs from the first type asked for round the cycle.
    case cycle(chain: [String])
    /// A factory threw, or made a value of the wrong type.
    case factoryFailed(chain: [String], underlying: String)
    /// The type is already registered and the registration does not say it replaces it.
    case duplicateRegistration(String)
    /// The kitchen is sealed; nothing more can be registered.
    case sealed(String)
    /// A resolver kept past its factory was used after its kitchen was released; carries the type asked for.
    case kitchenReleased(String)

    /// What went wrong: `ImageCache -> APIClient -> Configuration (not registered)`.
    public var description: String {
        switch self {
        case .notRegistered(let chain):
            return chain.joined(separator: " -> ") + " (not registered)"
        case .cycle(let chain):
            return chain.joined(separator: " -> ") + " (cycle)"
        case .factoryFailed(let chain, let underlying):
            return chain.joined(separator: " -> ") + " (factory failed: \(underlying))"
        case .duplicateRegistration(let name):
            return "\(name) is already registered; pass replacing: true to replace it"
        case .sealed(let name):
            return "the kitchen is sealed; \(name) cannot be registered"
        case .kitchenReleased(let name):
            return
                "cannot resolve \(name): the resolver's kitchen was released (keep the kitchen while its services run)"
        }
    }
}
