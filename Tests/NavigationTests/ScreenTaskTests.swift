import BrigadeCore
import BrigadeNavigation
import BrigadeTesting
import BrigadeWireframe
import Foundation
import Testing

/// What the screens' work did, as `note 7#1 started` / `note 7#1 ended` (`#n`: the n-th copy of that screen), with a
/// way to wait for an entry.
@MainActor
final class WorkLog {
    private(set) var entries: [String] = []
    private var waiters: [(entry: String, count: Int, continuation: CheckedContinuation<Void, Never>)] = []

    func append(_ entry: String) {
        entries.append(entry)
        let ready = waiters.filter { times($0.entry) >= $0.count }
        waiters.removeAll { times($0.entry) >= $0.count }
        for waiter in ready {
            waiter.continuation.resume()
        }
    }

    /// Returns once `entry` was appended `count` times.
    func waitFor(_ entry: String, count: Int = 1) async {
        if times(entry) >= count { return }
        await withCheckedContinuation { waiters.append((entry, count, $0)) }
    }

    private func times(_ entry: String) -> Int {
        entries.filter { $0 == entry }.count
    }

    /// The work running now: started and not ended.
    var running: [String] {
        var running: [String] = []
        for entry in entries {
            if entry.hasSuffix(" started") {
                running.append(String(entry.dropLast(" started".count)))
            } else if entry.hasSuffix(" ended") {
                running.removeAll { $0 == String(entry.dropLast(" ended".count)) }
            }
        }
        return running
    }
}

/// Starts, at each screen's `load`, work that runs until it is cancelled, in the scope asked for.
@MainActor
final class ScreenWorkProvider: PresenterProvider {
    let log: WorkLog
    let scope: ScreenTaskScope
    private var copies: [String: Int] = [:]

    init(log: WorkLog, scope: ScreenTaskScope) {
        self.log = log
        self.scope = scope
    }

    func isResponsible(routeResult: RouteResult, controller: any Controller) -> Bool { true }

    func makePresenters(routeResult: RouteResult, controller: any Controller) throws -> [any Presenter] {
        let name = (controller as? Screen)?.name ?? "?"
        copies[name, default: 0] += 1
        return [WorkingPresenter(work: "\(name)#\(copies[name] ?? 0)", log: log, scope: scope)]
    }
}

@MainActor
final class WorkingPresenter: Presenter {
    let work: String
    let log: WorkLog
    let scope: ScreenTaskScope
    private var runs = 0

    init(work: String, log: WorkLog, scope: ScreenTaskScope) {
        self.work = work
        self.log = log
        self.scope = scope
    }

    func addPresentationLogic(routeResult: RouteResult, controller: any Controller) throws {}

    func lifecycleEvent(_ event: LifecycleEvent, controller: any Controller) {
        guard event == .load else { return }
        let (work, log) = (work, log)
        controller.screenTask(scope) {
            log.append("\(work) started")
            // Runs until cancelled: an AsyncStream's iteration ends when its task is cancelled.
            let (updates, _) = AsyncStream<Int>.makeStream()
            for await _ in updates {}
            log.append("\(work) ended")
        }
    }
}

@Suite("Screen tasks: work tied to a screen ends when the screen leaves, on every navigator", .timeLimit(.minutes(1)))
@MainActor
struct ScreenTaskTests {
    let routes: NotesRoutes
    let work = WorkLog()

