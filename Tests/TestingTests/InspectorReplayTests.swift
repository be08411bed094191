import BrigadeCore
import BrigadeInspector
import BrigadeRedux
import BrigadeTesting
import Foundation
import Testing

struct Tab: Codable, Equatable, Sendable {
    var items: [String] = []
    var total = 0
    var paid = false
}

struct AddItem: Action, Codable { let name: String }
struct LoadSuggestions: Action, Codable {}
struct Pay: Action, Codable {}

/// The tab's reducers; `buggy` makes `Pay` add a tip, as a regression would.
@MainActor
func registerTab(_ reducers: ReducerContainer, buggy: Bool = false) {
    reducers.add(on: \Tab.self) { (tab: inout Tab, action: AddItem) in
        tab.items.append(action.name)
        tab.total += 5
    }
    reducers.add(on: \Tab.self) { (tab: inout Tab, _: Pay) in
        tab.paid = true
        if buggy { tab.total += 1 }
    }
    reducers.add(effectsOn: \Tab.self) { (_: inout Tab, _: LoadSuggestions) -> Effect in
        .run { send in
            await send(AddItem(name: "bread"))
            await send(AddItem(name: "water"))
        }
    }
}

@MainActor
func tabRegistry() -> ActionRegistry {
    let registry = ActionRegistry()
    registry.register(AddItem.self)
    registry.register(LoadSuggestions.self)
    registry.register(Pay.self, name: "tab.pay")  // a custom name: the session names it by type
    return registry
}

/// Records a session of the tab app: actions of the app, an effect's actions, and a travel.
@MainActor
func recordTabSession() async throws -> InspectorSession {
    let store = Store(initialState: Tab())
    registerTab(store.reducers)
    let inspector = Inspector(app: "Tab")
    inspector.attach(to: store)
    store.dispatch(AddItem(name: "soup"))
    store.dispatch(LoadSuggestions())
    await store.effectsFinished()
    while store.currentState.items.count < 3 { await Task.yield() }
    try await inspector.travel(to: 2)  // back to the tab with the soup alone
    store.dispatch(AddItem(name: "tea"))
    store.dispatch(Pay())
    return await inspector.session()
}

@Suite("InspectorReplay: a recorded session replayed as a test")
@MainActor
struct InspectorReplayTests {
    @Test("a session replays through a TestStore: effects' actions come from the session, travels are followed")
    func replaysSession() async throws {
        let session = try await recordTabSession()
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("replay-\(UUID()).brigade-session")
        defer { try? FileManager.default.removeItem(at: file) }
        try session.write(to: file)

        // The store starts elsewhere: the replay starts it from the session's initial state.
        let store = TestStore(initialState: Tab(items: ["stale"], total: 99)) { registerTab($0) }
        let captured = Captured()
        store.reporter = FailureReporter { message, _ in captured.messages.append(message) }
        let outcome = try await InspectorReplay.check(session: file, store: store, registry: tabRegistry())

        #expect(captured.messages.isEmpty)
        #expect(outcome.divergence == nil)
        // soup, suggestions, bread, water (the effect's, from the session), then tea and pay after the travel.
        #expect(outcome.replayed == 6)
        #expect(store.store.currentState == Tab(items: ["soup", "tea"], total: 10, paid: true))
        #expect(store.store.runsEffects)
        // The test goes on from the replayed state, with nothing left to receive.
        await store.send(AddItem(name: "cake")) {
            $0.items.append("cake"); $0.total = 15
        }
        await store.finish()
        #expect(captured.messages.isEmpty)
    }

