import BrigadeCore
import BrigadeRedux
import Foundation
import Testing

@Suite("Store diagnostics")
@MainActor
struct DiagnosticsTests {
    @Test("an action no reducer handles is reported with its type and the state type")
    func unhandledAction() {
        let store = Store(initialState: AppState())
        var seen: [String] = []
        store.addDiagnosticHandler { seen.append($0.description) }
        store.dispatch(Noop())
        #expect(
            seen == [
                "action Noop changed nothing: no reducer is registered for it on AppState (register one with"
                    + " store.reducers.add(on:) or a LogicFeature, and check that the feature was added)"
            ])
        #expect(store.currentState == AppState())
    }

    @Test("a handled action is not reported")
    func handledAction() {
        let store = Store(initialState: AppState())
        store.reducers.add(on: \AppState.counter.count) { (count: inout Int, _: Increment) in count += 1 }
        var seen: [StoreDiagnostic] = []
        store.addDiagnosticHandler { seen.append($0) }
        store.dispatch(Increment())
        #expect(seen.isEmpty)
    }

    @Test("an action only an asynchronous reducer handles is not reported")
    func asyncOnly() async {
        let store = Store(initialState: Counter())
        let gate = Gate()
        store.reducers.add(reducer: GatedAdd(gate: gate))
        var seen: [StoreDiagnostic] = []
        store.addDiagnosticHandler { seen.append($0) }
        async let done: Void = store.dispatchAndWait(Add(amount: 1))
        await gate.arrival()
        await gate.open(with: 0)
        await done
        #expect(seen.isEmpty)
    }

    @Test("undo and redo with empty history are reported")
    func emptyHistory() {
        let store = makeEditor()
        var seen: [String] = []
        store.addDiagnosticHandler { seen.append($0.description) }
        store.dispatch(HistoryAction.Undo())
        store.dispatch(HistoryAction.Redo())
        #expect(
            seen == [
                "undo did nothing: the history is empty (no undoable action since the start or the last clear)",
                "redo did nothing: nothing was undone since the last undoable action",
            ])
    }

    @Test("an undo that restores something is not reported")
    func undoWithHistory() {
        let store = makeEditor()
        var seen: [StoreDiagnostic] = []
        store.addDiagnosticHandler { seen.append($0) }
        store.dispatch(Type(text: "a"))
        store.dispatch(HistoryAction.Undo())
        store.dispatch(HistoryAction.Redo())
        #expect(seen.isEmpty)
    }

    @Test("an attached action log notes each diagnostic on its action and exports it")
    func actionLogNotes() throws {
        let log = ActionLog(clock: { Date(timeIntervalSince1970: 0) })
        let store = makeEditor(middleware: [log.middleware()])
        log.attach(to: store)
        store.dispatch(HistoryAction.Undo())
        store.dispatch(Type(text: "a"))
        #expect(log.entries.map(\.diagnostics) == [[.nothingToUndo], []])
        let json = String(decoding: try log.exportJSON(), as: UTF8.self)
        #expect(
            json
                == #"[{"action":{},"diagnostics":["undo did nothing: the history is empty (no undoable action since"#
                + #" the start or the last clear)"],"time":0,"type":"Undo"},{"action":{"text":"a"},"time":0,"type":"Type"}]"#
        )
        let registry = ActionRegistry()
        registry.register(Type.self)
        let replayed = makeEditor()
        try ActionLog.replay(try log.exportJSON(), registry: registry, into: replayed)
        #expect(replayed.currentState == store.currentState)
    }
}

@Suite("Key-path reducers that read the whole state")
@MainActor
struct KeyPathReducerWithStateTests {
    struct AddItem: UndoableAction { let item: String }
    struct Rename: Action { let title: String }
    struct Shop: Sendable, Equatable {
        var stock: Set<String> = ["soup", "bread"]
        var cart: [String] = []
        var title = "Bistro"
    }

    func makeShop() -> Store<Shop> {
        let store = Store(initialState: Shop())
        store.reducers.add(on: \Shop.cart) { (cart: inout [String], action: AddItem, state: Shop) in
            if state.stock.contains(action.item) {
                cart.append(action.item)
            }
        }
        store.reducers.add(on: \Shop.title) { (title: inout String, action: Rename) in title = action.title }
        return store
    }

    @Test("the reducer reads a sibling field")
    func readsSibling() {
        let store = makeShop()
        store.dispatch(AddItem(item: "soup"))
        store.dispatch(AddItem(item: "caviar"))
        #expect(store.currentState.cart == ["soup"])
    }

    @Test("undo restores only the key path: a later unrelated change survives")
    func undoKeepsLaterChange() {
        let store = makeShop()
        store.dispatch(AddItem(item: "soup"))
        store.dispatch(Rename(title: "Chez Brigade"))
        store.dispatch(HistoryAction.Undo())
        #expect(store.currentState.cart == [])
        #expect(store.currentState.title == "Chez Brigade")
    }

    @Test("a whole-state reducer's undo restores the whole state, later changes included")
    func wholeStateUndo() {
        let store = Store(initialState: Shop())
        store.reducers.add(reduceFunction: { (_: any ReducerProvider, action: AddItem, state: Shop) -> Shop in
            var state = state
            state.cart.append(action.item)
            return state
        })
        store.reducers.add(on: \Shop.title) { (title: inout String, action: Rename) in title = action.title }
        store.dispatch(AddItem(item: "soup"))
        store.dispatch(Rename(title: "Chez Brigade"))
        store.dispatch(HistoryAction.Undo())
        #expect(store.currentState == Shop())
    }
}
