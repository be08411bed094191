import BrigadeCore
import BrigadeWireframe
import Testing

@MainActor
final class MenuFeature: ViewFeature, PresenterFeature {
    let routePattern = "/menu/:dish"
    var made: [Weak<RecordingPresenter>] = []

    func makeOption(routeResult: RouteResult) -> RoutingOption? { .modal.animated(false) }

    func makeController(routeResult: RouteResult) throws -> any Controller {
        Screen("menu")
    }

    func makePresenters(routeResult: RouteResult, controller: any Controller) throws -> [any Presenter] {
        let presenter = RecordingPresenter()
        made.append(Weak(presenter))
        return [presenter]
    }
}

@MainActor
final class OrderFeature: ViewFeature {
    let routePattern = "/order"
    func makeController(routeResult: RouteResult) throws -> any Controller { Screen("order") }
}

@MainActor
final class BrokenFeature: ViewFeature {
    let routePattern = "/a/*/b"
    func makeController(routeResult: RouteResult) throws -> any Controller { Screen() }
}

@Suite("WireframeApp")
@MainActor
struct WireframeAppTests {
    @Test("a view feature registers its route, controller and option; a presenter feature its presenters")
    func features() async throws {
        let navigator = HeadlessNavigator()
        let app = WireframeApp(navigator: navigator)
        let menu = MenuFeature()
        try app.add(feature: menu)
        try app.add(feature: OrderFeature())
        try await app.wireframe.route(to: "/menu/soup")
        #expect((navigator.modalStack.last as? Screen)?.name == "menu")
        #expect(menu.made.count == 1)
        #expect(menu.made.first?.object?.events == [.load, .willAppear(animated: false), .didAppear(animated: false)])
        try await app.wireframe.dismissTopController()
        try await app.wireframe.route(to: "/order")
        #expect((navigator.stack.last as? Screen)?.name == "order")
        #expect(navigator.stack.last?.presenters.isEmpty == true)
        #expect(menu.made.first?.object == nil)
    }

    @Test("a view feature with a malformed pattern makes add(feature:) throw, naming both")
    func malformedFeature() throws {
        let app = WireframeApp()
        let error = #expect(throws: AppError.self) {
            try app.add(feature: BrokenFeature())
        }
        #expect(
            error?.description
                == "feature observer ViewFeatureObserver failed to add feature BrokenFeature: pattern '/a/*/b' has a wildcard before its last segment (position 3)"
        )
        #expect(app.wireframe.routePatterns.isEmpty)
    }
}
