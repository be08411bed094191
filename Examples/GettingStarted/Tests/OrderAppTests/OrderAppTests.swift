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

    @Test("the menu loads through the kitchen's menu source")
    func loadsMenu() async throws {
        let app = try makeOrderApp(navigator: HeadlessNavigator())
        let store = TestStore(store: app.store)
        await store.send(SignIn(guest: "ada")) { $0.guest = "ada" }
        await store.send(LoadMenu()) { $0.isLoadingMenu = true }
        await store.receive(MenuLoaded.self) {
            $0.menu = ["soup", "bread"]
            $0.isLoadingMenu = false
        }
        await store.finish()
    }

    @Test("signing out while the menu loads drops the menu that answers afterwards")
    func signOutDuringLoad() async throws {
        let app = try makeOrderApp(navigator: HeadlessNavigator())
        let store = TestStore(store: app.store)
        let menu = HeldMenu()
        store.replace((any MenuSource).self, with: menu)  // for this test only; the kitchen keeps HouseMenu
        await store.send(SignIn(guest: "ada")) { $0.guest = "ada" }
        await store.send(LoadMenu()) { $0.isLoadingMenu = true }
        await menu.waitForCall()
        await store.send(SignOut()) { $0 = AppState() }
        store.expectCancelled(id: MenuLoad())
        await menu.answer(["the previous guest's soup"])  // answers anyway, ignoring the cancellation
        await store.finish()  // no MenuLoaded: nothing left to receive, the state stays signed out
    }
}

/// A menu source that answers when the test says so, ignoring cancellation as careless network code does.
actor HeldMenu: MenuSource {
    private var pending: CheckedContinuation<[String], Never>?
    private var callWaiter: CheckedContinuation<Void, Never>?

    func dishes(for guest: String) async throws -> [String] {
        await withCheckedContinuation { continuation in
            pending = continuation
            callWaiter?.resume()
            callWaiter = nil
        }
    }

    /// Returns once the menu was asked for.
    func waitForCall() async {
        if pending != nil { return }
        await withCheckedContinuation { callWaiter = $0 }
    }

    /// Answers the call.
    func answer(_ dishes: [String]) {
        pending?.resume(returning: dishes)
        pending = nil
    }
}
