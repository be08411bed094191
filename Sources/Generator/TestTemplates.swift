extension Templates {
    static let testSupport = File(
        file: "{{Name}}TestSupport.swift",
        text: #"""
            import Brigade
            import BrigadeTesting
            import Foundation
            @testable import {{App}}

            /// An app state holding the {{Name}} slice, for the tests.
            struct {{Name}}TestState: Sendable, Equatable {
                var {{name}} = {{Name}}State()
            }

            /// A URL of the module's route, with every parameter filled in.
            func {{name}}URL() throws -> URL {
                let pattern = try RoutePattern("{{route}}")
                var parameters = RouteParameters()
                for name in pattern.parameterNames {
                    parameters[name] = name == RouteParameters.wildcard ? ["x"] : "1"
                }
                let text = try pattern.path(parameters: parameters)
                guard let url = URL(string: text) else { throw WireframeError.invalidURL(text) }
                return url
            }

            @MainActor
            final class {{Name}}WorkerSpy: {{Name}}WorkerInput {
                private(set) var fetches = 0
                func fetchItems() { fetches += 1 }
            }

            @MainActor
            final class {{Name}}PresenterSpy: {{Name}}InteractorOutput {
                private(set) var presented: [[String]] = []
                func present(items: [String]) { presented.append(items) }
            }

            @MainActor
            final class {{Name}}ViewSpy: {{Name}}PresenterOutput, {{Name}}WorkerOutput {
                private(set) var displayed: [{{Name}}ViewModel] = []
                private(set) var fetched: [[String]] = []
                func display(_ viewModel: {{Name}}ViewModel) { displayed.append(viewModel) }
                func didFetch(items: [String]) { fetched.append(items) }
            }

            @MainActor
            final class {{Name}}RouterSpy: {{Name}}Router {
                private(set) var shown: [String] = []
                func showItem(_ item: String) { shown.append(item) }
            }

            @MainActor
            final class {{Name}}ItemScreen: Controller {
                var attachments = ControllerAttachments()
            }

            @MainActor
            final class {{Name}}ItemScreenProvider: ControllerProvider {
                let pattern: String
                init(pattern: String) { self.pattern = pattern }
                func isResponsible(routeResult: RouteResult) -> Bool { routeResult.routePattern == pattern }
                func makeController(routeResult: RouteResult) throws -> any Controller { {{Name}}ItemScreen() }
            }

            """#)

    static let interactorTests = File(
        file: "{{Name}}InteractorTests.swift",
        text: #"""
            import Brigade
            import BrigadeTesting
            import Testing
            @testable import {{App}}

            @Suite("{{Name}}Interactor")
            @MainActor
            struct {{Name}}InteractorTests {
                let dispatcher = RecordingActionDispatcher()
                let worker = {{Name}}WorkerSpy()
                let presenter = {{Name}}PresenterSpy()
                let router = {{Name}}RouterSpy()

                func makeInteractor() -> {{Name}}Interactor {
                    let interactor = {{Name}}Interactor(dispatcher: dispatcher)
                    interactor.worker = worker
                    interactor.output = presenter
                    interactor.router = router
                    return interactor
                }

                @Test("loading the view asks the worker for the items")
                func load() {
                    let interactor = makeInteractor()
                    interactor.makeViewFacet().viewDidLoad()
                    #expect(worker.fetches == 1)
                }

                @Test("fetched items are dispatched and presented")
                func fetched() {
                    let interactor = makeInteractor()
                    interactor.workerFacet.didFetch(items: ["a", "b"])
                    #expect(dispatcher.actions(of: {{Name}}ItemsLoaded.self).map(\.items) == [["a", "b"]])
                    #expect(presenter.presented == [["a", "b"]])
                }

                @Test("selecting an item dispatches it and routes to it; a row out of range does nothing")
                func select() {
                    let interactor = makeInteractor()
                    let view = interactor.makeViewFacet()
                    interactor.workerFacet.didFetch(items: ["a", "b"])
                    view.didSelectItem(at: 1)
                    view.didSelectItem(at: 9)
                    #expect(dispatcher.actions(of: {{Name}}ItemSelected.self).map(\.item) == ["b"])
                    #expect(router.shown == ["b"])
                }

                @Test("the view's facet is a separate object: a cast back to the interactor or the worker side fails")
                func facets() {
                    let interactor = makeInteractor()
                    let facet: AnyObject = interactor.makeViewFacet()
                    #expect(!(facet is {{Name}}Interactor))
                    #expect(!(facet is any {{Name}}WorkerOutput))
                }
            }

            """#)

    static let presenterTests = File(
        file: "{{Name}}PresenterTests.swift",
        text: #"""
            import Brigade
            import Testing
            @testable import {{App}}

            @Suite("{{Name}}Presenter")
            @MainActor
            struct {{Name}}PresenterTests {
                @Test("items become numbered rows of the view model")
                func viewModel() {
                    let presenter = {{Name}}Presenter()
                    let view = {{Name}}ViewSpy()
                    presenter.output = view
                    presenter.present(items: ["a", "b"])
                    #expect(view.displayed == [{{Name}}ViewModel(title: "{{Name}}", rows: ["1. a", "2. b"])])
                }

                @Test("the presenter holds its view weakly")
                func weakView() {
                    let presenter = {{Name}}Presenter()
                    do {
                        let view = {{Name}}ViewSpy()
                        presenter.output = view
                    }
                    #expect(presenter.output == nil)
                }
            }

            """#)

    static let workerTests = File(
        file: "{{Name}}WorkerTests.swift",
        text: #"""
            import Brigade
            import Testing
            @testable import {{App}}

            @Suite("{{Name}}Worker")
            @MainActor
            struct {{Name}}WorkerTests {
                @Test("the worker hands its output the items of its source")
                func fetch() {
                    let worker = {{Name}}Worker { ["x", "y"] }
                    let output = {{Name}}ViewSpy()
                    worker.output = output
                    worker.fetchItems()
                    #expect(output.fetched == [["x", "y"]])
                }
            }

            """#)

    static let routerTests = File(
        file: "{{Name}}RouterTests.swift",
        text: #"""
            import Brigade
            import BrigadeTesting
            import Testing
            @testable import {{App}}

            @Suite("{{Name}}Router")
            @MainActor
            struct {{Name}}RouterTests {
                @Test("showing an item routes to its pattern through the wireframe")
                func showItem() async throws {
                    let navigator = HeadlessNavigator()
                    let wireframe = DefaultWireframe()
                    wireframe.navigateOn(navigator)
                    try wireframe.add(routePattern: "/{{name}}-item/:item")
                    wireframe.add(controllerProvider: {{Name}}ItemScreenProvider(pattern: "/{{name}}-item/:item"))
                    let router = Wireframe{{Name}}Router(wireframe: wireframe, itemPattern: "/{{name}}-item/:item")
                    router.showItem("a")
                    try await router.routing?.value
                    NavigationAssertions(navigator).assertStack([{{Name}}ItemScreen.self])
                    #expect(try navigator.stack.last?.attachments.routeResult?.parameters.string("item") == "a")
                }
            }

            """#)

    static let configuratorTests = File(
        file: "{{Name}}ConfiguratorTests.swift",
        text: #"""
            import Brigade
            import BrigadeTesting
            import Testing
            @testable import {{App}}

            @Suite("{{Name}}Configurator")
            @MainActor
            struct {{Name}}ConfiguratorTests {
                @Test("the wired module turns a view load into a view model, through interactor, worker and presenter")
                func roundTrip() {
                    let dispatcher = RecordingActionDispatcher()
                    let configurator = {{Name}}Configurator(dispatcher: dispatcher, router: {{Name}}RouterSpy()) { ["a"] }
                    let view = {{Name}}ViewController()
                    configurator.configure(view)
                    view.lifecycleEvent(.load)
                    #expect(view.viewModel == {{Name}}ViewModel(title: "{{Name}}", rows: ["1. a"]))
                    #expect(dispatcher.actions(of: {{Name}}ItemsLoaded.self).count == 1)
                }

                @Test("the module is released with its view")
                func released() {
                    weak var weakInteractorFacet: AnyObject?
                    do {
                        let configurator = {{Name}}Configurator(
                            dispatcher: RecordingActionDispatcher(), router: {{Name}}RouterSpy()) { [] }
                        let view = {{Name}}ViewController()
                        configurator.configure(view)
                        weakInteractorFacet = view.output
                    }
                    #expect(weakInteractorFacet == nil)
                }
            }

            """#)

    static let featureTests = File(
        file: "{{Name}}FeatureTests.swift",
        text: #"""
            import Brigade
            import BrigadeTesting
            import Testing
            @testable import {{App}}

            @Suite("{{Name}}Feature")
            @MainActor
            struct {{Name}}FeatureTests {
                func makeFeature(_ store: Store<{{Name}}TestState>) -> {{Name}}Feature<{{Name}}TestState> {
                    let configurator = {{Name}}Configurator(
                        dispatcher: store.actionDispatcher, router: {{Name}}RouterSpy()) { ["soup", "tart"] }
                    return {{Name}}Feature(slice: \{{Name}}TestState.{{name}}, configurator: configurator)
                }

                @Test("the reducers keep the loaded and the selected items in the slice")
                func reducers() async {
                    let store = TestStore(initialState: {{Name}}TestState()) { _ in }
                    makeFeature(store.store).injectReducers(container: store.store.reducers)
                    await store.send({{Name}}ItemsLoaded(items: ["a"])) { $0.{{name}}.items = ["a"] }
                    await store.send({{Name}}ItemSelected(item: "a")) { $0.{{name}}.selected = "a" }
                    await store.finish()
                }

                @Test("routed by the wireframe, the module shows its items")
                func routed() async throws {
                    let navigator = HeadlessNavigator()
                    let app = BrigadeApp(redux: Redux(initialState: {{Name}}TestState()), navigator: navigator)
                    try app.add(feature: makeFeature(app.store))
                    try app.verify()  // installed, and its services' declared graph sound
                    try await app.wireframe.route(url: try {{name}}URL())
                    let view = try #require(navigator.topController as? {{Name}}ViewController)
                    #expect(view.viewModel?.rows == ["1. soup", "2. tart"])
                    await app.store.actionDispatcher.dispatchAndWait({{Name}}ItemSelected(item: "soup"))
                    #expect(app.store.currentState.{{name}}.items == ["soup", "tart"])
                }
            }

            """#)

    static let viewTests = File(
        file: "{{Name}}ViewControllerTests.swift",
        text: #"""
            import Brigade
            import Testing
            @testable import {{App}}

            @MainActor
            final class {{Name}}ViewOutputSpy: {{Name}}ViewOutput {
                private(set) var events: [String] = []
                func viewDidLoad() { events.append("load") }
                func didSelectItem(at index: Int) { events.append("select \(index)") }
            }

            @Suite("{{Name}}ViewController")
            @MainActor
            struct {{Name}}ViewControllerTests {
                @Test("the view reports its load and a row selection to its output, and shows the view model")
                func reports() {
                    let view = {{Name}}ViewController()
                    let output = {{Name}}ViewOutputSpy()
                    view.output = output
                    view.lifecycleEvent(.load)
                    view.selectRow(2)
                    view.display({{Name}}ViewModel(title: "t", rows: []))
                    #expect(output.events == ["load", "select 2"])
                    #expect(view.viewModel?.title == "t")
                }
            }

            """#)
}
