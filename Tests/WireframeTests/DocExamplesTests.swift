import BrigadeCore
import BrigadeWireframe
import Testing

// The example of docs/Routing.md, verbatim apart from the test around it.

@MainActor
final class DishScreen: Controller {
    var attachments = ControllerAttachments()
    var title = ""
}

@MainActor
final class DishFeature: ViewFeature, PresenterFeature {
    let routePattern = "/menu/:dish"

    func makeController(routeResult: RouteResult) throws -> any Controller { DishScreen() }

    func makePresenters(routeResult: RouteResult, controller: any Controller) throws -> [any Presenter] {
        [DishPresenter()]
    }
}

@MainActor
final class DishPresenter: Presenter {
    func addPresentationLogic(routeResult: RouteResult, controller: any Controller) throws {
        (controller as? DishScreen)?.title = try routeResult.parameters.string("dish").uppercased()
    }
}

@Suite("docs/Routing.md")
@MainActor
struct DocExamplesTests {
    @Test("the example routes bistro://menu/soup to a dish screen titled SOUP")
    func routingExample() async throws {
        let navigator = HeadlessNavigator()
        let app = WireframeApp(navigator: navigator)
        try app.add(feature: DishFeature())
        try await app.wireframe.route(to: "bistro://menu/soup")
        #expect((navigator.stack.last as? DishScreen)?.title == "SOUP")
    }
}
