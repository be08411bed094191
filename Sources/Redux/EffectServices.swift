/// The services an effect's work reaches through ``Effect/Send/services``: those of the app's service container
/// (in a Brigade app, its `Kitchen`), with any a test replaced on top.
///
/// ```swift
/// reducers.add(effectsOn: \TeamState.self) { (state: inout TeamState, _: LoadTasks) -> Effect in
///     .run(id: TasksLoad()) { send in
///         let api = try await send.services.resolve((any TaskAPI).self)
///         await send(TasksLoaded(tasks: try await api.tasks(for: "ada")))
///     }
/// }
/// ```
///
/// A replacement (``replace(_:with:)``) wins over the provider and lives in the store only: the app's registration
/// is not touched, so a test replaces a service for itself alone. An effect gets the services of its store as they
/// were when it started.
public struct EffectServices: Sendable {
    /// Where services not replaced come from: in a Brigade app, the app's `Kitchen` (set by `BrigadeApp`); `nil` in a
    /// store of its own, where only replacements resolve.
    public var provider: (any EffectServiceProvider)?
    private var replacements: [ObjectIdentifier: any Sendable] = [:]

    /// Services from `provider`, none replaced.
    public init(_ provider: (any EffectServiceProvider)? = nil) {
        self.provider = provider
    }

    /// The service of type `type`: its replacement if there is one, otherwise the provider's.
    ///
    /// `async` because a service may have to be made on the main actor (a kitchen's main-actor factory, the default
    /// in an app target): the provider hops there for it, never blocking the effect's thread.
    ///
    /// - Throws: ``ReduxError/serviceNotProvided(_:)`` when neither has it, or the error the provider throws (a
    ///   `KitchenError` naming the chain of a kitchen's failed resolution).
    public func resolve<Service>(_ type: Service.Type = Service.self) async throws -> Service {
        if let replacement = replacements[ObjectIdentifier(type)] as? Service {
            return replacement
        }
        guard let provider else {
            throw ReduxError.serviceNotProvided(String(reflecting: type))
        }
        return try await provider.effectService(type)
    }

    /// Replaces the service of type `type` with `service` for these services alone; the provider is not changed.
    public mutating func replace<Service: Sendable>(_ type: Service.Type, with service: Service) {
        replacements[ObjectIdentifier(type)] = service
    }

    /// These services with the service of type `type` replaced by `service`.
    public func replacing<Service: Sendable>(_ type: Service.Type, with service: Service) -> EffectServices {
        var services = self
        services.replace(type, with: service)
        return services
    }

    /// Whether `type` was replaced.
    public func isReplaced<Service>(_ type: Service.Type) -> Bool {
        replacements[ObjectIdentifier(type)] != nil
    }
}

/// A service container effects resolve services from. `BrigadeComposition` makes `Kitchen` one, so the Redux component
/// needs no kitchen of its own.
public protocol EffectServiceProvider: Sendable {
    /// The service of type `type`, for an effect: made on the main actor when it must be, without blocking the
    /// calling thread.
    /// - Throws: The container's own error when it has no such service or cannot make it.
    func effectService<Service>(_ type: Service.Type) async throws -> Service
}
