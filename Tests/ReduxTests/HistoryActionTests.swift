import BrigadeCore
import BrigadeRedux
import Testing

@Suite("HistoryAction")
@MainActor
struct HistoryActionTests {
    @Test(".undo and .redo are HistoryAction.Undo and HistoryAction.Redo where the action type is inferred")
    func shorthand() {
        let store = makeEditor()
        store.dispatch(Type(text: "a"))
        store.dispatch(Type(text: "b"))
        store.dispatch(.undo)
        #expect(store.currentState.text == "a")
        store.dispatch(.redo)
        #expect(store.currentState.text == "ab")
    }

    @Test("an action log records them under their own type names, as before they were nested")
    func loggedNames() {
        let registry = ActionRegistry()
        #expect(registry.name(of: HistoryAction.Undo()) == "Undo")
        #expect(registry.name(of: HistoryAction.Redo()) == "Redo")
    }
}
