import BrigadeCore
import BrigadeNavigation
import BrigadeRedux
import Testing

struct Note: Sendable, Equatable {
    var id: Int
    var title: String
}

struct NoteBook: Sendable, Equatable {
    var notes = [Note(id: 1, title: "a"), Note(id: 2, title: "b"), Note(id: 3, title: "c")]
    var draft = ""
    var owner = Owner()
}

struct Owner: Sendable, Equatable {
    var name = "Ada"
    var city = "London"
}

struct DeleteNote: Action {
    let id: Int
}

struct RenameOwner: Action {
    let name: String
}

struct EditDraft: Action {
    let text: String
}

@MainActor
func noteBookStore() -> Store<NoteBook> {
    let store = Store(initialState: NoteBook())
    store.reducers.add(on: \NoteBook.notes) { (notes: inout [Note], action: DeleteNote) in
        notes.removeAll { $0.id == action.id }
    }
    store.reducers.add(on: \NoteBook.owner.name) { (name: inout String, action: RenameOwner) in name = action.name }
    store.reducers.add(on: \NoteBook.draft) { (draft: inout String, action: EditDraft) in draft = action.text }
    return store
}

@Suite("ObservedState: what is tracked")
@MainActor
struct ObservedStateTrackingTests {
    let store = noteBookStore()

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @Test("a detail view that read \\.notes[2] does not crash a later dispatch that deletes that note")
    func deletingAReadElementDoesNotTrap() {
        let state = ObservedState(store: store)
        let detail = ChangeCounter()
        #expect(detail.track { state[\.notes[2]] } == Note(id: 3, title: "c"))
        store.dispatch(DeleteNote(id: 3))
        #expect(detail.count == 1)
        store.dispatch(DeleteNote(id: 2))
        #expect(state.notes == [Note(id: 1, title: "a")])
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @Test("a view that read an element and then read something else is told only about what it read last")
    func trackingFollowsTheLastRead() {
        let state = ObservedState(store: store)
        let view = ChangeCounter()
        _ = view.track { state[\.notes[2]] }
        store.dispatch(EditDraft(text: "x"))
        #expect(view.count == 1)
        let rerendered = ChangeCounter()
        _ = rerendered.track { state.owner }
        store.dispatch(DeleteNote(id: 3))
        store.dispatch(DeleteNote(id: 2))
        #expect(rerendered.count == 0)
        store.dispatch(RenameOwner(name: "Grace"))
        #expect(rerendered.count == 1)
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @Test("a nested stored member is tracked precisely: a sibling's change does not tell it")
    func nestedStoredMemberIsPrecise() {
        let state = ObservedState(store: store)
        let view = ChangeCounter()
        #expect(view.track { state[\.owner.city] } == "London")
        store.dispatch(RenameOwner(name: "Grace"))
        store.dispatch(DeleteNote(id: 1))
        #expect(view.count == 0)
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @Test("a computed member is told by every new value and reads it right")
    func computedMemberIsToldByEveryValue() {
        let state = ObservedState(store: store)
        let view = ChangeCounter()
        #expect(view.track { state[\.notes.count] } == 3)
        store.dispatch(EditDraft(text: "x"))
        #expect(view.count == 1)
        #expect(state[\.notes.count] == 3)
    }
}
