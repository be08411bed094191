import BrigadeCore
import Testing

// One test per row of docs/BadInput.md for BrigadeCore's errors: the trigger, through the public API, and the exact
// text the user sees. `scripts/check-bad-input.py` checks that every error case has its row and its test.

@Suite("Bad input: BrigadeCore")
@MainActor
struct CoreBadInputTests {
    @Test("AppError.observerFailed")
    func observerFailed() throws {
        let app = DefaultApp()
        try app.add(featureObserver: LoggingObserver("picky", log: Log(), failingOn: "menu"))
        let error = #expect(throws: AppError.self) { try app.add(feature: NamedFeature("menu")) }
        #expect(error?.description == "feature observer picky failed to add feature menu: refused")
        #expect(app.features.isEmpty)
    }

    @Test("AppError.featureNotInstalled")
    func featureNotInstalled() throws {
        let bare = DefaultApp()
        try bare.add(feature: NamedFeature("menu"))
        let error = #expect(throws: AppError.self) { try bare.verifyFeaturesInstalled() }
        #expect(
            error?.description
                == "feature menu was added, but no feature observer installs it (observers: none); add it to an app"
                + " whose observers handle its kind (a LogicFeature needs a ReduxApp or BrigadeApp, a ViewFeature a"
                + " WireframeApp or BrigadeApp)")
        #expect(bare.features.count == 1)
    }

    @Test("RouteParameterError.missing")
    func missingParameter() {
        let error = #expect(throws: RouteParameterError.self) { try RouteParameters(["id": "7"]).int("dish") }
        #expect(error?.description == "route parameter 'dish' is missing")
    }

    @Test("RouteParameterError.malformed")
    func malformedParameter() {
        let error = #expect(throws: RouteParameterError.self) { try RouteParameters(["id": "seven"]).int("id") }
        #expect(error?.description == "route parameter 'id' is 'seven', expected an integer")
    }
}
