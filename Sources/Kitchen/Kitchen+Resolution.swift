import BrigadeLocking

extension Kitchen {
    /// The instance of `type`: the shared one (made now if it is the first use), the current session's, or a new
    /// transient one; from this kitchen's registrations, else its parent's.
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
    /// - Throws: ``KitchenError/notRegistered(chain:)``, ``KitchenError/cycle(chain:)``,
    ///   ``KitchenError/factoryFailed(chain:underlying:)`` or ``KitchenError/captiveDependency(chain:)``, each naming
    ///   the chain of types that led there.
    @inlinable
    public func resolve<Service>(_ type: Service.Type = Service.self) throws(KitchenError) -> Service {
        // Inlined, so that the cast is to a type known where `resolve` is called: unspecialized, it looked up the
        // metadata of `Service?` at run time on every call (270 ns per resolve of a made instance instead of 30).
        // The registered type may differ from the one asked for (a registration or resolution through a superclass
        // metatype): the cast decides.
        if Kitchen._overridesActive, let service = try _overridden(type) {
            return service
        }
        if let service = _madeInstance(for: ObjectIdentifier(type)) as? Service {
            return service
        }
        return try _resolveSlowly(type, named: nil)
    }

    /// The instance of `type` registered under `name`; as ``resolve(_:)``.
    /// - Throws: As ``resolve(_:)``; ``KitchenError/notRegistered(chain:)`` when nothing is registered under `name`,
    ///   whatever is registered without it.
    public func resolve<Service>(_ type: Service.Type, named name: ServiceName<Service>) throws(KitchenError) -> Service
    {
        try _resolveSlowly(type, named: name.rawValue)
    }

    /// The instance of `type` when it is registered (here or in a parent), `nil` when it is not: for a service a
    /// feature may or may not provide.
    ///
    /// ```swift
    /// let analytics = try kitchen.resolveIfRegistered(Analytics.self)  // nil in a build without analytics
    /// ```
    /// - Throws: What ``resolve(_:)`` throws for a registered type: a failing factory, or a missing dependency of
    ///   it, is an error, not `nil`.
    public func resolveIfRegistered<Service>(_ type: Service.Type = Service.self) throws(KitchenError) -> Service? {
        if Kitchen._overridesActive, let service = try _overridden(type) {
            return service
        }
        guard isRegistered(type) else { return nil }
        return try resolve(type)
    }

    /// The instance of `type`, as the kitchen keeps it (a `Sendable` value, whatever `Service` is), so that it can be
    /// handed from the main actor to an effect that asked for it elsewhere.
    /// - Throws: As ``resolve(_:)``.
    package func resolveSendable<Service>(_ type: Service.Type) throws(KitchenError) -> any Sendable {
        let key = ObjectIdentifier(type)
        if let (registration, _) = lookup(key, named: nil), registration.scope == .transient {
            let link = Link(
                registration: ObjectIdentifier(registration.cell), type: registration.type, scope: .transient)
            return try make(with: registration, path: ResolutionChain.current + [link], in: self)
        }
        let service = try resolve(type)
        guard let made = _madeInstance(for: key) else {
            throw .factoryFailed(chain: [Kitchen.name(of: type)], underlying: "made \(Swift.type(of: service))")
        }
        return made
    }

    /// The instance made for the shared or session registration of `key`, if there is one and it is made.
    ///
    /// The fast path of ``resolve(_:)``: it walks the parents itself rather than through ``lookup(_:named:)``, whose
    /// tuple of the registration and its kitchen (retained and released on every call) took a made resolve from 74
    /// to 119 ns.
    @usableFromInline
    func _madeInstance(for key: ObjectIdentifier) -> (any Sendable)? {
        guard let registration = state.withLock({ $0.registrations[key] }) else {
            return parent?._madeInstance(for: key)
        }
        switch registration.scope {
        case .shared: return registration.cell.instance?.service
        case .session: return registration.currentCell.instance?.service
        case .transient, .weak: return nil  // a weak instance is read as its type, on the slow path
        }
    }

    /// The registration of `key` (under `name`, if given) and the kitchen it belongs to: this one's, else the
    /// nearest parent's.
    func lookup(_ key: ObjectIdentifier, named name: String?) -> (Registration, Kitchen)? {
        var kitchen: Kitchen? = self
        while let current = kitchen {
            let found = current.state.withLock { state in
                name.map { state.named[NamedKey(type: key, name: $0)] } ?? state.registrations[key]
            }
            if let found {
                return (found, current)
            }
            kitchen = current.parent
        }
        return nil
    }

    /// Tells `observer` about every later resolution that does not find a made shared instance (a first use, a
    /// transient instance, a failure), with its chain, on the resolving thread; `nil` stops. A made shared instance
    /// is not reported: it costs what it cost before. A child kitchen reports to its parent's observer.
    package func observeResolutions(_ observer: (@Sendable (KitchenResolution) -> Void)?) {
        state.withLock { $0.resolutionObserver = observer }
    }

