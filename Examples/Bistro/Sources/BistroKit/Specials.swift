import Brigade
import Foundation

/// A special of the day, as the specials API sends it.
public struct Special: Codable, Equatable, Sendable {
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

/// Work started by a screen that the session waits for before drawing, so scripted output is the same every run.
@MainActor
final class PendingWork {
    private var tasks: [Task<Void, Never>] = []

    func add(_ task: Task<Void, Never>) {
        tasks.append(task)
    }

    func finish() async {
        while !tasks.isEmpty {
            let current = tasks
            tasks.removeAll()
            for task in current {
                await task.value
            }
        }
    }
}

/// `/specials`: today's specials from the HTTP API given by `--specials-url`. When there is none, or it fails, the
/// screen says so and the app carries on.
final class SpecialsScreenFeature: ScreenFeature, KitchenFeature {
    private let work: PendingWork
    private var service: SpecialsService?

    init(context: ScreenContext, work: PendingWork) {
        self.work = work
        super.init("/specials", context: context)
    }

    func servicesReady(in kitchen: Kitchen) throws {
        service = kitchen.isRegistered(SpecialsService.self) ? try kitchen.resolve(SpecialsService.self) : nil
    }

    override func makePresenters(routeResult: RouteResult, controller: any Controller) throws -> [any Presenter] {
        guard let screen = controller as? TextScreen else { return [] }
        let status = SpecialsStatus()
        if let service {
            work.add(
                Task { @MainActor in
                    do {
                        status.value = .loaded(try await service.todaysSpecials())
                    } catch {
                        status.value = .failed("\(error)")
                    }
                })
        } else {
            status.value = .notConfigured
        }
        return [
            ScreenPresenter(store: context.store, screen: screen) { [weak self] state in
                self?.render(state, status.value) ?? []
            },
            StatusPresenter(status: status, store: context.store, screen: screen) { [weak self] in
                self?.render($0, $1) ?? []
            },
        ]
    }

    private func render(_ state: BistroState, _ status: SpecialsStatus.Value) -> [String] {
        let texts = context.texts
        let title = texts.title("specials.title", state)
        switch status {
        case .loading:
            return [title, "…"]
        case .notConfigured:
            return [title, texts.text("specials.none", state)]
        case .failed(let reason):
            return [title, texts.text("specials.unavailable", state, reason)]
        case .loaded(let specials):
            return [title]
                + specials.map { "  \(texts.padded($0.name, 26)) \(texts.price($0.price, state))" }
        }
    }
}

/// Where the specials screen is: loading, loaded, failed, or without a source.
@MainActor
final class SpecialsStatus {
    enum Value: Equatable {
        case loading
        case notConfigured
        case loaded([Special])
        case failed(String)
    }

    var value = Value.loading {
        didSet { onChange?() }
    }
    var onChange: (() -> Void)?
}

/// Redraws the specials screen when the fetch ends.
@MainActor
final class StatusPresenter: Presenter {
    init(
        status: SpecialsStatus,
        store: Store<BistroState>,
        screen: TextScreen,
        render: @escaping (BistroState, SpecialsStatus.Value) -> [String]
    ) {
        status.onChange = { [weak screen, weak store, weak status] in
            guard let store, let status else { return }
            screen?.show(render(store.currentState, status.value))
        }
    }

    func addPresentationLogic(routeResult: RouteResult, controller: any Controller) throws {}
}
