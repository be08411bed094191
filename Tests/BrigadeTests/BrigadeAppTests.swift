import Brigade
import Testing

@Suite("Quick start")
@MainActor
struct QuickStartTests {
    @Test("the README's quick start compiles and runs")
    func quickStart() async throws {
        let navigator = HeadlessNavigator()
        let redux = Redux(initialState: CounterState())
        let app = BrigadeApp(redux: redux, navigator: navigator)
        try app.add(feature: CounterFeature(store: app.store))
        try await app.wireframe.route(to: "/counter")
        app.store.dispatch(Increment())
        #expect((navigator.topController as? CounterScreen)?.text == "Count: 1")
    }
}

final class Greeter: Sendable {
    func greet() -> String { "bonjour" }
}

@MainActor
final class GreeterFeature: KitchenFeature {
    private(set) var greeter: Greeter?
    func registerServices(in kitchen: Kitchen) throws {
        try kitchen.register(Greeter.self) { _ in Greeter() }
    }
    func servicesReady(in kitchen: Kitchen) throws {
        greeter = try kitchen.resolve(Greeter.self)
    }
}

@MainActor
final class NeedsClientFeature: KitchenFeature {
    var requiredServices: [any KitchenRequirement] { [Requires(APIClient.self)] }
}

@Suite("BrigadeApp")
@MainActor
struct BrigadeAppTests {
    @Test("one feature reaches the store, the wireframe and the kitchen")
    func everySide() async throws {
        let navigator = HeadlessNavigator()
        let greeter = GreeterFeature()
        let app = try BrigadeApp.make(initialState: CounterState(), features: [greeter], navigator: navigator)
        try app.add(feature: CounterFeature(store: app.store))
        #expect(greeter.greeter?.greet() == "bonjour")
        #expect(app.wireframe.routePatterns.keys.contains("/counter"))
        app.store.dispatch(Increment())
        #expect(app.store.currentState.count == 1)
        #expect(app.features.count == 2)
    }

    @Test("a kitchen feature whose service is missing fails at start-up, naming the feature and the chain")
    func missingService() throws {
        let error = #expect(throws: AppError.self) {
            _ = try BrigadeApp.make(initialState: CounterState(), features: [NeedsClientFeature()])
        }
        #expect(
            error?.description
                == "feature observer KitchenFeatureObserver failed to add feature NeedsClientFeature: APIClient (not registered)"
        )
    }
}