    @Test("the first action whose state differs fails the test with its seq, action and the members that differ")
    func reportsDivergence() async throws {
        let session = try await recordTabSession()
        let store = TestStore(initialState: Tab()) { registerTab($0, buggy: true) }
        let captured = Captured()
        store.reporter = FailureReporter { message, _ in captured.messages.append(message) }
        let outcome = try await InspectorReplay.check(session: session, store: store, registry: tabRegistry())

        let pay = try #require(session.actions.last)
        let divergence = try #require(outcome.divergence)
        #expect(divergence.seq == pay.seq)
        #expect(divergence.action == "Pay()")
        #expect(
            divergence.changes == [
                InspectorChange(path: "total", kind: .changed, before: .number(10), after: .number(11))
            ])
        #expect(captured.messages.count == 1)
        #expect(captured.messages.first?.hasPrefix("seq \(pay.seq) (line ") == true)
        #expect(captured.messages.first?.contains("total: recorded 10, replayed 11") == true)
    }

    @Test("an action the registry does not know is a typed error naming the line")
    func unknownAction() async throws {
        let session = try await recordTabSession()
        let registry = ActionRegistry()
        registry.register(AddItem.self)
        let store = TestStore(initialState: Tab()) { registerTab($0) }
        let line = try #require(session.events.firstIndex { $0.action == "LoadSuggestions" }) + 2
        await #expect(throws: InspectorError.unknownAction(line: line, action: "LoadSuggestions")) {
            try await InspectorReplay.check(session: session, store: store, registry: registry)
        }
    }

    @Test("a session without states as JSON (a state that is not Codable) cannot be replayed: a typed error")
    func noStates() async throws {
        var session = try await recordTabSession()
        session.events = session.events.map { event in
            var event = event
            event.state = nil
            return event
        }
        let store = TestStore(initialState: Tab()) { registerTab($0) }
        await #expect(throws: InspectorError.self) {
            try await InspectorReplay.check(session: session, store: store, registry: tabRegistry())
        }
    }
}

/// The tab as a later version of the app has it: a member with a default, an optional one, and a struct in it that
/// gained a member too.
struct TabLater: Codable, Equatable, Sendable {
    struct Waiter: Codable, Equatable, Sendable {
        var name = "anyone"
    }

    var items: [String] = []
    var total = 0
    var paid = false
    var note = "none"
    var tip: Int?
    var waiter = Waiter()
}

/// The same tab with a member whose type changed.
struct TabChanged: Codable, Equatable, Sendable {
    var items: [String] = []
    var total = "0"
    var paid = false
}

@MainActor
func registerTabLater(_ reducers: ReducerContainer) {
    reducers.add(on: \TabLater.self) { (tab: inout TabLater, action: AddItem) in
        tab.items.append(action.name)
        tab.total += 5
    }
    reducers.add(on: \TabLater.self) { (tab: inout TabLater, _: Pay) in tab.paid = true }
}

@Suite("InspectorReplay: sessions recorded before the state changed")
@MainActor
struct InspectorReplayEvolutionTests {
    @Test("a session recorded before the state gained members replays, the new members taken from the test's store")
    func newMembers() async throws {
        let session = try await recordTabSession()
        var later = TabLater(note: "from this version")
        later.waiter.name = "Ada"
        let store = TestStore(initialState: later) { registerTabLater($0) }
        let captured = Captured()
        store.reporter = FailureReporter { message, _ in captured.messages.append(message) }
        let outcome = try await InspectorReplay.check(session: session, store: store, registry: tabRegistry())

        #expect(captured.messages.isEmpty)
        #expect(outcome.divergence == nil)
        #expect(outcome.replayed == 6)
        let expected = TabLater(
            items: ["soup", "tea"], total: 10, paid: true, note: "from this version", tip: nil,
            waiter: TabLater.Waiter(name: "Ada"))
        #expect(store.store.currentState == expected)
        await store.finish()
    }

    @Test("a member whose type changed is named, with the seq, and nothing is replayed")
    func changedMember() async throws {
        let session = try await recordTabSession()
        let store = TestStore(initialState: TabChanged()) { _ in }
        await #expect(throws: InspectorError.self) {
            try await InspectorReplay.check(session: session, store: store, registry: tabRegistry())
        }
        do {
            try await InspectorReplay.check(session: session, store: store, registry: tabRegistry())
        } catch {
            let first = session.actions.first?.seq ?? -1
            let expected = "seq \(first): the recorded state does not decode as the state type: \"total\""
            #expect(error.description.hasPrefix(expected))
        }
        #expect(store.store.currentState == TabChanged())
    }
}
