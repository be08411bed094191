import Brigade
import Foundation

/// A special of the day, as the specials API sends it.
nonisolated public struct Special: Codable, Equatable, Sendable {
    /// The dish's name.
    public let name: String
    /// The price in cents.
    public let price: Int
}

/// Fetches today's specials through the Kitchen's APIClient.
public final class SpecialsService: Sendable {
    private let client: APIClient
    private let url: URL

    /// Creates the service for the specials API at `url`.
    public init(client: APIClient, url: URL) {
        self.client = client
        self.url = url
    }

    /// Today's specials.
    public func todaysSpecials() async throws(APIError) -> [Special] {
        try await client.get(url.absoluteString, as: [Special].self)
    }
}

/// What the specials screen shows: the list while it loads, once loaded, or why it failed.
nonisolated public enum SpecialsList: Equatable, Sendable, Codable {
    /// The load has not answered yet.
    case loading
    /// Today's specials.
    case loaded([Special])
    /// The load failed, with the reason.
    case failed(String)
}

/// The specials API answered.
public struct SpecialsLoaded: Action, Codable {
    /// Today's specials.
    public let specials: [Special]
}

/// The specials API failed.
public struct SpecialsFailed: Action, Codable {
    /// Why.
    public let reason: String
}

/// The identity of the specials load: a new visit of the screen replaces the load of the previous one.
struct SpecialsLoad: Hashable, Sendable {}

/// `/specials`: today's specials from the HTTP API given by `--specials-url`. When there is none, or it fails, the
/// screen says so and the app carries on.
///
/// The screen loads them with an effect that resolves the ``SpecialsService`` from the kitchen and ends with the
/// screen: going back before the answer cancels the load, and its late answer is never applied.
final class SpecialsScreenFeature: ScreenFeature, KitchenFeature, LogicFeature {
    private var isConfigured = false

    init(context: ScreenContext) {
        super.init("/specials", context: context)
    }

    func servicesReady(in kitchen: Kitchen) throws {
        isConfigured = kitchen.isRegistered(SpecialsService.self)
    }

    func injectReducers(container: ReducerContainer) {
        Self.addReducers(to: container)
    }

    /// The specials' reducers: what ``injectReducers(container:)`` injects.
    static func addReducers(to container: ReducerContainer) {
        container.add(on: \BistroState.specials) { (specials: inout SpecialsList, action: SpecialsLoaded) in
            specials = .loaded(action.specials)
        }
        container.add(on: \BistroState.specials) { (specials: inout SpecialsList, action: SpecialsFailed) in
            specials = .failed(action.reason)
        }
    }

    override func makePresenters(routeResult: RouteResult, controller: any Controller) throws -> [any Presenter] {
        let presenters = try super.makePresenters(routeResult: routeResult, controller: controller)
        return isConfigured ? presenters + [SpecialsLoader(store: context.store)] : presenters
    }

    override func render(_ state: BistroState, _ routeResult: RouteResult) -> [String] {
        let texts = context.texts
        let title = texts.title("specials.title", state)
        guard isConfigured else {
            return [title, texts.text("specials.none", state)]
        }
        switch state.specials {
        case .loading:
            return [title, "…"]
        case .failed(let reason):
            return [title, texts.text("specials.unavailable", state, reason)]
        case .loaded(let specials):
            return [title]
                + specials.map { "  \(texts.padded($0.name, 26)) \(texts.price($0.price, state))" }
        }
    }
}

/// Loads the specials while the screen is shown: the effect's subscription is in the presenter's bag, which goes
/// with the screen.
@MainActor
final class SpecialsLoader: Presenter {
    private let store: Store<BistroState>
    private let bag = SubscriptionReferenceBag()

    init(store: Store<BistroState>) {
        self.store = store
    }

    func addPresentationLogic(routeResult: RouteResult, controller: any Controller) throws {
        store.run(
            .run(id: SpecialsLoad(), cancelInFlight: true) { send in
                let service = try await send.services.resolve(SpecialsService.self)
                await send(SpecialsLoaded(specials: try await service.todaysSpecials()))
            } catch: { error, send in
                await send(SpecialsFailed(reason: "\(error)"))
            }
        ).add(to: bag)
    }
}
