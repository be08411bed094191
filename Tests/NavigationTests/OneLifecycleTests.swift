import BrigadeCore
import BrigadeNavigation
import BrigadeTesting
import BrigadeWireframe
import Testing

/// The three navigators a feature is shown through.
enum NavigatorKind: String, CaseIterable, Sendable, CustomStringConvertible {
    case headless = "HeadlessNavigator"
    case swiftUI = "ObservableNavigator"
    case uiKit = "HostNavigator over the UIKit double"

    var description: String { rawValue }
}

/// A navigator of one kind, with what the user does on it: on UIKit the double's gestures, on SwiftUI what SwiftUI
/// does to the navigator's path, on `HeadlessNavigator` the navigator calls a terminal app makes for the same keys.
@MainActor
struct NavigatorUnderTest {
    let navigator: any ChangeReportingNavigator
    let userAction: @MainActor (NavigationScenario.Step, [String: any Controller]) async throws -> Void
    let untilIdle: @MainActor () async -> Void

    /// A navigator of `kind`; an `ObservableNavigator` makes the controllers of routes set on its path with
    /// `wireframe`.
    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    init(_ kind: NavigatorKind, wireframe: DefaultWireframe? = nil) {
        switch kind {
        case .headless:
            let navigator = HeadlessNavigator()
            self.navigator = navigator
            userAction = { step, screens in try await Self.headless(step, navigator, screens) }
            untilIdle = {}
        case .swiftUI:
            let navigator =
                wireframe.map { ObservableNavigator(wireframe: $0) }
                ?? ObservableNavigator { _ in throw NavigatorError.nothingToPop }
            self.navigator = navigator
            userAction = { step, screens in Self.swiftUI(step, navigator, screens) }
            untilIdle = {}
        case .uiKit:
            let host = NavigationControllerDouble()
            let navigator = HostNavigator(host: host)
            self.navigator = navigator
            userAction = { step, screens in Self.uiKit(step, host, screens) }
            untilIdle = { await host.transitionsEnded() }
        }
    }

    /// A user step on a navigator with no platform: only what completes changes anything.
    private static func headless(
        _ step: NavigationScenario.Step, _ navigator: HeadlessNavigator, _ screens: [String: any Controller]
    ) async throws {
        switch step {
        case .tapBackButton, .finishInteractivePop: try await navigator.pop(animated: true)
        case .popFromBackMenu(let name):
            if let screen = screens[name] { try await navigator.pop(to: screen, animated: true) }
        case .swipeDownSheet, .finishSheetSwipe: try await navigator.dismiss(animated: true)
        default: break
        }
    }

    /// What SwiftUI does to the navigator when the user navigates: it sets the path when a back tap, a back menu
    /// pick or an edge swipe completes, and the sheet's binding to `nil` when a swipe dismisses it; a gesture that is
    /// cancelled changes no binding.
    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    private static func swiftUI(
        _ step: NavigationScenario.Step, _ navigator: ObservableNavigator, _ screens: [String: any Controller]
    ) {
        switch step {
        case .tapBackButton, .finishInteractivePop:
            navigator.path = Array(navigator.path.dropLast())
        case .popFromBackMenu(let name):
            if let index = navigator.stack.firstIndex(where: { $0 === screens[name] }) {
                navigator.path = Array(navigator.path.prefix(index))
            }
        case .swipeDownSheet, .finishSheetSwipe:
            navigator[modalAt: navigator.modalPath.count - 1] = nil
        default:
            break
        }
    }

    private static func uiKit(
        _ step: NavigationScenario.Step, _ host: NavigationControllerDouble, _ screens: [String: any Controller]
    ) {
        switch step {
        case .tapBackButton: host.tapBackButton()
        case .popFromBackMenu(let name): if let screen = screens[name] { host.popFromBackMenu(to: screen) }
        case .beginInteractivePop: host.beginInteractivePop()
        case .finishInteractivePop: host.finishInteractivePop()
        case .cancelInteractivePop: host.cancelInteractivePop()
        case .swipeDownSheet: host.swipeDownSheet()
        case .beginSheetSwipe: host.beginSheetSwipe()
        case .finishSheetSwipe: host.finishSheetSwipe()
        case .cancelSheetSwipe: host.cancelSheetSwipe()
        default: break
        }
    }
}

