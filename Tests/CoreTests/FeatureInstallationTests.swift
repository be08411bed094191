import BrigadeCore
import Testing

/// An observer that installs only the features whose name it was given.
@MainActor
final class SelectiveObserver: FeatureObserver {
    let accepted: Set<String>
    init(accepting accepted: Set<String>) { self.accepted = accepted }
    var observerName: String { "selective" }
    func featureAdded(application: any FeatureApp, feature: any Feature) throws {}
    func installs(_ feature: any Feature) -> Bool { accepted.contains(feature.featureName) }
}

@Suite("Features no observer installs")
@MainActor
struct FeatureInstallationTests {
    let message =
        "feature menu was added, but no feature observer installs it (observers: none); add it to an app whose"
        + " observers handle its kind (a LogicFeature needs a ReduxApp or BrigadeApp, a ViewFeature a"
        + " WireframeApp or BrigadeApp)"

    @Test("a feature no observer installs is reported at the end of setup, to the handler and in diagnostics, once")
    func bareApp() {
        let app = DefaultApp()
        var seen: [String] = []
        app.onDiagnostic = { seen.append($0.description) }
        #expect(throws: Never.self) { try app.add(feature: NamedFeature("menu")) }
        #expect(seen.isEmpty)
        #expect(app.diagnostics.isEmpty)
        let error = #expect(throws: AppError.self) { try app.verifyFeaturesInstalled() }
        #expect(error?.description == message)
        #expect(seen == [message])
        #expect(app.diagnostics.map(\.description) == [message])
        // A second check throws again but does not report the same feature twice.
        #expect(throws: AppError.self) { try app.verifyFeaturesInstalled() }
        #expect(seen == [message])
        #expect(app.features.count == 1)
    }

    @Test("a feature added before the observer that installs it is never reported, and the check passes")
    func featureBeforeObserver() throws {
        let app = DefaultApp()
        var seen: [String] = []
        app.onDiagnostic = { seen.append($0.description) }
        try app.add(feature: NamedFeature("menu"))
        try app.add(featureObserver: SelectiveObserver(accepting: ["menu"]))
        try app.verifyFeaturesInstalled()
        #expect(seen.isEmpty)
        #expect(app.diagnostics.isEmpty)
    }

    @Test("every feature no observer installs is reported, in the order added; the check throws the first")
    func severalMissing() throws {
        let app = DefaultApp(featureObservers: [SelectiveObserver(accepting: ["menu"])])
        try app.add(feature: NamedFeature("cart"))
        try app.add(feature: NamedFeature("menu"))
        try app.add(feature: NamedFeature("bill"))
        let error = #expect(throws: AppError.self) { try app.verifyFeaturesInstalled() }
        #expect(error?.description.hasPrefix("feature cart was added") == true)
        #expect(app.diagnostics.map { String($0.description.prefix(12)) } == ["feature cart", "feature bill"])
    }

    @Test("a feature an observer installs is not reported")
    func installed() throws {
        let app = DefaultApp(featureObservers: [SelectiveObserver(accepting: ["menu"])])
        try app.add(feature: NamedFeature("menu"))
        try app.verifyFeaturesInstalled()
        #expect(app.diagnostics.isEmpty)
    }

    @Test("the report names the observers that were asked")
    func namesObservers() throws {
        let app = DefaultApp(featureObservers: [SelectiveObserver(accepting: ["menu"])])
        try app.add(feature: NamedFeature("cart"))
        #expect(throws: AppError.self) { try app.verifyFeaturesInstalled() }
        #expect(app.diagnostics.first?.description.contains("(observers: selective)") == true)
    }

    @Test("an observer that does not say is taken to install everything")
    func defaultInstalls() throws {
        let app = DefaultApp(featureObservers: [LoggingObserver("plain", log: Log())])
        try app.add(feature: NamedFeature("menu"))
        try app.verifyFeaturesInstalled()
        #expect(app.diagnostics.isEmpty)
    }

    @Test("verifyFeaturesInstalled passes once a later observer installs an early feature")
    func verifyAfterLateObserver() throws {
        let app = DefaultApp()
        try app.add(feature: NamedFeature("menu"))
        #expect(throws: AppError.self) { try app.verifyFeaturesInstalled() }
        try app.add(featureObserver: SelectiveObserver(accepting: ["menu"]))
        try app.verifyFeaturesInstalled()
    }
}
