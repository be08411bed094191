import BrigadeCore
import BrigadeNavigation
import BrigadeReactive
import BrigadeRedux
import Testing

struct Note: Sendable, Equatable, Identifiable {
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

struct RetitleNote: Action {
    let id: Int
    let title: String
}

struct MoveFirstNoteToEnd: Action {}

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
    store.reducers.add(on: \NoteBook.notes) { (notes: inout [Note], action: RetitleNote) in
        if let index = notes.firstIndex(where: { $0.id == action.id }) { notes[index].title = action.title }
    }
    store.reducers.add(on: \NoteBook.notes) { (notes: inout [Note], _: MoveFirstNoteToEnd) in
        notes.append(notes.removeFirst())
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

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @Test("a note read by id is told when it changes or is deleted, not when another note changes or it moves")
    func elementByIdIsPreciseAndSafe() {
        let state = ObservedState(store: store)
        let detail = ChangeCounter()
        #expect(detail.track { state[\.notes, id: 3] } == Note(id: 3, title: "c"))
        store.dispatch(RetitleNote(id: 1, title: "z"))
        store.dispatch(MoveFirstNoteToEnd())
        store.dispatch(EditDraft(text: "x"))
        #expect(detail.count == 0)
        store.dispatch(RetitleNote(id: 3, title: "C"))
        #expect(detail.count == 1)
        let rerendered = ChangeCounter()
        #expect(rerendered.track { state[\.notes, id: 3]?.title } == "C")
        store.dispatch(DeleteNote(id: 3))
        #expect(rerendered.count == 1)
        #expect(state[\.notes, id: 3] == nil)
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @Test("a note read by an id it does not have yet is told when it arrives")
    func elementByIdArrival() {
        let property = ObservableProperty([Note(id: 1, title: "a")])
        let state = ObservedState(property)
        let view = ChangeCounter()
        #expect(view.track { state[\.self, id: 2] } == nil)
        property.value.append(Note(id: 3, title: "c"))
        #expect(view.count == 0)
        property.value.append(Note(id: 2, title: "b"))
        #expect(view.count == 1)
    }
}