    /// The resolution observer of this kitchen, else of the nearest parent that has one.
    private var resolutionObserver: (@Sendable (KitchenResolution) -> Void)? {
        state.withLock { $0.resolutionObserver } ?? parent?.resolutionObserver
    }

    /// Resolves `type` as part of the resolution this thread is in, telling the resolution observer, if any.
    @usableFromInline
    func _resolveSlowly<Service>(_ type: Service.Type, named name: String?) throws(KitchenError) -> Service {
        guard let observer = resolutionObserver else {
            return try resolveInChain(type, named: name)
        }
        let chain = ResolutionChain.current.map(\.name) + [Kitchen.label(of: type, named: name)]
        do {
            let service = try resolveInChain(type, named: name)
            observer(KitchenResolution(chain: chain, failure: nil))
            return service
        } catch {
            observer(KitchenResolution(chain: chain, failure: error))
            throw error
        }
    }

    /// Resolves `type` as part of the resolution this thread is in: the chain of the factories running on it.
    private func resolveInChain<Service>(_ type: Service.Type, named name: String?) throws(KitchenError) -> Service {
        let found = lookup(ObjectIdentifier(type), named: name)
        if let (registration, _) = found, registration.scope != .transient,
            let service = registration.made(as: Service.self)
        {
            return service
        }
        let chain = ResolutionChain.current
        let link = Link(
            registration: found.map { ObjectIdentifier($0.0.cell) },
            type: found?.0.type ?? type, serviceName: name, scope: found?.0.scope,
            declared: found?.0.dependencies?.map { ObjectIdentifier($0) }
        )
        let path = chain + [link]
        #if DEBUG
        // A debug build holds a declaration to what the factory does: `verify()` trusts it.
        if let maker = chain.last, let declared = maker.declared, !declared.contains(ObjectIdentifier(type)) {
            throw .undeclaredDependency(chain: path.map(\.name))
        }
        #endif
        guard let (registration, owner) = found else {
            throw .notRegistered(chain: path.map(\.name))
        }
        if chain.contains(where: { $0.registration == link.registration }) {
            throw .cycle(chain: path.map(\.name))
        }
        // A shared instance made with a session service would keep the signed-out user's after a reset.
        if registration.scope == .session, chain.contains(where: { $0.scope == .shared }) {
            throw .captiveDependency(chain: path.map(\.name))
        }
        if registration.scope == .transient {
            return try make(type, with: registration, path: path, in: self)
        }
        // A shared or session instance is made by the kitchen it is registered in, with that kitchen's
        // registrations: it is the one instance of that kitchen and its children.
        var cell = registration.currentCell
        while true {
            // What this thread's factory made, held strongly: a weak registration's cell keeps it only weakly.
            var madeHere: (any Sendable)?
            let made = try cell.value(for: path) { () throws(KitchenError) -> SharedInstance in
                let made = try make(with: registration, path: path, in: owner)
                guard let instance = registration.share(made) else {
                    let reason =
                        registration.scope == .weak
                        ? "a weak-scoped service must be a class; it made a \(Swift.type(of: made))"
                        : "the factory made a \(Swift.type(of: made))"
                    throw .factoryFailed(chain: path.map(\.name), underlying: reason)
                }
                madeHere = made
                return instance
            }
            let current = registration.currentCell
            guard current === cell else {
                // The session was reset while this instance was made or awaited: it belongs to the old session.
                cell = current
                continue
            }
            if registration.scope == .weak, madeHere == nil {
                guard let service = (made.service as? WeakInstance)?.object as? Service else {
                    // The instance another thread made for this cell is gone already: make a new one.
                    registration.renew(cell)
                    cell = registration.currentCell
                    continue
                }
                return service
            }
            let service = madeHere ?? made.service
            guard let service = service as? Service else {
                throw .factoryFailed(
                    chain: path.map(\.name), underlying: "the factory made a \(Swift.type(of: service))")
            }
            return service
        }
    }

    private func make<Service>(
        _ type: Service.Type,
        with registration: Registration,
        path: [Link],
        in kitchen: Kitchen
    ) throws(KitchenError) -> Service {
        let made = try make(with: registration, path: path, in: kitchen)
        guard let service = made as? Service else {
            throw .factoryFailed(chain: path.map(\.name), underlying: "the factory made a \(Swift.type(of: made))")
        }
        return service
    }

    /// Runs `registration`'s factory with a resolver of `kitchen`.
    private func make(
        with registration: Registration, path: [Link], in kitchen: Kitchen
    ) throws(KitchenError) -> any Sendable {
        if registration.runsOnMainActor, !MainThread.isCurrent {
            throw .requiresMainActor(chain: path.map(\.name))
        }
        let made: any Sendable
        do {
            made = try ResolutionChain.making(path) {
                try registration.factory(Resolver(kitchen: kitchen))
            }
        } catch let error as KitchenError {
            throw error
        } catch {
            throw .factoryFailed(chain: path.map(\.name), underlying: "\(error)")
        }
        return made
    }
}
