import BrigadeKitchen
import BrigadeRedux

/// A kitchen hands its services to effects: `BrigadeApp` makes its kitchen the provider of its store's
/// ``BrigadeRedux/EffectServices``, so an effect resolves `try await send.services.resolve(APIClient.self)`.
extension Kitchen: EffectServiceProvider {
    /// The service of type `type`: resolved where the effect runs, or, when it is made by a main-actor factory and
    /// not made yet, on the main actor, which the effect awaits.
    /// - Throws: The ``KitchenError`` of the resolution.
    public func effectService<Service>(_ type: Service.Type) async throws -> Service {
        do {
            return try resolve(type)
        } catch .requiresMainActor {
            let made = try await MainActor.run { () throws(KitchenError) -> any Sendable in
                try resolveSendable(type)
            }
            guard let service = made as? Service else {
                throw KitchenError.factoryFailed(
                    chain: ["\(Service.self)"], underlying: "the factory made a \(Swift.type(of: made))")
            }
            return service
        }
    }
}
