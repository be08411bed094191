import BrigadeCore

/// A feature that brings services to the app's kitchen, or needs some: installed by ``KitchenFeatureObserver``.
///
/// ```swift
/// final class SpecialsFeature: KitchenFeature {
///     var requiredServices: [any KitchenRequirement] { [Requires(APIClient.self)] }
///     func registerServices(in kitchen: Kitchen) throws {
///         try kitchen.register(SpecialsService.self) { SpecialsService(client: try $0.resolve(APIClient.self)) }
///     }
/// }
/// ```
///
/// When the feature is added, its services are registered, then every requirement is resolved, so a missing
/// service is an error at start-up — naming the feature, the observer and the chain — rather than on first use.
@MainActor
public protocol KitchenFeature: Feature {
    /// The services the feature needs; resolved when it is added. None by default.
    var requiredServices: [any KitchenRequirement] { get }

    /// Registers the feature's own services. Does nothing by default.
    func registerServices(in kitchen: Kitchen) throws

    /// Called once the requirements resolved; keep what the feature needs. Does nothing by default.
    func servicesReady(in kitchen: Kitchen) throws
}

extension KitchenFeature {
    /// The feature as a kitchen feature: the kind claims `Feature`'s kind slot 0 (docs/Architecture.md, Composition).
    public var _kindSlot0: FeatureKind? { FeatureKind(self as any KitchenFeature) }

    /// None.
    public var requiredServices: [any KitchenRequirement] { [] }

    /// Does nothing.
    public func registerServices(in kitchen: Kitchen) throws {}

    /// Does nothing.
    public func servicesReady(in kitchen: Kitchen) throws {}
}

/// A service a ``KitchenFeature`` needs.
public protocol KitchenRequirement: Sendable {
    /// Resolves the service, throwing the kitchen's error when it cannot be made.
    func check(in kitchen: Kitchen) throws
}

/// Requires the service `Service`.
public struct Requires<Service>: KitchenRequirement {
    /// Requires `type`.
    public init(_ type: Service.Type) {}

    /// Resolves `Service`.
    public func check(in kitchen: Kitchen) throws {
        _ = try kitchen.resolve(Service.self)
    }
}

/// Installs ``KitchenFeature``s: registers their services, then checks their requirements.
public typealias KitchenFeatureObserver = FeatureInstaller<any KitchenFeature>

extension FeatureInstaller where Kind == any KitchenFeature {
    /// Creates the observer for `kitchen`: each kitchen feature's services are registered there, its requirements
    /// resolved, and it is told the services are ready. The kitchen's error (a sealed kitchen, a duplicate, a missing
    /// service with its chain) fails the feature's addition.
    public convenience init(kitchen: Kitchen) {
        self.init(name: "KitchenFeatureObserver", kind: { $0._kindSlot0 }) { feature in
            try feature.registerServices(in: kitchen)
            for requirement in feature.requiredServices {
                try requirement.check(in: kitchen)
            }
            try feature.servicesReady(in: kitchen)
        }
    }
}
