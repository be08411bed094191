import BrigadeCore
import BrigadeReactive
import BrigadeRedux
import Foundation
import Testing

struct Type: UndoableAction, Codable, Equatable { let text: String }
struct Erase: UndoableAction, Codable, Equatable {}
struct Cursor: Action, Codable, Equatable { let position: Int }
struct Opaque: Action {}

struct Editor: Sendable, Equatable {
    var text = ""
    var cursor = 0
}

@MainActor
func makeEditor(historyLimit: Int = 100, middleware: [Middleware<Editor>] = []) -> Store<Editor> {
    let store = Store(initialState: Editor(), middleware: middleware, historyLimit: historyLimit)
    store.reducers.add(on: \Editor.text) { (text: inout String, action: Type) in text += action.text }
    store.reducers.add(on: \Editor.text) { (text: inout String, _: Erase) in text = "" }
    store.reducers.add(on: \Editor.cursor) { (cursor: inout Int, action: Cursor) in cursor = action.position }
    return store
}

@Suite("History")
@MainActor
struct HistoryTests {
    @Test("undo and redo round-trip")
    func roundTrip() {
        let store = makeEditor()
        store.dispatch(Type(text: "a"))
        store.dispatch(Type(text: "b"))
        store.dispatch(HistoryAction.Undo())
        #expect(store.currentState.text == "a")
        store.dispatch(HistoryAction.Undo())
        #expect(store.currentState.text == "")
        store.dispatch(HistoryAction.Undo())
        #expect(store.currentState.text == "")
        store.dispatch(HistoryAction.Redo())
        store.dispatch(HistoryAction.Redo())
        #expect(store.currentState.text == "ab")
        #expect(!store.history.canRedo.value)
    }

    @Test("with an app reducer, undo restores the whole state, also where a key-path reducer of the action runs")
    func undoWithAppReducer() {
        struct CursorAtEnd: AppReducer {
            func reduce(provider: any ReducerProvider, action: any Action, state: Editor) -> Editor {
                guard action is Type else { return state }
                var state = state
                state.cursor = state.text.count
                return state
            }
        }
        let store = Store(initialState: Editor(), appReducer: CursorAtEnd())
        store.reducers.add(on: \Editor.text) { (text: inout String, action: Type) in text += action.text }
        store.dispatch(Type(text: "ab"))
        #expect(store.currentState == Editor(text: "ab", cursor: 2))
        store.dispatch(HistoryAction.Undo())
        #expect(store.currentState == Editor())
        store.dispatch(HistoryAction.Redo())
        #expect(store.currentState == Editor(text: "ab", cursor: 2))
    }

    @Test("a new undoable action after an undo clears redo")
    func newActionClearsRedo() {
        let store = makeEditor()
        store.dispatch(Type(text: "a"))
        store.dispatch(HistoryAction.Undo())
        #expect(store.history.canRedo.value)
        store.dispatch(Type(text: "z"))
        #expect(!store.history.canRedo.value)
        store.dispatch(HistoryAction.Redo())
        #expect(store.currentState.text == "z")
    }

    @Test("the depth bound holds: the oldest steps are dropped")
    func depthBound() {
        let store = makeEditor(historyLimit: 3)
        for letter in ["a", "b", "c", "d", "e"] {
            store.dispatch(Type(text: letter))
        }
        #expect(store.history.undoCount == 3)
        for _ in 0..<5 {
            store.dispatch(HistoryAction.Undo())
        }
        #expect(store.currentState.text == "ab")
    }

    @Test("non-undoable actions are not recorded")
    func nonUndoable() {
        let store = makeEditor()
        store.dispatch(Cursor(position: 4))
        #expect(!store.history.canUndo.value)
        #expect(store.history.undoCount == 0)
    }

