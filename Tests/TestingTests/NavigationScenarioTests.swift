import BrigadeCore
import BrigadeNavigation
import BrigadeTesting
import Testing

// The scenario table is also run on an iOS simulator against BrigadeNavigationController (Tests/AppleSmokeTests,
// unverified here): the double and UIKit are held to the same transcripts.
@Suite("The navigation scenario table, run on NavigationControllerDouble")
@MainActor
struct NavigationScenarioTests {
    @Test("each scenario gives its transcript and ends on its stacks", arguments: NavigationScenario.standard)
    func scenarioOnDouble(_ scenario: NavigationScenario) async throws {
        let host = NavigationControllerDouble()
        let transcript = LifecycleTranscript()
        try await scenario.run(on: HostNavigator(host: host)) { name, style in
            TranscriptScreen(name, transcript: transcript, modalStyle: style)
        } startTranscript: {
            transcript.removeAll()
        } userAction: { step, screens in
            #expect(Self.perform(step, on: host, screens: screens), "the double refused '\(step)'")
        }
        #expect(transcript.entries == scenario.transcript)
        #expect(TranscriptScreen.names(host.shownStack) == scenario.stack)
        #expect(TranscriptScreen.names(host.shownModals) == scenario.modals)
        #expect(host.pendingTransitions == 0)
    }

    @Test("the table names each scenario once and covers what issue 25 asks the simulator run to drive")
    func tableCoversTheSmokeRun() {
        let table = NavigationScenario.standard
        #expect(Set(table.map(\.name)).count == table.count)
        let drivable = table.filter(\.isDrivableOnUIKit).flatMap(\.steps)
        #expect(drivable.contains(.push("note")))
        #expect(drivable.contains(.tapBackButton))
        #expect(drivable.contains(.present("sheet", .sheet)))
        #expect(drivable.contains(.swipeDownSheet))
        #expect(drivable.contains(.setStack(["list", "note"])))
        #expect(table.contains { !$0.isDrivableOnUIKit && $0.steps.contains(.cancelInteractivePop) })
    }

    /// Does a user step on the double; `false` when the double refused it.
    private static func perform(
        _ step: NavigationScenario.Step, on host: NavigationControllerDouble, screens: [String: any Controller]
    ) -> Bool {
        switch step {
        case .tapBackButton: return host.tapBackButton()
        case .popFromBackMenu(let name):
            guard let screen = screens[name] else { return false }
            return host.popFromBackMenu(to: screen)
        case .beginInteractivePop: return host.beginInteractivePop()
        case .finishInteractivePop: host.finishInteractivePop()
        case .cancelInteractivePop: host.cancelInteractivePop()
        case .swipeDownSheet: return host.swipeDownSheet()
        case .beginSheetSwipe: return host.beginSheetSwipe()
        case .finishSheetSwipe: host.finishSheetSwipe()
        case .cancelSheetSwipe: host.cancelSheetSwipe()
        case .push, .pop, .present, .dismiss, .setStack, .popTo, .setRoot, .replaceTop, .restore: return false
        }
        return true
    }
}
