import BrigadeCore
import BrigadeTesting
import BrigadeWireframe
import Testing

@MainActor
final class Home: Controller { var attachments = ControllerAttachments() }
@MainActor
final class Detail: Controller { var attachments = ControllerAttachments() }

@Suite("ManualClock")
struct ManualClockTests {
    @Test("a sleeper wakes only when the clock is advanced past its deadline")
    func advance() async throws {
        let clock = ManualClock()
        let sleeper = Task { try await clock.sleep(for: .seconds(1)) }
        await clock.waitForSleepers(1)
        clock.advance(by: .milliseconds(500))
        #expect(clock.sleeperCount == 1)
        clock.advance(by: .milliseconds(500))
        try await sleeper.value
        #expect(clock.sleeperCount == 0)
        #expect(clock.now.offset == .seconds(1))
    }

    @Test("cancelling a sleeper ends its sleep with CancellationError")
    func cancellation() async {
        let clock = ManualClock()
        let sleeper = Task { try await clock.sleep(for: .seconds(10)) }
        await clock.waitForSleepers(1)
        sleeper.cancel()
        await #expect(throws: CancellationError.self) {
            try await sleeper.value
        }
    }
}

@Suite("RecordingActionDispatcher")
struct RecordingActionDispatcherTests {
    struct Tap: Action { let id: Int }

    @Test("records what it is given, in order, from any task")
    func records() async {
        let dispatcher = RecordingActionDispatcher()
        dispatcher.dispatch(Tap(id: 1))
        await Task.detached { dispatcher.dispatch(Tap(id: 2)) }.value
        #expect(dispatcher.actions(of: Tap.self).map(\.id) == [1, 2])
        dispatcher.reset()
        #expect(dispatcher.actions.isEmpty)
    }
}

@Suite("Navigation assertions")
@MainActor
struct NavigationAssertionTests {
    @Test("assert the stack, the modals and the lifecycle log; failures are reported")
    func assertions() async throws {
        let navigator = HeadlessNavigator(recordsLifecycle: true)
        let captured = Captured()
        let assertions = NavigationAssertions(
            navigator, reporter: FailureReporter { message, _ in captured.messages.append(message) })
        try await navigator.setRoot(Home(), animated: false)
        let detail = Detail()
        detail.attachments.modalStyle = .fullScreen
        try await navigator.present(detail, animated: true)
        assertions.assertStack([Home.self])
        assertions.assertModals([Detail.self])
        assertions.assertLifecycle([
            "Home.load", "Home.willAppear(not animated)", "Home.didAppear(not animated)", "Detail.load",
            "Home.willDisappear(animated)", "Detail.willAppear(animated)", "Home.didDisappear(animated)",
            "Detail.didAppear(animated)",
        ])
        #expect(captured.messages.isEmpty)
        assertions.assertStack([Detail.self])
        #expect(captured.messages == ["navigation stack is [Home], expected [Detail]"])
        #expect(navigator.snapshot == NavigationSnapshot(stack: ["Home"], modals: ["Detail"]))
    }
}