extension NavigationScenario {
    /// The transcript on `kind`: the table's, except where the platforms really differ. A gesture the user starts and
    /// cancels (an edge swipe back, a sheet dragged and let go) gives UIKit's screens appear and disappear events, as
    /// UIKit calls `viewWillDisappear(_:)` when the gesture starts; SwiftUI changes its path or the sheet's binding only
    /// when the gesture completes, so ObservableNavigator (and HeadlessNavigator, which has no gestures) hear nothing.
    func transcript(on kind: NavigatorKind) -> [String] {
        let cancelsAGesture = steps.contains(.cancelInteractivePop) || steps.contains(.cancelSheetSwipe)
        return kind != .uiKit && cancelsAGesture ? [] : transcript
    }
}

@Suite("One lifecycle: every transition of the table gives the same events on the three navigators")
@MainActor
struct OneLifecycleTests {
    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @Test(
        "each scenario gives its transcript and ends on its stacks",
        arguments: NavigatorKind.allCases, NavigationScenario.standard)
    func scenario(_ kind: NavigatorKind, _ scenario: NavigationScenario) async throws {
        let transcript = LifecycleTranscript()
        let under = NavigatorUnderTest(kind)
        try await scenario.run(on: under.navigator) { name, style in
            TranscriptScreen(name, transcript: transcript, modalStyle: style)
        } startTranscript: {
            transcript.removeAll()
        } userAction: { step, screens in
            try await under.userAction(step, screens)
        } untilIdle: {
            await under.untilIdle()
        }
        #expect(transcript.entries == scenario.transcript(on: kind))
        #expect(TranscriptScreen.names(under.navigator.stack) == scenario.stack)
        #expect(TranscriptScreen.names(under.navigator.modalStack) == scenario.modals)
    }
}

@Suite("Change reports: every navigator tells its observers once per change, whoever made it")
@MainActor
struct ChangeReportTests {
    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @Test(
        "a call and the user's back gesture are each reported once; a cancelled or released observation is not called",
        arguments: NavigatorKind.allCases)
    func reports(_ kind: NavigatorKind) async throws {
        let under = NavigatorUnderTest(kind)
        let transcript = LifecycleTranscript()
        let (list, note) = (
            TranscriptScreen("list", transcript: transcript), TranscriptScreen("note", transcript: transcript)
        )
        var seen: [[String]] = []
        let observation = under.navigator.observeChanges { [navigator = under.navigator] in
            seen.append(TranscriptScreen.names(navigator.stack))
        }
        try await under.navigator.setRoot(list, animated: false)
        try await under.navigator.push(note, animated: true)
        try await under.userAction(.tapBackButton, ["list": list, "note": note])
        await under.untilIdle()
        #expect(seen == [["list"], ["list", "note"], ["list"]])
        observation.cancel()
        try await under.navigator.push(TranscriptScreen("edit", transcript: transcript), animated: false)
        #expect(seen.count == 3)
        var released: NavigatorObservation? = under.navigator.observeChanges { seen.append(["released"]) }
        #expect(released != nil)
        released = nil
        try await under.navigator.pop(animated: false)
        #expect(seen.count == 3)
    }

    @Test("a cancelled edge swipe on UIKit changes nothing and is not reported")
    func cancelledSwipeIsNotReported() async throws {
        let host = NavigationControllerDouble()
        let navigator = HostNavigator(host: host)
        let transcript = LifecycleTranscript()
        try await navigator.setStack(
            [TranscriptScreen("list", transcript: transcript), TranscriptScreen("note", transcript: transcript)],
            animated: false)
        var reports = 0
        let observation = navigator.observeChanges { reports += 1 }
        #expect(host.beginInteractivePop())
        host.cancelInteractivePop()
        #expect(reports == 0)
        #expect(host.tapBackButton())
        #expect(reports == 1)
        observation.cancel()
    }
}
