import BrigadeCore
import BrigadeWireframe
import Testing

/// Counts what the wireframe asks of its view features.
@MainActor
private final class Counter {
    var calls = 0
}

/// A view feature that counts every call the wireframe makes to it.
@MainActor
private final class CountingFeature: ViewFeature {
    let counter: Counter
    let pattern: String

    init(_ pattern: String, counter: Counter) {
        self.pattern = pattern
        self.counter = counter
    }

    var routePattern: String {
        counter.calls += 1
        return pattern
    }

    var priority: Int {
        counter.calls += 1
        return 0
    }

    func makeOption(routeResult: RouteResult) -> RoutingOption? {
        counter.calls += 1
        return nil
    }

    func makeController(routeResult: RouteResult) throws -> any Controller {
        counter.calls += 1
        return Screen(routeResult.routePattern)
    }
}

@Suite("Routing cost and the number of view features")
@MainActor
struct ViewFeatureRoutingCostTests {
    /// How many calls routing one URL and popping it back makes to view features, with `count` features added.
    private func callsPerRoute(features count: Int) async throws -> Int {
        let navigator = HeadlessNavigator()
        let app = WireframeApp(navigator: navigator)
        let counter = Counter()
        for index in 0..<count {
            try app.add(feature: CountingFeature("/dish\(index)/:id", counter: counter))
        }
        try await app.wireframe.route(to: "/dish0/1", option: .root)
        counter.calls = 0
        try await app.wireframe.route(to: "/dish\(count - 1)/7")
        try await app.wireframe.popController(animated: false)
        #expect(navigator.stack.count == 1)
        return counter.calls
    }

    @Test("routing with 1,000 view features asks the features no more than routing with 10")
    func independentOfFeatureCount() async throws {
        let withTen = try await callsPerRoute(features: 10)
        let withThousand = try await callsPerRoute(features: 1_000)
        #expect(withTen == 2)  // the matched feature's option and controller
        #expect(withThousand == withTen)
    }

    @Test("a view feature's option still folds with the other option providers by priority")
    func optionOrder() async throws {
        final class ModalFeature: ViewFeature {
            let routePattern = "/sheet"
            let priority = 5
            func makeOption(routeResult: RouteResult) -> RoutingOption? { .modal }
            func makeController(routeResult: RouteResult) throws -> any Controller { Screen("sheet") }
        }
        let log = RoutingLog()
        let navigator = HeadlessNavigator()
        let app = WireframeApp(navigator: navigator)
        app.wireframe.add(optionProvider: FixedOptionProvider("low", log: log, result: nil), priority: 1)
        try app.add(feature: ModalFeature())
        app.wireframe.add(optionProvider: FixedOptionProvider("high", log: log, result: nil), priority: 9)
        try await app.wireframe.route(to: "/sheet")
        #expect(log.entries == ["low saw push", "high saw modal"])
        #expect(navigator.modalStack.count == 1)
    }
}
