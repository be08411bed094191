import BrigadeCore
import BrigadeTesting
import BrigadeWireframe
import Testing

@Suite("NavigationAssertions.assertLifecycle")
@MainActor
struct LifecycleAssertionTests {
    /// A navigator that showed Home, then presented Detail full screen, with the assertions reporting into `captured`.
    private func shown() async throws -> (NavigationAssertions, Captured) {
        let navigator = HeadlessNavigator(recordsLifecycle: true)
        let captured = Captured()
        let assertions = NavigationAssertions(
            navigator, reporter: FailureReporter { message, _ in captured.messages.append(message) })
        try await navigator.setRoot(Home(), animated: false)
        let detail = Detail()
        detail.attachments.modalStyle = .fullScreen
        try await navigator.present(detail, animated: true)
        return (assertions, captured)
    }

    @Test("passes when the log ends with the entries, whatever came before them")
    func endsWith() async throws {
        let (assertions, captured) = try await shown()
        assertions.assertLifecycle(["Home.didDisappear(animated)", "Detail.didAppear(animated)"])
        #expect(captured.messages.isEmpty)
    }

    @Test("fails, through its reporter, when the log does not end with the entries")
    func doesNotEndWith() async throws {
        let (assertions, captured) = try await shown()
        assertions.assertLifecycle(["Home.load", "Home.willAppear(not animated)"])
        #expect(captured.messages.count == 1)
        #expect(captured.messages.first?.contains("expected it to end with:\n  Home.load") == true)
    }

    @Test("fails when the entries are more than the log holds")
    func longerThanLog() async throws {
        let (assertions, captured) = try await shown()
        assertions.assertLifecycle(["Home.didDisappear(animated)", "Detail.didAppear(animated)"])
        assertions.assertLifecycle(["Detail.didAppear(animated)"])
        #expect(captured.messages.count == 1)
    }
}
