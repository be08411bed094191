import BrigadeKitchen
import BrigadeRedux

/// A kitchen hands its services to effects: `BrigadeApp` makes its kitchen the provider of its store's
/// ``BrigadeRedux/EffectServices``, so an effect resolves `try send.services.resolve(APIClient.self)`.
extension Kitchen: EffectServiceProvider {}
