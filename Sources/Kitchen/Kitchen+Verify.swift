extension Kitchen {
    /// Registers `type`, made by `initializer` from its dependencies, each resolved by its type: the kitchen knows
    /// the dependencies without running anything, so ``verify()`` checks them. The initializer runs on the main
    /// actor, as ``register(_:scope:replacing:factory:)``'s factory does.
    ///
    /// ```swift
    /// struct Profile { init(client: APIClient, database: UserDatabase) { ... } }
    /// try kitchen.autoregister(Profile.self, initializer: Profile.init)
    /// ```
    /// - Throws: As ``register(_:scope:replacing:factory:)``.
    public func autoregister<Service: Sendable, each Dependency>(
        _ type: Service.Type,
        scope: Scope = .shared,
        replacing: Bool = false,
        initializer: @escaping @MainActor (repeat each Dependency) throws -> Service
    ) throws(KitchenError) {
        let dependencies = Self.types(repeat (each Dependency).self)
        try register(type, scope: scope, replacing: replacing, dependsOn: dependencies) { resolver in
            try initializer(repeat try resolver.resolve((each Dependency).self))
        }
    }

    /// Registers `type` as ``autoregister(_:scope:replacing:initializer:)`` does, with an initializer that runs on
    /// whichever thread resolves the service first (as ``registerNonisolated(_:scope:replacing:factory:)``).
    /// - Throws: As ``register(_:scope:replacing:factory:)``.
    public func autoregisterNonisolated<Service: Sendable, each Dependency>(
        _ type: Service.Type,
        scope: Scope = .shared,
        replacing: Bool = false,
        initializer: @escaping @Sendable (repeat each Dependency) throws -> Service
    ) throws(KitchenError) {
        let dependencies = Self.types(repeat (each Dependency).self)
        try registerNonisolated(type, scope: scope, replacing: replacing, dependsOn: dependencies) { resolver in
            try initializer(repeat try resolver.resolve((each Dependency).self))
        }
    }

    /// The types of a parameter pack, in order: an initializer's dependencies.
    private static func types<each Dependency>(_ types: repeat (each Dependency).Type) -> [Any.Type] {
        var all: [Any.Type] = []
        repeat all.append(each types)
        return all
    }

    /// Checks the whole graph this kitchen resolves from (its registrations and its parents') before anything is
    /// made, running no factory: no file is opened, no request sent. Every problem is reported at once, each with
    /// its chain: a declared dependency that is not registered (a facet of an unregistered type among them), a cycle
    /// of declared dependencies, and a shared service that depends on a session one.
    ///
    /// ```swift
    /// #if DEBUG
    /// try kitchen.verify()  // at launch, before the first screen
    /// #endif
    /// ```
    ///
    /// A registration declares its dependencies when it is made with ``autoregister(_:scope:replacing:initializer:)``
    /// (the initializer's parameter types), with `dependsOn:`, or with ``register(facet:of:replacing:_:)``; any other
    /// factory closure may resolve anything, so its registration is listed in ``KitchenVerification/undeclared`` and
    /// not looked into.
    /// - Returns: What was checked.
    /// - Throws: ``KitchenError/invalidGraph(problems:)`` with every problem found, in registration-name order.
    @discardableResult
    public func verify() throws(KitchenError) -> KitchenVerification {
        var registrations: [ObjectIdentifier: Registration] = [:]
        var named: [NamedKey: Registration] = [:]
        var kitchen: Kitchen? = self
        while let current = kitchen {
            // The nearest kitchen's registration of a type wins, as in a resolution.
            let (own, ownNamed) = current.state.withLock { ($0.registrations, $0.named) }
            for (key, registration) in own where registrations[key] == nil {
                registrations[key] = registration
            }
            for (key, registration) in ownNamed where named[key] == nil {
                named[key] = registration
            }
            kitchen = current.parent
        }
        // A named registration's dependencies are checked too; nothing depends on it by its type alone.
        let all = Array(registrations.values) + Array(named.values)
        // Type names cost tens of microseconds each (a generic type's is demangled): a sound graph makes none but
        // those of the undeclared registrations it lists, and a graph with problems is walked again in name order,
        // so that the same graph reports the same problems.
        guard Self.hasProblems(all, registrations: registrations) else {
            return KitchenVerification(
                checked: all.count { $0.dependencies != nil },
                undeclared: all.filter { $0.dependencies == nil }.map(\.name).sorted())
        }
        let sorted = all.sorted { $0.name < $1.name }
        var problems: [KitchenError] = []
        for registration in sorted {
            for dependency in registration.dependencies ?? [] {
                guard let found = registrations[ObjectIdentifier(dependency)] else {
                    problems.append(.notRegistered(chain: [registration.name, Kitchen.name(of: dependency)]))
                    continue
                }
                if registration.scope == .shared, found.scope == .session {
                    problems.append(.captiveDependency(chain: [registration.name, found.name]))
                }
            }
        }
        problems += Self.cycles(in: sorted, registrations: registrations).map { .cycle(chain: $0.map(\.name)) }
        throw .invalidGraph(problems: problems)
    }

    /// Whether any declared dependency is missing, any shared service depends on a session one, or any cycle is
    /// declared; no type name is made.
    private static func hasProblems(
        _ all: [Registration], registrations: [ObjectIdentifier: Registration]
    ) -> Bool {
        for registration in all {
            for dependency in registration.dependencies ?? [] {
                guard let found = registrations[ObjectIdentifier(dependency)] else { return true }
                if registration.scope == .shared, found.scope == .session {
                    return true
                }
            }
        }
        return !cycles(in: all, registrations: registrations).isEmpty
    }

    /// Each cycle of declared dependencies once, from where the walk of `order` met it round to it again. The walk
    /// keeps its own stack: a chain of any length is no deeper a call.
    private static func cycles(
        in order: [Registration], registrations: [ObjectIdentifier: Registration]
    ) -> [[Registration]] {
        enum Mark { case visiting, done }
        var marks: [ObjectIdentifier: Mark] = [:]
        var found: [[Registration]] = []
        for root in order where marks[ObjectIdentifier(root)] == nil {
            // The path being walked, each with the index of its next dependency to visit.
            var path: [(registration: Registration, next: Int)] = [(root, 0)]
            marks[ObjectIdentifier(root)] = .visiting
            while let (registration, next) = path.last {
                let dependencies = registration.dependencies ?? []
                guard next < dependencies.count else {
                    marks[ObjectIdentifier(registration)] = .done
                    path.removeLast()
                    continue
                }
                path[path.count - 1].next += 1
                guard let dependency = registrations[ObjectIdentifier(dependencies[next])] else { continue }
                switch marks[ObjectIdentifier(dependency)] {
                case .done:
                    continue
                case .visiting:
                    if let start = path.firstIndex(where: { $0.registration === dependency }) {
                        found.append(path[start...].map(\.registration) + [dependency])
                    }
                case nil:
                    marks[ObjectIdentifier(dependency)] = .visiting
                    path.append((dependency, 0))
                }
            }
        }
        return found
    }
}

/// What ``Kitchen/verify()`` checked.
public struct KitchenVerification: Hashable, Sendable {
    /// How many registrations declare their dependencies, and were checked.
    public let checked: Int
    /// The registrations made by a factory closure, whose dependencies the kitchen cannot see: not checked. Make them
    /// with `autoregister` to have them checked.
    public let undeclared: [String]

    package init(checked: Int, undeclared: [String]) {
        self.checked = checked
        self.undeclared = undeclared
    }
}
