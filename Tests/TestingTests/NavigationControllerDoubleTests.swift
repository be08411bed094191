import BrigadeCore
import BrigadeNavigation
import BrigadeTesting
import Testing

@MainActor
private func names(_ controllers: [any Controller]) -> [String] {
    TranscriptScreen.names(controllers)
}

// Each test is one behaviour of UIKit the double models; the sources are cited in NavigationControllerDouble.swift
// and in docs/Platforms.md ("What the UIKit double models").
@Suite("NavigationControllerDouble behaves as UINavigationController does")
@MainActor
struct NavigationControllerDoubleTests {
    private let log = LifecycleTranscript()
    private let host = NavigationControllerDouble()
    private let navigator: HostNavigator<NavigationControllerDouble>

    init() {
        navigator = HostNavigator(host: host)
    }

    private func card(_ name: String) -> TranscriptScreen {
        TranscriptScreen(name, transcript: log)
    }

    /// Shows `names` as the stack at once and clears the log.
    private func shown(_ names: String...) async throws -> [TranscriptScreen] {
        let cards = names.map(card)
        try await navigator.setStack(cards, animated: false)
        log.removeAll()
        return cards
    }

    @Test("a back tap is two-phase: the top leaves and will disappear at once, did-events and didShow when it ends")
    func backTapTwoPhase() async throws {
        _ = try await shown("list", "note")
        var shownByDelegate: [String] = []
        host.onDidShow = { shownByDelegate.append(($0 as? TranscriptScreen)?.name ?? "?") }
        host.completesLate = true
        #expect(host.tapBackButton())
        #expect(names(host.viewControllers) == ["list"])
        #expect(host.pendingTransitions == 1)
        #expect(log.entries == ["list.load", "note.willDisappear(animated) removed", "list.willAppear(animated)"])
        #expect(shownByDelegate.isEmpty)
        host.finishTransition()
        #expect(log.entries.suffix(2) == ["note.didDisappear(animated) removed", "list.didAppear(animated)"])
        #expect(shownByDelegate == ["list"])
        #expect(host.pendingTransitions == 0)
    }

