import BrigadeCore
import BrigadePresenter
import BrigadeWireframe

// A complete VIP module, as `brigade new-module Menu --route /menu` would generate it, following one-o-one's
// contracts: each arrow is a protocol named by what its source knows.

struct MenuDish: Equatable, Sendable {
    let id: String
    let name: String
    let price: Int
}

/// What the view shows.
struct MenuViewModel: Equatable, Sendable {
    var rows: [String]
    var title: String
}

/// View → interactor.
@MainActor
protocol MenuViewOutput: AnyObject {
    func viewDidLoad()
    func didSelectRow(at index: Int)
}

/// Interactor → presenter.
@MainActor
protocol MenuInteractorOutput: AnyObject {
    func present(dishes: [MenuDish])
}

/// Presenter → view.
@MainActor
protocol MenuPresenterOutput: AnyObject {
    func display(_ viewModel: MenuViewModel)
}

/// Interactor → worker.
@MainActor
protocol MenuWorkerInput: AnyObject {
    func fetchDishes()
}

/// Worker → interactor.
@MainActor
protocol MenuWorkerOutput: AnyObject {
    func didFetch(dishes: [MenuDish])
}

/// Interactor → router.
@MainActor
protocol MenuRouter: AnyObject {
    func showDish(id: String)
}

@MainActor
final class MenuViewController: Controller, MenuPresenterOutput {
    var attachments = ControllerAttachments()
    var output: (any MenuViewOutput)?
    private(set) var displayed: [MenuViewModel] = []

    func lifecycleEvent(_ event: LifecycleEvent) {
        if event == .load {
            output?.viewDidLoad()
        }
    }

    func display(_ viewModel: MenuViewModel) {
        displayed.append(viewModel)
    }

    /// What a tap on a row does.
    func tapRow(_ index: Int) {
        output?.didSelectRow(at: index)
    }
}

@MainActor
final class MenuInteractor {
    var output: (any MenuInteractorOutput)?
    var worker: (any MenuWorkerInput)?
    var router: (any MenuRouter)?
    private var dishes: [MenuDish] = []

    /// The interactor as its view sees it: a separate object, so the view cannot reach the worker. The view owns
    /// it, and it owns the interactor (the view → interactor arrow is strong).
    func makeViewFacet() -> any MenuViewOutput { ViewFacet(self) }
    /// The interactor as its worker sees it: owned by the interactor, held weakly by the worker.
    private(set) lazy var workerFacet: any MenuWorkerOutput = WorkerFacet(self)

    private final class ViewFacet: MenuViewOutput {
        private let interactor: MenuInteractor
        init(_ interactor: MenuInteractor) { self.interactor = interactor }
        func viewDidLoad() { interactor.worker?.fetchDishes() }
        func didSelectRow(at index: Int) { interactor.select(index) }
    }

    private final class WorkerFacet: MenuWorkerOutput {
        private weak var interactor: MenuInteractor?
        init(_ interactor: MenuInteractor) { self.interactor = interactor }
        func didFetch(dishes: [MenuDish]) { interactor?.received(dishes) }
    }

    private func received(_ dishes: [MenuDish]) {
        self.dishes = dishes
        output?.present(dishes: dishes)
    }

    private func select(_ index: Int) {
        guard dishes.indices.contains(index) else { return }
        router?.showDish(id: dishes[index].id)
    }
}

@MainActor
final class MenuPresenter: MenuInteractorOutput {
    weak var output: (any MenuPresenterOutput)?

    func present(dishes: [MenuDish]) {
        output?.display(MenuViewModel(rows: dishes.map { "\($0.name) — €\($0.price)" }, title: "Menu"))
    }
}

@MainActor
final class MenuWorker: MenuWorkerInput {
    weak var output: (any MenuWorkerOutput)?
    let kitchen: [MenuDish]

    init(kitchen: [MenuDish]) {
        self.kitchen = kitchen
    }

    func fetchDishes() {
        output?.didFetch(dishes: kitchen)
    }
}

@MainActor
final class WireframeMenuRouter: MenuRouter {
    weak var wireframe: DefaultWireframe?
    private(set) var routing: Task<Void, any Error>?

    init(wireframe: DefaultWireframe) {
        self.wireframe = wireframe
    }

    func showDish(id: String) {
        guard let wireframe, let url = try? wireframe.url(forPattern: "/menu/:dish", parameters: ["dish": id]) else {
            return
        }
        routing = Task { try await wireframe.route(url: url) }
    }
}

@MainActor
struct MenuConfigurator: Configurator {
    let router: WireframeMenuRouter
    let kitchen: [MenuDish]

    init(wireframe: DefaultWireframe, kitchen: [MenuDish]) {
        router = WireframeMenuRouter(wireframe: wireframe)
        self.kitchen = kitchen
    }

    func makeModule(routeResult: RouteResult) throws -> MenuViewController {
        let view = MenuViewController()
        let interactor = MenuInteractor()
        let presenter = MenuPresenter()
        let worker = MenuWorker(kitchen: kitchen)
        view.output = interactor.makeViewFacet()
        interactor.output = presenter
        interactor.worker = worker
        interactor.router = router
        presenter.output = view
        worker.output = interactor.workerFacet
        return view
    }
}
