import BrigadeCore
import BrigadeNavigation
import BrigadeTesting
import Testing

// UIKit blocks the back button, the edge swipe and sheet drags while a transition runs, so a user's pop never happens
// during a navigator transition. What does happen: a navigator call made while the user's pop or swipe runs.
@Suite("HostNavigator: calls made while the user's pop or swipe runs")
@MainActor
struct HostNavigatorUserChangeTests {
    let log = EventLog()
    let host = NavigationControllerDouble()
    let navigator: HostNavigator<NavigationControllerDouble>

    init() {
        navigator = HostNavigator(host: host)
    }

    @Test("a push made during a back swipe waits for it and starts from the host: the popped screen stays gone")
    func pushDuringBackSwipe() async throws {
        weak var weakNote: Screen?
        do {
            let note = Screen("note", log: log)
            weakNote = note
            try await navigator.setStack([Screen("list", log: log), note], animated: false)
        }
        #expect(host.beginInteractivePop())
        let push = Task { try await navigator.push(Screen("edit", log: log), animated: true) }
        await host.transitionStarted()
        #expect(host.setStackCalls == 1)
        host.finishInteractivePop()
        try await push.value
        #expect(names(host.viewControllers) == ["list", "edit"])
        #expect(names(navigator.stack) == ["list", "edit"])
        #expect(weakNote == nil)
    }

    @Test("a push made during a back swipe the user cancels lands above the screen that stayed")
    func pushDuringCancelledBackSwipe() async throws {
        try await navigator.setStack([Screen("list", log: log), Screen("note", log: log)], animated: false)
        #expect(host.beginInteractivePop())
        let push = Task { try await navigator.push(Screen("edit", log: log), animated: true) }
        await host.transitionStarted()
        host.cancelInteractivePop()
        try await push.value
        #expect(names(navigator.stack) == ["list", "note", "edit"])
    }

    @Test("a pop made during a late-ending back tap pops from the host's stack, not the one before the tap")
    func popDuringBackTap() async throws {
        try await navigator.setStack(
            [Screen("list", log: log), Screen("note", log: log), Screen("edit", log: log)], animated: false)
        host.completesLate = true
        #expect(host.tapBackButton())
        let pop = Task { try await navigator.pop(animated: true) }
        await host.transitionStarted()
        host.finishTransition()
        await host.transitionStarted()
        host.finishTransition()
        try await pop.value
        #expect(names(navigator.stack) == ["list"])
    }

    @Test("a dismiss made while the user drags the sheet waits; when the sheet is gone there is nothing to dismiss")
    func dismissDuringSheetSwipe() async throws {
        try await navigator.setRoot(Screen("list", log: log), animated: false)
        weak var weakSheet: Screen?
        do {
            let sheet = Screen("sheet", log: log)
            weakSheet = sheet
            try await navigator.present(sheet, animated: true)
        }
        #expect(host.beginSheetSwipe())
        let dismiss = Task { try await navigator.dismiss(animated: true) }
        await host.transitionStarted()
        host.finishSheetSwipe()
        await #expect(throws: NavigatorError.nothingToDismiss) { try await dismiss.value }
        #expect(navigator.modalStack.isEmpty)
        #expect(weakSheet == nil)
    }

    @Test("the user cannot pop while the navigator's push animates; after it, the pop is the user's")
    func userBlockedDuringPush() async throws {
        try await navigator.setRoot(Screen("list", log: log), animated: false)
        host.completesLate = true
        let push = Task { try await navigator.push(Screen("note", log: log), animated: true) }
        await host.transitionStarted()
        #expect(!host.tapBackButton())
        host.finishTransition()
        try await push.value
        #expect(names(navigator.stack) == ["list", "note"])
        #expect(host.tapBackButton())
        host.finishTransition()
        #expect(names(navigator.stack) == ["list"])
    }
}
