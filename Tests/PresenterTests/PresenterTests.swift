import BrigadeCore
import BrigadePresenter
import BrigadeReactive
import BrigadeWireframe
import Testing

@MainActor
final class Screen: Controller {
    var attachments = ControllerAttachments()
    var shown: [String] = []
}

@MainActor
final class LifecycleLog {
    var entries: [String] = []
}

@MainActor
final class RecordingLifecyclePresenter: LifecyclePresenter {
    let log: LifecycleLog
    init(log: LifecycleLog) { self.log = log }
    func addPresentationLogic(routeResult: RouteResult, controller: any Controller) throws {
        log.entries.append("logic")
    }
    func controllerDidLoad(_ controller: any Controller) { log.entries.append("load") }
    func controllerWillAppear(_ controller: any Controller, animated: Bool) {
        log.entries.append("willAppear \(animated)")
    }
    func controllerDidAppear(_ controller: any Controller, animated: Bool) {
        log.entries.append("didAppear \(animated)")
    }
    func controllerWillDisappear(_ controller: any Controller, animated: Bool) {
        log.entries.append("willDisappear \(animated)")
    }
    func controllerDidDisappear(_ controller: any Controller, animated: Bool) {
        log.entries.append("didDisappear \(animated)")
    }
}

@MainActor
final class ScreenFeature: ViewFeature, PresenterFeature {
    let routePattern: String
    let log: LifecycleLog
    init(_ routePattern: String, log: LifecycleLog) {
        self.routePattern = routePattern
        self.log = log
    }
    func makeController(routeResult: RouteResult) throws -> any Controller { Screen() }
    func makePresenters(routeResult: RouteResult, controller: any Controller) throws -> [any Presenter] {
        [RecordingLifecyclePresenter(log: log)]
    }
}

@Suite("Presenters")
@MainActor
struct PresenterTests {
    @Test("a lifecycle presenter attached through a PresenterFeature sees the lifecycle in order, with animated")
    func lifecycleOrder() async throws {
        let log = LifecycleLog()
        let navigator = HeadlessNavigator()
        let app = WireframeApp(navigator: navigator)
        try app.add(feature: ScreenFeature("/menu", log: log))
        try app.add(feature: ScreenFeature("/order", log: LifecycleLog()))
        try await app.wireframe.route(to: "/menu", option: .root.animated(false))
        try await app.wireframe.route(to: "/order")
        try await app.wireframe.popController(animated: true)
        #expect(
            log.entries == [
                "logic", "load", "willAppear false", "didAppear false", "willDisappear true", "didDisappear true",
                "willAppear true", "didAppear true",
            ])
    }

    @Test("a functional presenter adds its logic and gets lifecycle events")
    func functionalPresenter() async throws {
        let navigator = HeadlessNavigator()
        let wireframe = DefaultWireframe()
        wireframe.navigateOn(navigator)
        try wireframe.add(routePattern: "/menu/:dish")
        wireframe.add(controllerProvider: ScreenProvider())
        let events = LifecycleLog()
        wireframe.add(
            presenterProvider: FunctionalPresenterProvider { _, _ in
                [
                    FunctionalPresenter(lifecycle: { event, _ in events.entries.append("\(event)") }) {
                        routeResult, controller in
                        (controller as? Screen)?.shown.append(try routeResult.parameters.string("dish"))
                    }
                ]
            })
        try await wireframe.route(to: "/menu/soup", option: .push.animated(false))
        #expect((navigator.stack.last as? Screen)?.shown == ["soup"])
        #expect(events.entries == ["load", "willAppear(not animated)", "didAppear(not animated)"])
    }
}

@MainActor
final class ScreenProvider: ControllerProvider {
    func isResponsible(routeResult: RouteResult) -> Bool { true }
    func makeController(routeResult: RouteResult) throws -> any Controller { Screen() }
}

struct CountViewModel: Equatable, Sendable {
    let text: String
}

@Suite("ViewModelBinding")
@MainActor
struct ViewModelBindingTests {
    @Test("the view model is delivered only when it changed")
    func onlyOnChange() async {
        let source = ObservableProperty(0)
        let (renders, continuation) = AsyncStream.makeStream(of: String.self)
        var iterator = renders.makeAsyncIterator()
        let binding = ViewModelBinding(source, timing: .fromLoad, map: { CountViewModel(text: "\($0 / 10)") }) {
            continuation.yield($0.text)
        }
        binding.lifecycleEvent(.load)
        #expect(await iterator.next() == "0")
        source.value = 5  // still "0": not rendered
        source.value = 12
        #expect(await iterator.next() == "1")
        source.value = 19  // still "1"
        source.value = 20
        #expect(await iterator.next() == "2")
        #expect(binding.lastRendered == CountViewModel(text: "2"))
    }

