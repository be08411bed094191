import Brigade
import BrigadeTesting
import OrderApp
import Testing

@Suite("Getting started: the order app")
@MainActor
struct OrderAppTests {
    @Test("routing shows the order screen, and a dish added appears on it")
    func orderScreen() async throws {
        let navigator = HeadlessNavigator()
        let app = try makeOrderApp(navigator: navigator)
        try await app.wireframe.route(to: "/order")
        NavigationAssertions(navigator).assertStack([OrderScreen.self])

        app.store.dispatch(AddDish(dish: "soup"))
        let screen = navigator.topController as? OrderScreen
        #expect(screen?.lines == ["Your order (1)", "- soup"])

        app.store.dispatch(.undo)
        #expect(screen?.lines == ["Your order (0)"])
    }

    @Test("each dish added is appended to the order, and nothing else changes")
    func reducer() async throws {
        let app = try makeOrderApp(navigator: HeadlessNavigator())
        let store = TestStore(store: app.store)
        await store.send(AddDish(dish: "soup")) { $0.order = ["soup"] }
        await store.send(AddDish(dish: "bread")) { $0.order = ["soup", "bread"] }
        await store.finish()
    }
}
