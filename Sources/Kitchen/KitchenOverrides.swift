import BrigadeLocking

/// Services replaced for one piece of work (a test, say) and everything it starts, in every kitchen: what a test
/// swaps without touching a kitchen other tests share, so tests running in parallel never see each other's doubles.
///
/// ```swift
/// var overrides = KitchenOverrides()
/// overrides.replace(APIClient.self) { _ in APIClient(baseURL: stubServer) }
/// try await overrides.apply {
///     try await model.load()  // its kitchen hands out the stub, here and in the tasks and effects it starts
/// }
/// ```
///
/// Swift Testing: BrigadeTesting's `.overriding(_:with:)` trait applies them to a test or a suite.
///
/// - An override is seen by every resolution made inside ``apply(_:)``: on its task, in its child tasks and in the
///   unstructured tasks it creates (`Task {}`, a store's effects), which inherit it; a detached task and other tests
///   do not see it. Nested `apply` calls layer: the inner replacements win, the outer ones stay.
/// - Each replacement makes one instance per `apply`, on its first resolution. Its factory gets a resolver of the
///   kitchen asked and sees the overrides outside this `apply` only, so it may resolve the real service it wraps.
/// - Outside any `apply`, a resolution checks one atomic count and pays nothing else.
public struct KitchenOverrides: Sendable {
    /// The replacements, by type.
    var factories: [ObjectIdentifier: @Sendable (Resolver) throws -> any Sendable] = [:]

    /// No replacement.
    public init() {}

    /// Replaces `type`: inside ``apply(_:)``, resolving it (from any kitchen) gets what `factory` makes, once per
    /// `apply`.
    public mutating func replace<Service: Sendable>(
        _ type: Service.Type, with factory: @escaping @Sendable (Resolver) throws -> Service
    ) {
        factories[ObjectIdentifier(type)] = { try factory($0) }
    }

    /// These overrides with `type` replaced too.
    public func replacing<Service: Sendable>(
        _ type: Service.Type, with factory: @escaping @Sendable (Resolver) throws -> Service
    ) -> KitchenOverrides {
        var copy = self
        copy.replace(type, with: factory)
        return copy
    }

    /// Runs `operation` with these overrides in force for it and the tasks it starts.
    /// - Returns: What `operation` returns.
    /// - Throws: What `operation` throws.
    public func apply<Result>(
        isolation: isolated (any Actor)? = #isolation, _ operation: () async throws -> Result
    ) async rethrows -> Result {
        let scope = OverrideScope(self, over: OverrideScope.enclosing)
        OverrideScope.active.enter()
        defer { OverrideScope.active.leave() }
        return try await OverrideScope.$current.withValue(scope, operation: operation, isolation: isolation)
    }

    /// Makes these overrides in force for every resolution of this process from now on, under any `apply`: for a
    /// SwiftUI preview, which runs in a process of its own and resolves its services while the canvas draws, after
    /// the preview's code returned. Each call replaces the previous one.
    ///
    /// ```swift
    /// #Preview {
    ///     let _ = KitchenOverrides().replacing(APIClient.self) { _ in .preview }.installForPreviews()
    ///     MenuView(model: MenuModel(kitchen: previewKitchen))
    /// }
    /// ```
    ///
    /// Never in a test: every test of the process would see them. A test uses ``apply(_:)`` or BrigadeTesting's
    /// `.overriding` trait.
    public func installForPreviews() {
        let scope = OverrideScope(self, over: nil)
        let first = OverrideScope.processWide.withLock { installed in
            defer { installed = scope }
            return installed == nil
        }
        if first {
            OverrideScope.active.enter()  // for the rest of the process
        }
    }

    /// Runs the synchronous `operation` with these overrides in force for it (and the tasks it starts).
    /// - Returns: What `operation` returns.
    /// - Throws: What `operation` throws.
    public func apply<Result>(_ operation: () throws -> Result) rethrows -> Result {
        let scope = OverrideScope(self, over: OverrideScope.enclosing)
        OverrideScope.active.enter()
        defer { OverrideScope.active.leave() }
        return try OverrideScope.$current.withValue(scope, operation: operation)
    }
}

/// One `apply` of ``KitchenOverrides``: its replacements, and the instances they made.
final class OverrideScope: Sendable {
    /// The scope of the running task, if any.
    @TaskLocal static var current: OverrideScope?

    /// The overrides installed for the whole process (``KitchenOverrides/installForPreviews()``), under every task's.
    static let processWide = Locked<OverrideScope?>(nil)

    /// The scope a new one goes over: the running task's, else the process's.
    static var enclosing: OverrideScope? {
        current ?? processWide.withLock { $0 }
    }

    /// How many scopes are applied now, in any task: a resolution outside all of them checks this count only.
    static let active = ActiveScopes()

    private let factories: [ObjectIdentifier: @Sendable (Resolver) throws -> any Sendable]
    private let outer: OverrideScope?
    /// The instances made, by type: one per scope.
    private let made = Locked<[ObjectIdentifier: any Sendable]>([:])

    init(_ overrides: KitchenOverrides, over outer: OverrideScope?) {
        factories = overrides.factories
        self.outer = outer
    }

    /// The replacement of `key` in this scope or an outer one, made now if it is the first resolution; `nil` when
    /// `key` is not replaced.
    func instance(for key: ObjectIdentifier, in kitchen: Kitchen) throws(KitchenError) -> (any Sendable)? {
        guard let factory = factories[key] else {
            return try outer?.instance(for: key, in: kitchen)
        }
        if let instance = made.withLock({ $0[key] }) {
            return instance
        }
        let instance: any Sendable
        do {
            // The factory sees the overrides outside this scope, not these: it may resolve the service it replaces.
            instance = try OverrideScope.$current.withValue(outer) { try factory(Resolver(kitchen: kitchen)) }
        } catch let error as KitchenError {
            throw error
        } catch {
            throw .factoryFailed(chain: ["override"], underlying: "\(error)")
        }
        // Two threads that made one at once: the first kept is every caller's.
        return made.withLock { made in
            if let kept = made[key] {
                return kept
            }
            made[key] = instance
            return instance
        }
    }
}

/// The number of override scopes applied now, read with one atomic load.
final class ActiveScopes: Sendable {
    private let count = Locked(0)
    private let mirror = AtomicCount.make()

    /// Whether any scope is applied.
    var any: Bool { mirror.load() > 0 }

    func enter() {
        count.withLock {
            $0 += 1
            mirror.store($0)
        }
    }

    func leave() {
        count.withLock {
            $0 -= 1
            mirror.store($0)
        }
    }
}

extension Kitchen {
    /// Whether an override scope is applied anywhere (one atomic load): the fast path of ``resolve(_:)``.
    @usableFromInline
    static var _overridesActive: Bool { OverrideScope.active.any }

    /// The running task's replacement of `type`, if it has one.
    @usableFromInline
    func _overridden<Service>(_ type: Service.Type) throws(KitchenError) -> Service? {
        guard let scope = OverrideScope.enclosing,
            let instance = try scope.instance(for: ObjectIdentifier(type), in: self)
        else { return nil }
        guard let service = instance as? Service else {
            throw .factoryFailed(
                chain: [Kitchen.name(of: type)], underlying: "the override made a \(Swift.type(of: instance))")
        }
        return service
    }
}
