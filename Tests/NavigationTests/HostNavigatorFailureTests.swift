import BrigadeCore
import BrigadeNavigation
import BrigadeTesting
import Testing

@Suite("HostNavigator: refused and cancelled transitions, the app's own screens, why a screen disappears")
@MainActor
struct HostNavigatorFailureTests {
    let log = EventLog()
    let host = NavigationControllerDouble()
    let navigator: HostNavigator<NavigationControllerDouble>

    init() {
        navigator = HostNavigator(host: host)
    }

    @Test("a presentation the host refuses fails the call with a typed error, and later calls work")
    func refusedPresentation() async throws {
        try await navigator.setRoot(Screen("list", log: log), animated: false)
        host.isInWindow = false
        await #expect(throws: NavigatorError.presentationRefused("Screen", reason: .notInWindow)) {
            try await navigator.present(Screen("sheet", log: log), animated: true)
        }
        #expect(navigator.modalStack.isEmpty)
        try await navigator.push(Screen("note", log: log), animated: true)
        host.isInWindow = true
        try await navigator.present(Screen("sheet", log: log), animated: true)
        #expect(names(navigator.stack) == ["list", "note"])
        #expect(names(navigator.modalStack) == ["sheet"])
    }

    @Test("a dismissal the host refuses fails the call, the modal stays, and dismiss works once allowed")
    func refusedDismissal() async throws {
        try await navigator.setRoot(Screen("list", log: log), animated: false)
        try await navigator.present(Screen("sheet", log: log), animated: true)
        host.refusesDismissal = .presentationInProgress
        await #expect(throws: NavigatorError.dismissalRefused("Screen", reason: .presentationInProgress)) {
            try await navigator.dismiss(animated: true)
        }
        #expect(names(navigator.modalStack) == ["sheet"])
        host.refusesDismissal = nil
        try await navigator.dismiss(animated: true)
        #expect(navigator.modalStack.isEmpty)
    }

    @Test("a cancelled transition fails the call; the host shows what it showed before; later calls work")
    func cancelledTransition() async throws {
        try await navigator.setRoot(Screen("list", log: log), animated: false)
        host.completesLate = true
        let push = Task { try await navigator.push(Screen("note", log: log), animated: true) }
        await host.transitionStarted()
        host.cancelTransition()
        await #expect(throws: NavigatorError.transitionCancelled("push Screen")) { try await push.value }
        #expect(names(navigator.stack) == ["list"])
        #expect(log.entries.suffix(2) == ["note.didDisappear(animated)", "list.didAppear(animated)"])
        host.completesLate = false
        try await navigator.push(Screen("edit", log: log), animated: true)
        #expect(names(navigator.stack) == ["list", "edit"])
    }

    @Test("view controllers the app pushed itself are kept above the screen they were pushed on")
    func appPushedViewControllersKept() async throws {
        let list = Screen("list", log: log)
        try await navigator.setRoot(list, animated: false)
        let own = Screen("app's own", log: log)
        host.pushViewController(own, animated: true)
        #expect(names(navigator.stack) == ["list"])
        try await navigator.push(Screen("note", log: log), animated: true)
        #expect(names(host.viewControllers) == ["list", "app's own", "note"])
        try await navigator.pop(animated: true)
        #expect(names(host.viewControllers) == ["list", "app's own"])
        try await navigator.setRoot(Screen("home", log: log), animated: false)
        #expect(names(host.viewControllers) == ["home"])
    }

    @Test("a screen is told why it disappears: covered by a push, removed by a pop or a dismissal")
    func disappearanceReason() async throws {
        let reasons = ReasonLog()
        let list = ReasonScreen("list", reasons)
        try await navigator.setRoot(list, animated: false)
        let note = ReasonScreen("note", reasons)
        try await navigator.push(note, animated: true)
        try await navigator.pop(animated: true)
        let sheet = ReasonScreen("sheet", reasons)
        try await navigator.present(sheet, animated: true)
        try await navigator.dismiss(animated: true)
        #expect(
            reasons.entries == [
                "list.willDisappear covered", "list.didDisappear covered", "note.willDisappear removed",
                "note.didDisappear removed", "sheet.willDisappear removed", "sheet.didDisappear removed",
            ])
    }
}

@MainActor
final class ReasonLog {
    var entries: [String] = []
}

/// A screen that logs its disappear events with the reason it was given.
@MainActor
final class ReasonScreen: Controller {
    var attachments = ControllerAttachments()
    let name: String
    let log: ReasonLog

    init(_ name: String, _ log: ReasonLog) {
        self.name = name
        self.log = log
    }

    func lifecycleEvent(_ event: LifecycleEvent) {
        switch event {
        case .willDisappear:
            log.entries.append("\(name).willDisappear \(attachments.disappearance.map(\.description) ?? "?")")
        case .didDisappear:
            log.entries.append("\(name).didDisappear \(attachments.disappearance.map(\.description) ?? "?")")
        default: break
        }
    }
}
