import BrigadeCore
import BrigadeNavigation
import BrigadeTesting
import Testing

@Suite("HostNavigator: what the user does while a navigator transition runs")
@MainActor
struct HostNavigatorUserChangeTests {
    let log = EventLog()
    let host = NavigationControllerDouble()
    let navigator: HostNavigator<NavigationControllerDouble>

    init() {
        navigator = HostNavigator(host: host)
    }

    @Test("a back tap during a late-completing push ends with the host's stack, the popped controller released")
    func backTapDuringPush() async throws {
        try await navigator.setRoot(Screen("list", log: log), animated: false)
        host.completesLate = true
        weak var weakNote: Screen?
        let push: Task<Void, any Error>
        do {
            let note = Screen("note", log: log)
            weakNote = note
            push = Task { try await navigator.push(note, animated: true) }
        }
        await host.transitionStarted()
        host.tapBackButton()
        host.finishTransition()
        try await push.value
        #expect(names(host.viewControllers) == ["list"])
        #expect(names(navigator.stack) == ["list"])
        #expect(weakNote == nil)
    }

    @Test("an interactive pop finished during a late-completing push is kept, and later calls start from it")
    func interactivePopDuringPush() async throws {
        let list = Screen("list", log: log)
        try await navigator.setStack([list, Screen("note 1", log: log)], animated: false)
        host.completesLate = true
        let push = Task { try await navigator.push(Screen("note 2", log: log), animated: true) }
        await host.transitionStarted()
        host.beginInteractivePop()
        host.finishInteractivePop()
        host.finishTransition()
        try await push.value
        #expect(names(navigator.stack) == ["list", "note 1"])
        host.completesLate = false
        try await navigator.pop(animated: true)
        #expect(names(navigator.stack) == ["list"])
        #expect(names(host.viewControllers) == ["list"])
    }

    @Test("a sheet swiped down during its late-completing presentation leaves no modal, and is released")
    func swipeDownDuringPresent() async throws {
        try await navigator.setRoot(Screen("list", log: log), animated: false)
        host.completesLate = true
        weak var weakSheet: Screen?
        let present: Task<Void, any Error>
        do {
            let sheet = Screen("sheet", log: log)
            weakSheet = sheet
            present = Task { try await navigator.present(sheet, animated: true) }
        }
        await host.transitionStarted()
        host.swipeDownSheet()
        host.finishTransition()
        try await present.value
        #expect(host.presented.isEmpty)
        #expect(navigator.modalStack.isEmpty)
        #expect(weakSheet == nil)
        await #expect(throws: NavigatorError.nothingToDismiss) { try await navigator.dismiss(animated: true) }
    }
}