    @Test("canUndo and canRedo are observable")
    func observable() {
        let store = makeEditor()
        let log = StateLog<String>()
        let bag = SubscriptionReferenceBag()
        store.history.canUndo.subscribe { value in MainActor.assumeIsolated { log.values.append("undo \(value)") } }
            .add(to: bag)
        store.history.canRedo.subscribe { value in MainActor.assumeIsolated { log.values.append("redo \(value)") } }
            .add(to: bag)
        store.dispatch(Type(text: "a"))
        store.dispatch(HistoryAction.Undo())
        #expect(log.values == ["undo false", "redo false", "undo true", "undo false", "redo true"])
    }
}

@Suite("ActionLog")
@MainActor
struct ActionLogTests {
    @Test("record, export to JSON, replay onto the initial state: the final state is equal")
    func replay() throws {
        let log = ActionLog(clock: { Date(timeIntervalSince1970: 1_000) })
        let store = makeEditor(middleware: [log.middleware()])
        store.dispatch(Type(text: "hello"))
        store.dispatch(Cursor(position: 3))
        store.dispatch(Type(text: " world"))
        store.dispatch(HistoryAction.Undo())
        store.dispatch(HistoryAction.Redo())
        store.dispatch(Opaque())
        #expect(log.entries.count == 6)
        #expect(log.entries.allSatisfy { $0.time == Date(timeIntervalSince1970: 1_000) })
        #expect(log.unexportableCount == 1)

        let data = try log.exportJSON()
        let registry = ActionRegistry()
        registry.register(Type.self)
        registry.register(Cursor.self)
        let replayed = Store(initialState: Editor(), reducers: store.reducers)
        try ActionLog.replay(data, registry: registry, into: replayed)
        #expect(replayed.currentState == store.currentState)
        #expect(replayed.currentState == Editor(text: "hello world", cursor: 3))
    }

    @Test("replaying an unknown action type is a typed error naming the type, and changes nothing")
    func unknownType() throws {
        let log = ActionLog()
        let store = makeEditor(middleware: [log.middleware()])
        store.dispatch(Cursor(position: 1))
        store.dispatch(Type(text: "x"))
        let registry = ActionRegistry()
        registry.register(Cursor.self)
        let replayed = Store(initialState: Editor(), reducers: store.reducers)
        let error = #expect(throws: ReduxError.unknownActionType("Type")) {
            try ActionLog.replay(try log.exportJSON(), registry: registry, into: replayed)
        }
        #expect(error?.description == "cannot replay action type 'Type': it is not registered in the ActionRegistry")
        #expect(replayed.currentState == Editor())
    }

    @Test("a malformed log is a typed error")
    func malformed() {
        let replayed = makeEditor()
        #expect(throws: ReduxError.self) {
            try ActionLog.replay(Data("{not json".utf8), registry: ActionRegistry(), into: replayed)
        }
    }

    @Test("the log keeps at most its limit of entries")
    func limit() {
        let log = ActionLog(limit: 2)
        for position in 0..<5 {
            log.record(Cursor(position: position))
        }
        #expect(log.entries.compactMap { ($0.action as? Cursor)?.position } == [3, 4])
    }
}

@Suite("History scope")
@MainActor
struct HistoryScopeTests {
    @Test("undo restores only what the undoable action's key-path reducers write; other changes stay")
    func partialRestore() {
        let store = makeEditor()
        store.dispatch(Type(text: "a"))
        store.dispatch(Cursor(position: 9))
        store.dispatch(HistoryAction.Undo())
        #expect(store.currentState == Editor(text: "", cursor: 9))
        store.dispatch(HistoryAction.Redo())
        #expect(store.currentState == Editor(text: "a", cursor: 9))
    }

    @Test("clear() empties both stacks")
    func clear() {
        let store = makeEditor()
        store.dispatch(Type(text: "a"))
        store.dispatch(Type(text: "b"))
        store.dispatch(HistoryAction.Undo())
        store.history.clear()
        #expect(!store.history.canUndo.value && !store.history.canRedo.value)
        store.dispatch(HistoryAction.Undo())
        #expect(store.currentState.text == "a")
    }
}
