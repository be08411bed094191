import Brigade
import Testing

/// A feature that fails when added, to show where `make` stops.
@MainActor
final class RefusedKitchenFeature: KitchenFeature {
    func registerServices(in kitchen: Kitchen) throws {
        try kitchen.register(Greeter.self) { _ in Greeter() }
        try kitchen.register(Greeter.self) { _ in Greeter() }
    }
}

struct FeatureListError: Error, Equatable {}

@Suite("BrigadeApp.make with features made from the app")
@MainActor
struct BrigadeAppMakeTests {
    @Test("features made by the closure get the app's own store, and are routed and reduced")
    func featuresGetTheStore() async throws {
        let navigator = HeadlessNavigator()
        let app = try BrigadeApp.make(initialState: CounterState(), navigator: navigator) { app in
            [CounterFeature(store: app.store)]
        }
        try await app.wireframe.route(to: "/counter")
        app.store.dispatch(Increment())
        #expect((navigator.topController as? CounterScreen)?.text == "Count: 1")
        #expect(app.store.currentState.count == 1)
    }

    @Test("the closure runs once, with the app that is returned, and its features are added in order")
    func calledOnceInOrder() throws {
        var calls: [BrigadeApp<CounterState>] = []
        let greeter = GreeterFeature()
        let app = try BrigadeApp.make(initialState: CounterState(), historyLimit: 3) { app in
            calls.append(app)
            return [greeter, CounterFeature(store: app.store)]
        }
        #expect(calls.count == 1)
        #expect(calls.first === app)
        #expect(app.features.map { String(describing: type(of: $0)) } == ["GreeterFeature", "CounterFeature"])
        #expect(greeter.greeter?.greet() == "bonjour")
    }

    @Test("an error thrown by the closure is rethrown")
    func closureError() {
        #expect(throws: FeatureListError()) {
            _ = try BrigadeApp.make(initialState: CounterState()) { _ in throw FeatureListError() }
        }
    }

    @Test("a feature an observer refuses fails the call, naming the feature and the observer")
    func observerRefuses() {
        let error = #expect(throws: AppError.self) {
            _ = try BrigadeApp.make(initialState: CounterState()) { app in
                [CounterFeature(store: app.store), RefusedKitchenFeature()]
            }
        }
        #expect(
            error?.description.hasPrefix(
                "feature observer KitchenFeatureObserver failed to add feature RefusedKitchenFeature:") == true)
    }
}