    @Test("a binding restarted before a change reached it never renders that older change after the newer one")
    func restartDropsOlderChanges() async {
        let source = ObservableProperty(1)
        let (renders, continuation) = AsyncStream.makeStream(of: String.self)
        var iterator = renders.makeAsyncIterator()
        let binding = ViewModelBinding(source, map: { CountViewModel(text: "\($0)") }) { continuation.yield($0.text) }
        binding.start()
        binding.stop()
        source.value = 2
        binding.start()
        source.value = 3
        var seen: [String] = []
        while let text = await iterator.next() {
            seen.append(text)
            if text == "3" { break }
        }
        #expect(seen == ["1", "2", "3"])
    }

    @Test("a binding while visible pauses off screen and renders on reappearing only what changed")
    func whileVisible() async {
        let source = ObservableProperty(1)
        let (renders, continuation) = AsyncStream.makeStream(of: String.self)
        var iterator = renders.makeAsyncIterator()
        let binding = ViewModelBinding(source, map: { CountViewModel(text: "\($0)") }) { continuation.yield($0.text) }
        binding.lifecycleEvent(.load)
        #expect(!binding.isRunning)
        binding.lifecycleEvent(.willAppear(animated: false))
        #expect(await iterator.next() == "1")
        binding.lifecycleEvent(.didDisappear(animated: false))
        #expect(!binding.isRunning)
        #expect(source.subscriberCount == 0)
        source.value = 2
        binding.lifecycleEvent(.willAppear(animated: false))
        #expect(await iterator.next() == "2")
        binding.lifecycleEvent(.didDisappear(animated: false))
        binding.lifecycleEvent(.willAppear(animated: false))
        source.value = 3
        #expect(await iterator.next() == "3")
    }

    @Test("the binding is released with its presenter, and its subscription with it")
    func releasedWithPresenter() {
        @MainActor final class BindingPresenter {
            let binding: ViewModelBinding<CountViewModel>
            init(source: ObservableProperty<Int>) {
                binding = ViewModelBinding(source, timing: .fromLoad, map: { CountViewModel(text: "\($0)") }) { _ in }
            }
        }
        let source = ObservableProperty(0)
        weak var weakBinding: ViewModelBinding<CountViewModel>?
        do {
            let presenter = BindingPresenter(source: source)
            weakBinding = presenter.binding
            presenter.binding.start()
            #expect(source.subscriberCount == 1)
        }
        #expect(weakBinding == nil)
        #expect(source.subscriberCount == 0)
    }
}

@Suite("VIP module")
@MainActor
struct VIPModuleTests {
    let kitchen = [MenuDish(id: "soup", name: "Soup", price: 6), MenuDish(id: "cake", name: "Cake", price: 5)]

    func makeApp() throws -> (DefaultWireframe, HeadlessNavigator, MenuConfigurator) {
        let wireframe = DefaultWireframe()
        let navigator = HeadlessNavigator()
        wireframe.navigateOn(navigator)
        try wireframe.add(routePattern: "/menu")
        try wireframe.add(routePattern: "/menu/:dish")
        let configurator = MenuConfigurator(wireframe: wireframe, kitchen: kitchen)
        wireframe.add(
            controllerProvider: ConfiguratorControllerProvider(routePattern: "/menu", configurator: configurator))
        wireframe.add(controllerProvider: ScreenProvider(), priority: -1)
        return (wireframe, navigator, configurator)
    }

    @Test("a view event goes through the interactor, the worker and the presenter, and the view model reaches the view")
    func roundTrip() async throws {
        let (wireframe, navigator, _) = try makeApp()
        try await wireframe.route(to: "/menu")
        let view = try #require(navigator.stack.last as? MenuViewController)
        #expect(view.displayed == [MenuViewModel(rows: ["Soup — €6", "Cake — €5"], title: "Menu")])
    }

    @Test("the router routes through the wireframe")
    func router() async throws {
        let (wireframe, navigator, configurator) = try makeApp()
        try await wireframe.route(to: "/menu")
        let view = try #require(navigator.stack.last as? MenuViewController)
        view.tapRow(1)
        try await configurator.router.routing?.value
        #expect(navigator.stack.count == 2)
        #expect(navigator.stack.last?.attachments.routeResult?.url.absoluteString == "/menu/cake")
    }

    @Test("the module is released with its view: references back are weak")
    func released() async throws {
        let (wireframe, navigator, _) = try makeApp()
        weak var weakView: MenuViewController?
        try await wireframe.route(to: "/menu", option: .root)
        weakView = navigator.stack.last as? MenuViewController
        #expect(weakView != nil)
        try await wireframe.route(to: "/menu/soup", option: .root)
        #expect(weakView == nil)
    }

    @Test("facets: the view reaches the interactor only through its own facet, and a cast back fails")
    func facets() throws {
        let view = try MenuConfigurator(wireframe: DefaultWireframe(), kitchen: kitchen)
            .makeModule(routeResult: RouteResult(routePattern: "/menu", url: url("/menu")))
        let output: AnyObject = try #require(view.output)
        // The view holds a separate object: neither the interactor nor its worker-facing side.
        #expect(!(output is MenuInteractor))
        #expect(!(output is any MenuWorkerOutput))
        #expect(!(output is any MenuInteractorOutput))
        #expect(output is any MenuViewOutput)
    }
}
