/// The files `brigade-tool new-module` writes, with `{{Name}}`, `{{name}}`, `{{route}}` and `{{App}}` to fill in.
enum Templates {
    struct File {
        let file: String
        let text: String
    }

    static let sources: [File] = [
        contracts, viewModel, view, interactor, presenter, worker, router, configurator, feature,
    ]
    static let tests: [File] = [
        testSupport, interactorTests, presenterTests, workerTests, routerTests, configuratorTests, featureTests,
        viewTests,
    ]

    static let contracts = File(
        file: "{{Name}}Contracts.swift",
        text: #"""
            import Brigade

            // The {{Name}} module's contracts (one-o-one): each arrow is a protocol, named by what its source knows.

            /// View → interactor: what the view reports. The view owns the object behind it.
            @MainActor
            protocol {{Name}}ViewOutput: AnyObject {
                func viewDidLoad()
                func didSelectItem(at index: Int)
            }

            /// Interactor → presenter.
            @MainActor
            protocol {{Name}}InteractorOutput: AnyObject {
                func present(items: [String])
            }

            /// Presenter → view; the presenter holds the view weakly.
            @MainActor
            protocol {{Name}}PresenterOutput: AnyObject {
                func display(_ viewModel: {{Name}}ViewModel)
            }

            /// Interactor → worker.
            @MainActor
            protocol {{Name}}WorkerInput: AnyObject {
                func fetchItems()
            }

            /// Worker → interactor; the worker holds it weakly.
            @MainActor
            protocol {{Name}}WorkerOutput: AnyObject {
                func didFetch(items: [String])
            }

            /// Interactor → router.
            @MainActor
            protocol {{Name}}Router: AnyObject {
                func showItem(_ item: String)
            }

            """#)

    static let viewModel = File(
        file: "{{Name}}ViewModel.swift",
        text: #"""
            import Brigade

            /// What the {{Name}} view shows.
            struct {{Name}}ViewModel: Equatable, Sendable {
                var title: String
                var rows: [String]
            }

            /// The {{Name}} module's part of the app state; `Codable`, so that a `Codable` app state stays so.
            struct {{Name}}State: Sendable, Equatable, Codable {
                var items: [String] = []
                var selected: String?
            }

            /// The {{Name}} items were loaded.
            struct {{Name}}ItemsLoaded: Action {
                let items: [String]
            }

            /// A {{Name}} item was selected.
            struct {{Name}}ItemSelected: Action {
                let item: String
            }

            """#)

    static let view = File(
        file: "{{Name}}ViewController.swift",
        text: #"""
            import Brigade

            /// The {{Name}} view: reports to its output, shows what its presenter gives it.
            @MainActor
            final class {{Name}}ViewController: Controller, {{Name}}PresenterOutput {
                var attachments = ControllerAttachments()
                /// The interactor's view facet; the view owns the module through it.
                var output: (any {{Name}}ViewOutput)?
                private(set) var viewModel: {{Name}}ViewModel?

                func lifecycleEvent(_ event: LifecycleEvent) {
                    if event == .load {
                        output?.viewDidLoad()
                    }
                }

                func display(_ viewModel: {{Name}}ViewModel) {
                    self.viewModel = viewModel
                }

                /// What a tap on row `index` does.
                func selectRow(_ index: Int) {
                    output?.didSelectItem(at: index)
                }
            }

            """#)

    static let interactor = File(
        file: "{{Name}}Interactor.swift",
        text: #"""
            import Brigade

            /// The {{Name}} interactor: the module's logic. Each collaborator sees it through a facet of its own, a
            /// separate object, so the view cannot reach the worker.
            @MainActor
            final class {{Name}}Interactor {
                var output: (any {{Name}}InteractorOutput)?
                var worker: (any {{Name}}WorkerInput)?
                var router: (any {{Name}}Router)?
                private let dispatcher: any ActionDispatcher
                private var items: [String] = []

                init(dispatcher: any ActionDispatcher) {
                    self.dispatcher = dispatcher
                }

                /// The interactor as its view sees it; the view owns it.
                func makeViewFacet() -> any {{Name}}ViewOutput {
                    ViewFacet(self)
                }

                /// The interactor as its worker sees it; the worker holds it weakly.
                private(set) lazy var workerFacet: any {{Name}}WorkerOutput = WorkerFacet(self)

                private final class ViewFacet: {{Name}}ViewOutput {
                    private let interactor: {{Name}}Interactor
                    init(_ interactor: {{Name}}Interactor) { self.interactor = interactor }
                    func viewDidLoad() { interactor.worker?.fetchItems() }
                    func didSelectItem(at index: Int) { interactor.select(index) }
                }

                private final class WorkerFacet: {{Name}}WorkerOutput {
                    private weak var interactor: {{Name}}Interactor?
                    init(_ interactor: {{Name}}Interactor) { self.interactor = interactor }
                    func didFetch(items: [String]) { interactor?.received(items) }
                }

                private func received(_ items: [String]) {
                    self.items = items
                    dispatcher.dispatch({{Name}}ItemsLoaded(items: items))
                    output?.present(items: items)
                }

                private func select(_ index: Int) {
                    guard items.indices.contains(index) else { return }
                    dispatcher.dispatch({{Name}}ItemSelected(item: items[index]))
                    router?.showItem(items[index])
                }
            }

            """#)

    static let presenter = File(
        file: "{{Name}}Presenter.swift",
        text: #"""
            import Brigade

            /// The {{Name}} presenter: turns what the interactor found into the view model.
            @MainActor
            final class {{Name}}Presenter: {{Name}}InteractorOutput {
                weak var output: (any {{Name}}PresenterOutput)?

                func present(items: [String]) {
                    let rows = items.enumerated().map { "\($0.offset + 1). \($0.element)" }
                    output?.display({{Name}}ViewModel(title: "{{Name}}", rows: rows))
                }
            }

            """#)

    static let worker = File(
        file: "{{Name}}Worker.swift",
        text: #"""
            import Brigade

            /// The {{Name}} worker: fetches the items, here from a closure; replace it with a Kitchen service.
            @MainActor
            final class {{Name}}Worker: {{Name}}WorkerInput {
                weak var output: (any {{Name}}WorkerOutput)?
                private let source: @MainActor () -> [String]

                init(source: @escaping @MainActor () -> [String]) {
                    self.source = source
                }

                func fetchItems() {
                    output?.didFetch(items: source())
                }
            }

            """#)

    static let router = File(
        file: "{{Name}}Router.swift",
        text: #"""
            import Brigade

            /// The {{Name}} router: shows an item through the wireframe, at `itemPattern` (a pattern with `:item`).
            @MainActor
            final class Wireframe{{Name}}Router: {{Name}}Router {
                private weak var wireframe: DefaultWireframe?
                private let itemPattern: String?
                /// The routing the last `showItem` started.
                private(set) var routing: Task<Void, any Error>?

                init(wireframe: DefaultWireframe, itemPattern: String? = nil) {
                    self.wireframe = wireframe
                    self.itemPattern = itemPattern
                }

                func showItem(_ item: String) {
                    guard let wireframe, let itemPattern,
                        let url = try? wireframe.url(forPattern: itemPattern, parameters: ["item": item])
                    else { return }
                    routing = Task { try await wireframe.route(url: url) }
                }
            }

            """#)

    static let configurator = File(
        file: "{{Name}}Configurator.swift",
        text: #"""
            import Brigade

            /// Makes the {{Name}} module's parts and wires them with one-o-one's references: strong from the view
            /// down, weak back to the view and from the worker.
            @MainActor
            struct {{Name}}Configurator: Configurator {
                let dispatcher: any ActionDispatcher
                let router: any {{Name}}Router
                let source: @MainActor () -> [String]

                /// Wires the module around `view`.
                func configure(_ view: {{Name}}ViewController) {
                    let interactor = {{Name}}Interactor(dispatcher: dispatcher)
                    let presenter = {{Name}}Presenter()
                    let worker = {{Name}}Worker(source: source)
                    view.output = interactor.makeViewFacet()
                    interactor.output = presenter
                    interactor.worker = worker
                    interactor.router = router
                    presenter.output = view
                    worker.output = interactor.workerFacet
                }

                func makeModule(routeResult: RouteResult) throws -> {{Name}}ViewController {
                    let view = {{Name}}ViewController()
                    configure(view)
                    return view
                }
            }

            """#)

    static let feature = File(
        file: "{{Name}}Feature.swift",
        text: #"""
            import Brigade

            /// The {{Name}} module as Brigade features: a view feature for `{{route}}`, a presenter feature that wires
            /// the module around the view, and a logic feature with reducers on the module's slice of the app state.
            @MainActor
            final class {{Name}}Feature<AppState: Sendable>: ViewFeature, PresenterFeature, LogicFeature {
                let routePattern = "{{route}}"
                private let slice: WritableKeyPath<AppState, {{Name}}State>
                private let configurator: {{Name}}Configurator

                init(slice: WritableKeyPath<AppState, {{Name}}State>, configurator: {{Name}}Configurator) {
                    self.slice = slice
                    self.configurator = configurator
                }

                func makeController(routeResult: RouteResult) throws -> any Controller {
                    {{Name}}ViewController()
                }

                func makePresenters(routeResult: RouteResult, controller: any Controller) throws -> [any Presenter] {
                    [{{Name}}ModulePresenter(configurator: configurator)]
                }

                func injectReducers(container: ReducerContainer) {
                    container.add(on: slice) { (state: inout {{Name}}State, action: {{Name}}ItemsLoaded) in
                        state.items = action.items
                    }
                    container.add(on: slice) { (state: inout {{Name}}State, action: {{Name}}ItemSelected) in
                        state.selected = action.item
                    }
                }
            }

            /// Wires the VIP module around the view the wireframe made.
            @MainActor
            final class {{Name}}ModulePresenter: Presenter {
                private let configurator: {{Name}}Configurator

                init(configurator: {{Name}}Configurator) {
                    self.configurator = configurator
                }

                func addPresentationLogic(routeResult: RouteResult, controller: any Controller) throws {
                    guard let view = controller as? {{Name}}ViewController else { return }
                    configurator.configure(view)
                }
            }

            """#)
}
