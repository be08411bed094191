import BrigadeCore
import Testing

@MainActor
private protocol CourseFeature: Feature {
    var course: String { get }
}

@MainActor
private final class Starter: CourseFeature {
    let course = "starter"
    /// Says its kind as Brigade's kinds do in their protocol extensions, in a free slot.
    var _kindSlot5: FeatureKind? { FeatureKind(self as any CourseFeature) }
}

@MainActor
private final class Plain: Feature {}

@MainActor
private class Screen: Feature {}

/// Adds a kind its superclass does not have: its kind slots are its superclass's.
@MainActor
private final class MainCourse: Screen, CourseFeature {
    let course = "main"
}

@Suite("FeatureKind")
@MainActor
struct FeatureKindTests {
    @Test("a kind hands the feature back as the kind it was made for, and nil for any other")
    func kindRoundTrip() throws {
        let starter = Starter()
        let kind = try #require(starter._kindSlot5)
        #expect(kind.feature(as: (any CourseFeature).self)?.course == "starter")
        #expect(kind.feature(as: (any Feature).self) == nil)
        #expect(Plain()._kindSlot5 == nil)
    }

    @Test("an installer that reads the feature's kind installs the features of the kind, and says so, without a cast")
    func installerByKind() throws {
        var installed: [String] = []
        let installer = FeatureInstaller<any CourseFeature>(name: "Courses", kind: { $0._kindSlot5 }) {
            installed.append($0.course)
        }
        let app = DefaultApp(featureObservers: [installer])
        try app.add(feature: Starter())
        try app.add(feature: Plain())
        #expect(installed == ["starter"])
        #expect(installer.installs(Starter()))
        #expect(!installer.installs(Plain()))
    }

    @Test("a subclass that adds a kind its superclass does not have is installed as that kind")
    func subclassAddingAKind() throws {
        var installed: [String] = []
        let installer = FeatureInstaller<any CourseFeature>(name: "Courses", kind: { $0._kindSlot5 }) {
            installed.append($0.course)
        }
        let app = DefaultApp(featureObservers: [installer])
        try app.add(feature: MainCourse())
        try app.add(feature: Screen())
        #expect(installed == ["main"])
        #expect(MainCourse()._kindSlot5 == nil)
    }
}
