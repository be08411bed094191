import BrigadeCore
import Testing

@MainActor
final class NamedFeature: Feature {
    let name: String
    init(_ name: String) { self.name = name }
    var featureName: String { name }
}

@MainActor
final class LoggingObserver: FeatureObserver {
    let name: String
    let log: Log
    let failingFeature: String?

    init(_ name: String, log: Log, failingOn failingFeature: String? = nil) {
        self.name = name
        self.log = log
        self.failingFeature = failingFeature
    }

    var observerName: String { name }

    func featureAdded(application: any FeatureApp, feature: any Feature) throws {
        if feature.featureName == failingFeature {
            throw TestFailure.refused
        }
        log.entries.append("\(name) got \(feature.featureName)")
    }
}

@MainActor
final class Log {
    var entries: [String] = []
}

enum TestFailure: Error, CustomStringConvertible {
    case refused
    var description: String { "refused" }
}

@Suite("DefaultApp")
@MainActor
struct DefaultAppTests {
    @Test("observers run in the order they were added")
    func observerOrder() throws {
        let log = Log()
        let app = DefaultApp()
        try app.add(featureObserver: LoggingObserver("first", log: log))
        try app.add(featureObserver: LoggingObserver("second", log: log))
        try app.add(feature: NamedFeature("menu"))
        #expect(log.entries == ["first got menu", "second got menu"])
    }

    @Test("an observer added late is given the earlier features, in order")
    func replayOfEarlierFeatures() throws {
        let log = Log()
        let app = DefaultApp()
        try app.add(feature: NamedFeature("menu"))
        try app.add(feature: NamedFeature("order"))
        try app.add(featureObserver: LoggingObserver("late", log: log))
        try app.add(feature: NamedFeature("specials"))
        #expect(log.entries == ["late got menu", "late got order", "late got specials"])
        #expect(app.features.map(\.featureName) == ["menu", "order", "specials"])
    }

    @Test("a throwing observer makes add(feature:) throw an error naming the feature and the observer")
    func throwingObserver() throws {
        let log = Log()
        let app = DefaultApp()
        try app.add(featureObserver: LoggingObserver("first", log: log))
        try app.add(featureObserver: LoggingObserver("picky", log: log, failingOn: "menu"))
        try app.add(featureObserver: LoggingObserver("third", log: log))
        let error = #expect(throws: AppError.self) {
            try app.add(feature: NamedFeature("menu"))
        }
        #expect(error?.description == "feature observer picky failed to add feature menu: refused")
        #expect(log.entries == ["first got menu"])
        #expect(app.features.isEmpty)
    }

    @Test("a late observer that throws on replay names the earlier feature")
    func throwingLateObserver() throws {
        let log = Log()
        let app = DefaultApp()
        try app.add(feature: NamedFeature("menu"))
        try app.add(feature: NamedFeature("order"))
        let error = #expect(throws: AppError.self) {
            try app.add(featureObserver: LoggingObserver("late", log: log, failingOn: "order"))
        }
        #expect(error?.description == "feature observer late failed to add feature order: refused")
        #expect(log.entries == ["late got menu"])
    }

    @Test("the default feature name is the type name")
    func defaultNames() {
        final class MenuFeature: Feature {}
        #expect(MenuFeature().featureName == "MenuFeature")
    }
}