    @Test("an interactive pop that is cancelled puts the top back: the one below disappears again, the top appears")
    func interactivePopCancelled() async throws {
        _ = try await shown("list", "note")
        #expect(host.beginInteractivePop())
        #expect(names(host.viewControllers) == ["list"])
        #expect(host.pendingTransitions == 1)
        host.cancelInteractivePop()
        #expect(names(host.viewControllers) == ["list", "note"])
        #expect(
            log.entries == [
                "list.load", "note.willDisappear(animated) removed", "list.willAppear(animated)",
                "list.willDisappear(animated) covered", "note.willAppear(animated)",
                "list.didDisappear(animated) covered", "note.didAppear(animated)",
            ])
    }

    @Test("the iOS 14 back menu pops several levels in one transition; only the top and the new top hear of it")
    func backMenuPopsSeveralLevels() async throws {
        let cards = try await shown("list", "note", "edit", "photo")
        #expect(host.popFromBackMenu(to: cards[1]))
        #expect(names(host.viewControllers) == ["list", "note"])
        #expect(
            log.entries == [
                "note.load", "photo.willDisappear(animated) removed", "note.willAppear(animated)",
                "photo.didDisappear(animated) removed", "note.didAppear(animated)",
            ])
        #expect(!host.popFromBackMenu(to: cards[3]))
    }

    @Test("while a transition runs the user cannot tap back, swipe back or drag a sheet")
    func userBlockedDuringTransition() async throws {
        _ = try await shown("list", "note")
        host.completesLate = true
        let push = Task { try await navigator.push(card("edit"), animated: true) }
        await host.transitionStarted()
        #expect(!host.tapBackButton())
        #expect(!host.beginInteractivePop())
        host.finishTransition()
        try await push.value
        let present = Task { try await navigator.present(card("sheet"), animated: true) }
        await host.transitionStarted()
        #expect(!host.beginSheetSwipe())
        host.finishTransition()
        try await present.value
        #expect(names(host.viewControllers) == ["list", "note", "edit"])
        #expect(names(host.presented) == ["sheet"])
    }

    @Test("the back button and the edge swipe are out of reach while a modal covers the navigation bar")
    func userBlockedUnderModal() async throws {
        _ = try await shown("list", "note")
        try await navigator.present(card("sheet"), animated: true)
        #expect(!host.tapBackButton())
        #expect(!host.beginInteractivePop())
    }

    @Test("a sheet keeps its presenter on screen: no disappear events on present, no appear events on dismiss")
    func sheetKeepsPresenter() async throws {
        _ = try await shown("list")
        try await navigator.present(card("sheet"), animated: true)
        try await navigator.dismiss(animated: true)
        #expect(
            log.entries == [
                "sheet.load", "sheet.willAppear(animated)", "sheet.didAppear(animated)",
                "sheet.willDisappear(animated) removed", "sheet.didDisappear(animated) removed",
            ])
        #expect(host.modalStyle(for: card("any")) == .sheet)
    }

    @Test("a full-screen modal removes its presenter, which disappears and appears again; it cannot be swiped")
    func fullScreenRemovesPresenter() async throws {
        _ = try await shown("list")
        host.presentationStyle = { _ in .fullScreen }
        try await navigator.present(card("player"), animated: true)
        #expect(!host.swipeDownSheet())
        try await navigator.dismiss(animated: true)
        #expect(
            log.entries == [
                "player.load", "list.willDisappear(animated) covered", "player.willAppear(animated)",
                "list.didDisappear(animated) covered", "player.didAppear(animated)",
                "player.willDisappear(animated) removed", "list.willAppear(animated)",
                "player.didDisappear(animated) removed", "list.didAppear(animated)",
            ])
    }

    @Test("the style is fixed when the presentation starts, and the host says which one it presents with")
    func styleFixedAtPresentation() async throws {
        _ = try await shown("list")
        let player = card("player")
        host.presentationStyle = { ($0 as? TranscriptScreen)?.name == "player" ? .fullScreen : .sheet }
        try await navigator.present(player, animated: true)
        host.presentationStyle = { _ in .sheet }
        #expect(host.modalStyle(for: player) == .fullScreen)
        #expect(!host.swipeDownSheet())
    }

    @Test("a sheet swiped down is dismissed; a swipe can be cancelled; isModalInPresentation refuses it")
    func sheetSwipes() async throws {
        _ = try await shown("list")
        let sheet = card("sheet")
        try await navigator.present(sheet, animated: true)
        log.removeAll()
        #expect(host.beginSheetSwipe())
        #expect(host.presented.isEmpty)
        host.cancelSheetSwipe()
        #expect(names(host.presented) == ["sheet"])
        #expect(
            log.entries == [
                "sheet.willDisappear(animated) removed", "sheet.willAppear(animated)", "sheet.didAppear(animated)",
            ])
        host.isModalInPresentation = { $0 === sheet }
        #expect(!host.swipeDownSheet())
        #expect(names(host.presented) == ["sheet"])
        host.isModalInPresentation = { _ in false }
        #expect(host.swipeDownSheet())
        #expect(host.presented.isEmpty && navigator.modalStack.isEmpty)
        #expect(log.entries.last == "sheet.didDisappear(animated) removed")
    }

    @Test("UIKit refuses to present from a view outside a window, or during another presentation")
    func presentationRefused() async throws {
        _ = try await shown("list")
        host.isInWindow = false
        #expect(throws: NavigatorError.presentationRefused("TranscriptScreen", reason: .notInWindow)) {
            try host.presentModal(card("sheet"), animated: true) { _ in }
        }
        host.isInWindow = true
        host.completesLate = true
        var ended: [HostTransitionResult] = []
        let first = card("first")
        try host.presentModal(first, animated: true) { ended.append($0) }
        #expect(throws: NavigatorError.presentationRefused("TranscriptScreen", reason: .presentationInProgress)) {
            try host.presentModal(card("second"), animated: true) { ended.append($0) }
        }
        #expect(throws: NavigatorError.dismissalRefused("TranscriptScreen", reason: .presentationInProgress)) {
            try host.dismissModal(first, animated: true) { ended.append($0) }
        }
        host.finishTransition()
        #expect(ended == [.completed])
        #expect(names(host.presented) == ["first"])
    }

    @Test("didShow follows the navigator's own pushes and pops, not only the user's")
    func didShowFollowsNavigator() async throws {
        let cards = try await shown("list")
        var shownByDelegate: [String] = []
        host.onDidShow = { shownByDelegate.append(($0 as? TranscriptScreen)?.name ?? "?") }
        try await navigator.push(card("note"), animated: true)
        try await navigator.pop(to: cards[0], animated: true)
        #expect(shownByDelegate == ["note", "list"])
    }

    @Test("the new screen loads before the old one hears willDisappear, as UIKit loads the pushed view first")
    func loadBeforeWillDisappear() async throws {
        _ = try await shown("list")
        try await navigator.push(card("note"), animated: true)
        #expect(
            log.entries == [
                "note.load", "list.willDisappear(animated) covered", "note.willAppear(animated)",
                "list.didDisappear(animated) covered", "note.didAppear(animated)",
            ])
    }

    @Test("a stack change under a full-screen modal delivers nothing; under a sheet the new top appears")
    func stackChangeUnderModal() async throws {
        _ = try await shown("list")
        host.presentationStyle = { _ in .fullScreen }
        try await navigator.present(card("player"), animated: false)
        log.removeAll()
        host.pushViewController(card("hidden"), animated: true)
        #expect(log.entries.isEmpty)
        try await navigator.dismiss(animated: false)
        host.presentationStyle = { _ in .sheet }
        try await navigator.present(card("sheet"), animated: false)
        log.removeAll()
        host.pushViewController(card("behind"), animated: true)
        #expect(log.entries.contains("behind.didAppear(animated)"))
    }
}
