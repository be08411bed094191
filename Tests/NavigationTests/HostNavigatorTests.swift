import BrigadeCore
import BrigadeNavigation
import BrigadeTesting
import Testing

@Suite("HostNavigator: UIKit's navigator, against a UINavigationController double")
@MainActor
struct HostNavigatorTests {
    let log = EventLog()
    let host = NavigationControllerDouble()
    let navigator: HostNavigator<NavigationControllerDouble>

    init() {
        navigator = HostNavigator(host: host)
    }

    func screen(_ name: String) -> Screen {
        Screen(name, log: log)
    }

    @Test("push returns only when the host's transition completed; meanwhile the stack is what the host shows")
    func pushWaitsForCompletion() async throws {
        try await navigator.setRoot(screen("list"), animated: false)
        host.completesLate = true
        let note = screen("note")
        let push = Task { try await navigator.push(note, animated: true) }
        await host.transitionStarted()
        #expect(names(navigator.stack) == ["list", "note"])
        #expect(!log.entries.contains("note.didAppear(animated)"))
        host.finishTransition()
        try await push.value
        #expect(names(navigator.stack) == ["list", "note"])
        #expect(log.entries.last == "note.didAppear(animated)")
    }

    @Test("the host delivers lifecycle events, each once even when UIKit repeats one; the navigator adds none")
    func hostDeliversOnce() async throws {
        host.repeatsAppearance = true
        let list = screen("list")
        list.attachments.presenters = [LoggingPresenter(log: log)]
        try await navigator.setRoot(list, animated: true)
        #expect(
            log.entries == [
                "list.load", "list/presenter.load", "list.willAppear(animated)", "list/presenter.willAppear(animated)",
                "list.didAppear(animated)", "list/presenter.didAppear(animated)",
            ])
    }

    @Test("a back-button pop the user made is in the stack at once, and the controller is released")
    func backButtonSynced() async throws {
        weak var weakNote: Screen?
        do {
            let note = screen("note")
            weakNote = note
            try await navigator.setStack([screen("list"), note], animated: false)
        }
        host.tapBackButton()
        #expect(names(navigator.stack) == ["list"])
        #expect(weakNote == nil)
        #expect(log.entries.suffix(2) == ["note.didDisappear(animated)", "list.didAppear(animated)"])
    }

    @Test("an interactive pop that is cancelled leaves the stack as it was and the top appears again")
    func interactivePopCancelled() async throws {
        let note = screen("note")
        try await navigator.setStack([screen("list"), note], animated: false)
        log.clear()
        host.beginInteractivePop()
        #expect(names(navigator.stack) == ["list"])
        host.cancelInteractivePop()
        #expect(names(navigator.stack) == ["list", "note"])
        #expect(log.entries.last == "note.didAppear(animated)")
        try await navigator.pop(animated: false)
        #expect(names(navigator.stack) == ["list"])
    }

    @Test("an interactive pop that finishes leaves the stack without the top, which is released")
    func interactivePopFinished() async throws {
        weak var weakNote: Screen?
        do {
            let note = screen("note")
            weakNote = note
            try await navigator.setStack([screen("list"), note], animated: false)
        }
        host.beginInteractivePop()
        host.finishInteractivePop()
        #expect(names(navigator.stack) == ["list"])
        #expect(weakNote == nil)
    }

    @Test("calls made during a transition run after it, in order, each on the stack the previous one left")
    func callsAreSerial() async throws {
        try await navigator.setRoot(screen("a"), animated: false)
        host.completesLate = true
        let b = screen("b")
        let c = screen("c")
        let first = Task { try await navigator.push(b, animated: true) }
        await host.transitionStarted()
        let second = Task { try await navigator.push(c, animated: true) }
        // Both tasks run on the main actor, in the order they were made: once this one has run, the push above has
        // run until it waits for its turn, and its effect is in the navigator's stack.
        await Task { @MainActor in }.value
        #expect(names(navigator.stack) == ["a", "b", "c"])
        #expect(host.setStackCalls == 2)
        host.finishTransition()
        try await first.value
        await host.transitionStarted()
        host.finishTransition()
        try await second.value
        #expect(host.setStackCalls == 3)
        #expect(names(host.viewControllers) == ["a", "b", "c"])
        #expect(names(navigator.stack) == ["a", "b", "c"])
    }

    @Test("present and dismiss complete with the host's transition (full screen: the presenter appears again)")
    func presentAndDismiss() async throws {
        try await navigator.setRoot(screen("list"), animated: false)
        host.presentationStyle = { _ in .fullScreen }
        host.completesLate = true
        let edit = screen("edit")
        let present = Task { try await navigator.present(edit, animated: true) }
        await host.transitionStarted()
        #expect(!log.entries.contains("edit.didAppear(animated)"))
        host.finishTransition()
        try await present.value
        #expect(names(navigator.modalStack) == ["edit"])
        let dismiss = Task { try await navigator.dismiss(animated: true) }
        await host.transitionStarted()
        #expect(log.entries.last == "list.willAppear(animated)")
        host.finishTransition()
        try await dismiss.value
        #expect(navigator.modalStack.isEmpty)
        #expect(log.entries.suffix(2) == ["edit.didDisappear(animated)", "list.didAppear(animated)"])
    }

    @Test("a sheet the user swiped down leaves the modals and is released")
    func sheetSwipedDown() async throws {
        try await navigator.setRoot(screen("list"), animated: false)
        weak var weakEdit: Screen?
        do {
            let edit = screen("edit")
            weakEdit = edit
            try await navigator.present(edit, animated: true)
        }
        host.swipeDownSheet()
        #expect(navigator.modalStack.isEmpty)
        #expect(weakEdit == nil)
    }

    @Test("setStack dismisses the modals and shows the whole stack in one host transition")
    func setStackOneTransition() async throws {
        try await navigator.setRoot(screen("home"), animated: false)
        try await navigator.present(screen("modal"), animated: false)
        let calls = host.setStackCalls
        try await navigator.setStack([screen("list"), screen("note"), screen("edit")], animated: true)
        #expect(host.setStackCalls == calls + 1)
        #expect(navigator.modalStack.isEmpty && host.presented.isEmpty)
        #expect(names(navigator.stack) == ["list", "note", "edit"])
        #expect(!log.entries.contains("note.willAppear(animated)"))
        #expect(log.entries.last == "edit.didAppear(animated)")
    }

    @Test("replaceTop and pop(to:) keep the navigator and the host in step")
    func replaceTopAndPopTo() async throws {
        let list = screen("list")
        try await navigator.setStack([list, screen("a")], animated: false)
        try await navigator.replaceTop(with: screen("b"), animated: false)
        #expect(names(host.viewControllers) == ["list", "b"])
        try await navigator.push(screen("c"), animated: false)
        try await navigator.pop(to: list, animated: true)
        #expect(names(navigator.stack) == ["list"])
        #expect(names(host.viewControllers) == ["list"])
    }

    @Test("a controller the host cannot show is an error and changes nothing")
    func unsupportedController() async throws {
        try await navigator.setRoot(screen("list"), animated: false)
        host.canShow = { !($0 is TerminalScreen) }
        await #expect(throws: NavigatorError.unsupportedController("TerminalScreen")) {
            try await navigator.push(TerminalScreen(), animated: true)
        }
        #expect(names(navigator.stack) == ["list"])
        try await navigator.push(screen("note"), animated: false)
        #expect(names(navigator.stack) == ["list", "note"])
    }

    @Test("the navigator contract's errors, and setStack with a controller twice")
    func contractErrors() async throws {
        let list = screen("list")
        try await navigator.setRoot(list, animated: false)
        await #expect(throws: NavigatorError.alreadyShown("Screen")) { try await navigator.push(list, animated: false) }
        await #expect(throws: NavigatorError.nothingToPop) { try await navigator.pop(animated: false) }
        await #expect(throws: NavigatorError.nothingToDismiss) { try await navigator.dismiss(animated: false) }
        await #expect(throws: NavigatorError.alreadyShown("Screen")) {
            try await navigator.setStack([list, list], animated: false)
        }
        try await navigator.setStack([], animated: false)
        #expect(navigator.stack.isEmpty && host.viewControllers.isEmpty)
    }

    @Test("a navigator nobody holds is released; the host and its screens keep working")
    func navigatorReleased() async throws {
        weak var weakNavigator: HostNavigator<NavigationControllerDouble>?
        weak var weakScreen: Screen?
        let host = NavigationControllerDouble()
        do {
            let other = HostNavigator(host: host)
            weakNavigator = other
            let list = screen("list")
            weakScreen = list
            try await other.setStack([list, screen("note")], animated: false)
        }
        #expect(weakNavigator == nil)
        host.tapBackButton()
        #expect(names(host.viewControllers) == ["list"])
        #expect(weakScreen != nil)
    }
}
