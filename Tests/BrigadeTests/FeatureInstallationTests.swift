import Brigade
import Testing

@MainActor
private final class CartLogic: LogicFeature {
    func injectReducers(container: ReducerContainer) {}
}

@Suite("Features the app cannot install")
@MainActor
struct FeatureInstallationTests {
    @Test("a LogicFeature added to a WireframeApp is reported at the end of setup, naming the feature and observers")
    func logicFeatureInWireframeApp() throws {
        let app = WireframeApp()
        var seen: [String] = []
        app.onDiagnostic = { seen.append($0.description) }
        try app.add(feature: CartLogic())
        #expect(seen.isEmpty)
        let message =
            "feature CartLogic was added, but no feature observer installs it (observers: ViewFeatureObserver,"
            + " PresenterFeatureObserver); add it to an app whose observers handle its kind (a LogicFeature"
            + " needs a ReduxApp or BrigadeApp, a ViewFeature a WireframeApp or BrigadeApp)"
        let error = #expect(throws: AppError.self) { try app.verifyFeaturesInstalled() }
        #expect(error?.description == message)
        #expect(seen == [message])
        #expect(app.diagnostics.map(\.description) == [message])
    }

    @Test("the same LogicFeature in a BrigadeApp is installed and not reported")
    func logicFeatureInBrigadeApp() throws {
        let app = try BrigadeApp.make(initialState: 0, features: [])
        try app.add(feature: CartLogic())
        try app.verifyFeaturesInstalled()
        #expect(app.diagnostics.isEmpty)
    }
}
