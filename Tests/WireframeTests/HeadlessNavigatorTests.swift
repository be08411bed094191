import BrigadeCore
import BrigadeWireframe
import Testing

@Suite("HeadlessNavigator lifecycle order")
@MainActor
struct HeadlessNavigatorTests {
    let navigator = HeadlessNavigator(recordsLifecycle: true)

    /// Two screens on the stack, `second` on top, their events so far forgotten.
    func twoOnTheStack() async throws -> (first: Screen, second: Screen) {
        let first = Screen("first")
        let second = Screen("second")
        try await navigator.setRoot(first, animated: false)
        try await navigator.push(second, animated: false)
        first.events.removeAll()
        second.events.removeAll()
        return (first, second)
    }

    func log() -> [String] {
        defer { navigator.clearLifecycleLog() }
        return navigator.lifecycleLog.map { "\($0.event)" }
    }

    @Test("push: load, the old top will disappear, the new one will appear, then did disappear and did appear")
    func push() async throws {
        let first = Screen("first")
        let second = Screen("second")
        try await navigator.setRoot(first, animated: false)
        navigator.clearLifecycleLog()
        try await navigator.push(second, animated: true)
        #expect(first.events.suffix(2) == [.willDisappear(animated: true), .didDisappear(animated: true)])
        #expect(second.events == [.load, .willAppear(animated: true), .didAppear(animated: true)])
        #expect(
            navigator.lifecycleLog.map(\.description) == [
                "Screen.load", "Screen.willDisappear(animated)", "Screen.willAppear(animated)",
                "Screen.didDisappear(animated)", "Screen.didAppear(animated)",
            ])
    }

    @Test("pop: the top will disappear, the one below will appear, then did disappear and did appear; no second load")
    func pop() async throws {
        let (first, second) = try await twoOnTheStack()
        try await navigator.pop(animated: true)
        #expect(second.events == [.willDisappear(animated: true), .didDisappear(animated: true)])
        #expect(first.events == [.willAppear(animated: true), .didAppear(animated: true)])
        #expect(navigator.stack.count == 1)
    }

    @Test("a sheet leaves the controller under it on screen: it hears nothing of the present and the dismiss")
    func sheet() async throws {
        let root = Screen("root")
        let modal = Screen("modal")
        try await navigator.setRoot(root, animated: false)
        root.events.removeAll()
        try await navigator.present(modal, animated: true)
        #expect(root.events.isEmpty)
        #expect(modal.events == [.load, .willAppear(animated: true), .didAppear(animated: true)])
        modal.events.removeAll()
        try await navigator.dismiss(animated: false)
        #expect(modal.events == [.willDisappear(animated: false), .didDisappear(animated: false)])
        #expect(modal.attachments.disappearance == .removed)
        #expect(root.events.isEmpty)
        #expect(navigator.modalStack.isEmpty)
    }

    @Test("a full-screen modal covers the controller underneath, which disappears and appears again")
    func fullScreenModal() async throws {
        let root = Screen("root")
        let modal = Screen("modal")
        modal.attachments.modalStyle = .fullScreen
        try await navigator.setRoot(root, animated: false)
        root.events.removeAll()
        try await navigator.present(modal, animated: true)
        #expect(root.events == [.willDisappear(animated: true), .didDisappear(animated: true)])
        #expect(root.attachments.disappearance == .covered)
        #expect(modal.events == [.load, .willAppear(animated: true), .didAppear(animated: true)])
        root.events.removeAll()
        modal.events.removeAll()
        try await navigator.dismiss(animated: false)
        #expect(modal.events == [.willDisappear(animated: false), .didDisappear(animated: false)])
        #expect(root.events == [.willAppear(animated: false), .didAppear(animated: false)])
        #expect(navigator.modalStack.isEmpty)
    }

    @Test("set root with the controller on screen: it stays without an event, what was under it goes")
    func setRootWithTop() async throws {
        let (first, second) = try await twoOnTheStack()
        try await navigator.setRoot(second, animated: true)
        #expect(second.events.isEmpty)
        #expect(first.events.isEmpty)
        #expect(navigator.stack.count == 1 && navigator.topController === second)
    }

    @Test("set root: the controller on screen leaves, the new root arrives, modals are dismissed")
    func setRoot() async throws {
        let first = Screen("first")
        let modal = Screen("modal")
        let root = Screen("root")
        try await navigator.setRoot(first, animated: false)
        try await navigator.present(modal, animated: false)
        first.events.removeAll()
        modal.events.removeAll()
        try await navigator.setRoot(root, animated: true)
        #expect(first.events == [.willDisappear(animated: true), .didDisappear(animated: true)])
        #expect(first.attachments.disappearance == .removed)
        #expect(modal.events == [.willDisappear(animated: true), .didDisappear(animated: true)])
        #expect(root.events == [.load, .willAppear(animated: true), .didAppear(animated: true)])
        #expect(navigator.stack.count == 1 && navigator.modalStack.isEmpty)
        #expect(navigator.topController === root)
    }

    @Test("pushing under a full-screen modal delivers no events until the modal is dismissed")
    func pushUnderModal() async throws {
        let root = Screen("root")
        let modal = Screen("modal")
        modal.attachments.modalStyle = .fullScreen
        let pushed = Screen("pushed")
        try await navigator.setRoot(root, animated: false)
        try await navigator.present(modal, animated: false)
        modal.events.removeAll()
        try await navigator.push(pushed, animated: false)
        #expect(modal.events.isEmpty)
        #expect(pushed.events.isEmpty)
        try await navigator.dismiss(animated: false)
        #expect(pushed.events == [.load, .willAppear(animated: false), .didAppear(animated: false)])
    }

    @Test("onChange is called after every transition, with the stacks already changed")
    func onChange() async throws {
        var drawn: [Int] = []
        navigator.onChange = { drawn.append($0.stack.count + $0.modalStack.count) }
        try await navigator.setRoot(Screen(), animated: false)
        try await navigator.push(Screen(), animated: false)
        try await navigator.present(Screen(), animated: false)
        try await navigator.dismiss(animated: false)
        #expect(drawn == [1, 2, 3, 2])
    }

    @Test("misuse is a typed error and changes nothing")
    func misuse() async throws {
        let screen = Screen()
        await #expect(throws: NavigatorError.nothingToPop) {
            try await navigator.pop(animated: false)
        }
        await #expect(throws: NavigatorError.nothingToDismiss) {
            try await navigator.dismiss(animated: false)
        }
        try await navigator.push(screen, animated: false)
        await #expect(throws: NavigatorError.alreadyShown("Screen")) {
            try await navigator.push(screen, animated: false)
        }
        await #expect(throws: NavigatorError.notOnStack("Screen")) {
            try await navigator.pop(to: Screen(), animated: false)
        }
        #expect(navigator.stack.count == 1)
    }
}