    init() throws {
        routes = try NotesRoutes()
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    private func show(on kind: NavigatorKind, scope: ScreenTaskScope) -> NavigatorUnderTest {
        let under = NavigatorUnderTest(kind, wireframe: routes.wireframe)
        routes.wireframe.navigateOn(under.navigator)
        routes.wireframe.add(presenterProvider: ScreenWorkProvider(log: work, scope: scope), priority: 1)
        return under
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @Test(
        "work for the stack runs under a pushed screen and ends when the user pops its screen",
        arguments: NavigatorKind.allCases)
    func onStackEndsWhenPopped(_ kind: NavigatorKind) async throws {
        let under = show(on: kind, scope: .onStack)
        try await routes.wireframe.route(to: "/notes", option: .root)
        try await routes.wireframe.route(to: "/notes/7")
        await work.waitFor("note 7#1 started")
        try await routes.wireframe.route(to: "/notes/7/edit")
        #expect(work.running == ["notes#1", "note 7#1"])
        try await under.userAction(.tapBackButton, [:])
        await under.untilIdle()
        try await under.userAction(.tapBackButton, [:])
        await under.untilIdle()
        await work.waitFor("note 7#1 ended")
        await work.waitFor("edit 7#1 ended")
        #expect(work.running == ["notes#1"])
        #expect(names(under.navigator.stack) == ["notes"])
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @Test(
        "work for the screen stops when a screen is pushed over it and starts again when it is back",
        arguments: NavigatorKind.allCases)
    func onScreenFollowsAppearance(_ kind: NavigatorKind) async throws {
        let under = show(on: kind, scope: .onScreen)
        try await routes.wireframe.route(to: "/notes", option: .root)
        await work.waitFor("notes#1 started")
        try await routes.wireframe.route(to: "/notes/7")
        await work.waitFor("notes#1 ended")
        await work.waitFor("note 7#1 started")
        try await routes.wireframe.route(to: "/notes/7/edit", option: .modal)
        await work.waitFor("edit 7#1 started")
        #expect(work.running == ["note 7#1", "edit 7#1"], "a sheet leaves the note on screen")
        try await under.userAction(.swipeDownSheet, [:])
        await under.untilIdle()
        await work.waitFor("edit 7#1 ended")
        try await under.userAction(.tapBackButton, [:])
        await under.untilIdle()
        await work.waitFor("note 7#1 ended")
        await work.waitFor("notes#1 started", count: 2)
        #expect(work.running == ["notes#1"])
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @Test("a full-screen modal stops the work for the screen under it", arguments: NavigatorKind.allCases)
    func fullScreenStopsWork(_ kind: NavigatorKind) async throws {
        let under = show(on: kind, scope: .onScreen)
        try await routes.wireframe.route(to: "/notes", option: .root)
        await work.waitFor("notes#1 started")
        try await routes.wireframe.route(to: "/notes/7/edit", option: .modal.presented(as: .fullScreen))
        await work.waitFor("notes#1 ended")
        await work.waitFor("edit 7#1 started")
        #expect(work.running == ["edit 7#1"])
        #expect(names(under.navigator.modalStack) == ["edit 7"])
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @Test(
        "a deep link that replaces a screen by a new copy ends the old copy's work, not the new one's",
        arguments: NavigatorKind.allCases)
    func deepLinkToNewCopy(_ kind: NavigatorKind) async throws {
        let under = show(on: kind, scope: .onStack)
        try await routes.wireframe.route(to: "/notes", option: .root)
        try await routes.wireframe.route(to: "/notes/7")
        await work.waitFor("note 7#1 started")
        try await routes.wireframe.route(to: "/notes/7", option: .replaceTop)
        await work.waitFor("note 7#2 started")
        await work.waitFor("note 7#1 ended")
        #expect(work.running == ["notes#1", "note 7#2"])
        let notes = try #require(URL(string: "/notes"))
        let other = try #require(URL(string: "/notes/8"))
        try await routes.wireframe.route(stack: [notes, other])
        await work.waitFor("note 8#1 started")
        await work.waitFor("note 7#2 ended")
        #expect(work.running == ["notes#1", "note 8#1"], "the list, kept by the deep link, keeps its work")
        #expect(names(under.navigator.stack) == ["notes", "note 8"])
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @Test(
        "a pop to the root ends the work of every screen between, which heard no event",
        arguments: NavigatorKind.allCases)
    func popToRootEndsTheScreensBetween(_ kind: NavigatorKind) async throws {
        let under = show(on: kind, scope: .onStack)
        try await routes.wireframe.route(to: "/notes", option: .root)
        try await routes.wireframe.route(to: "/notes/7")
        try await routes.wireframe.route(to: "/notes/7/edit")
        await work.waitFor("edit 7#1 started")
        let root = try #require(under.navigator.stack.first)
        try await under.navigator.pop(to: root, animated: true)
        await work.waitFor("note 7#1 ended")
        await work.waitFor("edit 7#1 ended")
        #expect(work.running == ["notes#1"])
    }

    @Test("a cancelled task does not start again; a second call from the same place with the same id keeps the work")
    func cancelAndIdentity() async throws {
        let navigator = HeadlessNavigator()
        let screen = Screen("s", log: EventLog())
        try await navigator.setRoot(screen, animated: false)
        var handles: [ScreenTask] = []
        for id in [1, 1, 2] {
            handles.append(
                screen.screenTask(.onScreen, id: id) { [work] in
                    work.append("\(id) started")
                    let (updates, _) = AsyncStream<Int>.makeStream()
                    for await _ in updates {}
                    work.append("\(id) ended")
                })
        }
        #expect(handles[0] === handles[1])
        await work.waitFor("1 ended")
        await work.waitFor("2 started")
        #expect(work.entries.filter { $0 == "1 started" }.count <= 1)
        handles[2].cancel()
        await work.waitFor("2 ended")
        try await navigator.push(Screen("t", log: EventLog()), animated: false)
        try await navigator.pop(animated: false)
        #expect(!handles[2].isRunning)
    }

    @Test("releasing a controller cancels its work")
    func releaseCancels() async throws {
        var screen: Screen? = Screen("s", log: EventLog())
        screen?.screenTask { [work] in
            work.append("started")
            let (updates, _) = AsyncStream<Int>.makeStream()
            for await _ in updates {}
            work.append("ended")
        }
        await work.waitFor("started")
        screen = nil
        await work.waitFor("ended")
        #expect(screen == nil)
    }
}
