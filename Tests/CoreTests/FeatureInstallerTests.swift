import BrigadeCore
import Testing

@MainActor
private protocol GreetingFeature: Feature {
    var greeting: String { get }
}

@MainActor
private protocol FarewellFeature: Feature {}

@MainActor
private final class Greeter: GreetingFeature {
    let greeting = "hello"
}

@MainActor
private final class Leaver: FarewellFeature {}

@MainActor
private final class Both: GreetingFeature, FarewellFeature {
    let greeting = "hi"
}

private struct Refused: Error, Equatable {}

@Suite("FeatureInstaller")
@MainActor
struct FeatureInstallerTests {
    @Test("a feature of the installer's existential kind is handed to the closure; the others are ignored")
    func installsItsKind() throws {
        var installed: [String] = []
        let installer = FeatureInstaller<any GreetingFeature> { installed.append($0.greeting) }
        let app = DefaultApp()
        try app.add(featureObserver: installer)
        try app.add(feature: Greeter())
        try app.add(feature: Leaver())
        try app.add(feature: Both())
        #expect(installed == ["hello", "hi"])
    }

    @Test("installs(_:) answers whether a feature is of the kind, so a feature of no observer's kind is reported")
    func answersForItsKind() throws {
        let installer = FeatureInstaller<any FarewellFeature> { _ in }
        #expect(installer.installs(Leaver()))
        #expect(installer.installs(Both()))
        #expect(!installer.installs(Greeter()))
        let app = DefaultApp(featureObservers: [installer])
        try app.add(feature: Greeter())
        #expect(throws: AppError.self) { try app.verifyFeaturesInstalled() }
        #expect(app.diagnostics.count == 1)
    }

    @Test("the name given appears in errors; without one it is FeatureInstaller<Kind>")
    func names() {
        #expect(FeatureInstaller<any GreetingFeature>(name: "Greetings") { _ in }.observerName == "Greetings")
        #expect(
            FeatureInstaller<any GreetingFeature> { _ in }.observerName
                == "FeatureInstaller<GreetingFeature>")
    }

    @Test("an error thrown by the closure fails the feature's addition, naming the installer")
    func closureErrors() {
        let installer = FeatureInstaller<any GreetingFeature>(name: "Greetings") { _ in throw Refused() }
        let app = DefaultApp(featureObservers: [installer])
        let error = #expect(throws: AppError.self) { try app.add(feature: Greeter()) }
        #expect(error?.description.hasPrefix("feature observer Greetings failed to add feature Greeter:") == true)
    }

    @Test("a concrete feature type works as the kind too")
    func concreteKind() throws {
        var count = 0
        let installer = FeatureInstaller<Leaver> { _ in count += 1 }
        try installer.featureAdded(application: DefaultApp(), feature: Leaver())
        try installer.featureAdded(application: DefaultApp(), feature: Greeter())
        #expect(count == 1)
        #expect(installer.installs(Leaver()))
        #expect(!installer.installs(Both()))
    }
}
