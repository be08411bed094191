import BrigadeComposition
import BrigadeCore
import BrigadeInspector
import BrigadeNavigation
import BrigadeRedux
import BrigadeTesting
import BrigadeWireframe
import Testing

/// The navigators an app shows its screens through, each with the user's back gesture as its platform makes it.
enum InspectedNavigator: String, CaseIterable, Sendable, CustomStringConvertible {
    case headless = "HeadlessNavigator"
    case swiftUI = "ObservableNavigator"
    case uiKit = "HostNavigator over the UIKit double"

    var description: String { rawValue }

    /// A navigator of this kind, and the user going back one screen on it.
    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @MainActor
    func make() -> (navigator: any ChangeReportingNavigator, goBack: @MainActor () async throws -> Void) {
        switch self {
        case .headless:
            let navigator = HeadlessNavigator()
            return (navigator, { try await navigator.pop(animated: true) })
        case .swiftUI:
            let navigator = ObservableNavigator { _ in throw NavigatorError.nothingToPop }
            // What SwiftUI does when the user swipes back: it sets the path.
            return (navigator, { navigator.path = Array(navigator.path.dropLast()) })
        case .uiKit:
            let host = NavigationControllerDouble()
            return (HostNavigator(host: host), { host.tapBackButton() })
        }
    }
}

@Suite("Inspector on every navigator: screens recorded, origins named, travel restores the stack")
@MainActor
struct InspectorNavigatorTests {
    /// A kitchen app on `navigator` with a menu and a dish screen; `dishAppeared` runs when a dish appears.
    private func menuApp(
        on navigator: any ChangeReportingNavigator, at event: LifecycleEvent = .didAppear(animated: false),
        dishAppeared: (@MainActor (Store<KitchenState>) -> Void)? = nil
    ) throws -> BrigadeApp<KitchenState> {
        let app = BrigadeApp(redux: Redux(initialState: KitchenState()), navigator: navigator)
        let store = app.store
        try app.add(feature: ScreenFeature(pattern: "/menu"))
        try app.add(feature: ScreenFeature(pattern: "/menu/:dish", at: event) { dishAppeared?(store) })
        return app
    }

    /// The menu app, whose dish screen orders bread at `event`, with an inspector on its store and navigator.
    private func inspectedOrderingApp(
        on navigator: any ChangeReportingNavigator, at event: LifecycleEvent
    ) throws -> (BrigadeApp<KitchenState>, Inspector) {
        let app = try menuApp(on: navigator, at: event) { $0.dispatch(PlaceOrder(dish: "bread")) }
        app.store.reducers.add(on: \KitchenState.orders) { (orders: inout [Order], action: PlaceOrder) in
            orders.append(Order(dish: action.dish, status: "cooking"))
        }
        let inspector = Inspector()
        inspector.attach(to: app.store)
        inspector.attach(to: app.wireframe, navigator: navigator)
        return (app, inspector)
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @Test(
        "the screens are recorded after each change, the user's back gesture too, with their lifecycle events",
        arguments: InspectedNavigator.allCases)
    func screensRecorded(_ kind: InspectedNavigator) async throws {
        let (navigator, goBack) = kind.make()
        let app = try menuApp(on: navigator)
        let inspector = app.inspect(navigator: navigator, port: 1)
        try await app.wireframe.route(to: "/menu", option: .root)
        try await app.wireframe.route(to: "/menu/soup")
        try await goBack()

        let navigation = await inspector.events().filter { $0.type == .navigation }
        #expect(navigation.map(\.stack) == [[], ["/menu"], ["/menu", "/menu/soup"], ["/menu"]])
        #expect(
            navigation.last?.lifecycle?.map(\.event) == [
                "willDisappear(animated)", "willAppear(animated)", "didDisappear(animated)", "didAppear(animated)",
            ])
        inspector.disconnect()
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @Test(
        "each action names the screen that sent it, and travel puts that screen's stack back",
        arguments: InspectedNavigator.allCases)
    func originsAndTravel(_ kind: InspectedNavigator) async throws {
        let (navigator, _) = kind.make()
        let (app, inspector) = try inspectedOrderingApp(on: navigator, at: .didAppear(animated: false))
        let store = app.store
        try await app.wireframe.route(to: "/menu", option: .root)
        store.dispatch(PlaceOrder(dish: "soup"))
        try await app.wireframe.route(to: "/menu/soup")

        let placed = await inspector.events().filter { $0.action == "PlaceOrder" }
        #expect(
            placed.map(\.origin) == [.init(kind: "screen", name: "/menu"), .init(kind: "screen", name: "/menu/soup")])
        try await inspector.travel(to: placed[0].seq)
        #expect(store.currentState.orders.map(\.dish) == ["soup"])
        #expect(navigator.stack.compactMap { $0.attachments.routeResult?.url.absoluteString } == ["/menu"])
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @Test(
        "an action a screen dispatches while it loads or is about to appear names that screen, not the one under it",
        arguments: InspectedNavigator.allCases, [LifecycleEvent.load, .willAppear(animated: false)])
    func originWhileLoading(_ kind: InspectedNavigator, event: LifecycleEvent) async throws {
        let (navigator, _) = kind.make()
        let (app, inspector) = try inspectedOrderingApp(on: navigator, at: event)
        try await app.wireframe.route(to: "/menu", option: .root)
        try await app.wireframe.route(to: "/menu/soup")

        let placed = await inspector.events().filter { $0.action == "PlaceOrder" }
        #expect(placed.map(\.origin) == [.init(kind: "screen", name: "/menu/soup")])
    }
}
