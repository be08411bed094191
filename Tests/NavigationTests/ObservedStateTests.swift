import BrigadeCore
import BrigadeNavigation
import BrigadeReactive
import BrigadeRedux
import BrigadeServices
import Observation
import Testing

struct NotesState: Sendable, Equatable {
    var titles: [String] = []
    var draft = ""
}

struct AddNote: Action {
    let title: String
}

struct SetDraft: Action {
    let text: String
}

@MainActor
func notesStore() -> Store<NotesState> {
    let store = Store(initialState: NotesState())
    store.reducers.add(on: \NotesState.titles) { (titles: inout [String], action: AddNote) in
        titles.append(action.title)
    }
    store.reducers.add(on: \NotesState.draft) { (draft: inout String, action: SetDraft) in draft = action.text }
    return store
}

@Suite("ObservedState: the Observation bridge")
@MainActor
struct ObservedStateTests {
    let store = notesStore()

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @Test("a dispatch that changes the property read fires onChange")
    func changeOfReadPropertyFires() {
        let state = ObservedState(store: store)
        let counter = ChangeCounter()
        #expect(counter.track { state.titles } == [])
        store.dispatch(AddNote(title: "Groceries"))
        #expect(counter.count == 1)
        #expect(state.titles == ["Groceries"])
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @Test("a dispatch that changes another property does not fire")
    func changeOfOtherPropertyDoesNotFire() {
        let state = ObservedState(store: store)
        let counter = ChangeCounter()
        _ = counter.track { state.titles }
        store.dispatch(SetDraft(text: "half a thought"))
        #expect(counter.count == 0)
        #expect(state.draft == "half a thought")
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @Test("a dispatch that leaves the read value equal does not fire")
    func equalValueDoesNotFire() {
        let state = ObservedState(store: store)
        store.dispatch(SetDraft(text: "same"))
        let counter = ChangeCounter()
        _ = counter.track { state.draft }
        store.dispatch(SetDraft(text: "same"))
        #expect(counter.count == 0)
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @Test(
        "a dispatch that leaves the whole state equal does not fire a view whose read cannot be compared on its own",
        arguments: RepeatedStateRead.allCases)
    func repeatedStateDoesNotFire(read: RepeatedStateRead) {
        let (state, reading) = read.make(store)
        store.dispatch(SetDraft(text: "same"))
        let counter = ChangeCounter()
        counter.track(reading)
        store.dispatch(SetDraft(text: "same"))
        #expect(counter.count == 0)
        store.dispatch(SetDraft(text: "other"))
        #expect(counter.count == 1)
        #expect(state.value.draft == "other")
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @Test("it does not keep the store alive: once the store is gone, it keeps the last state")
    func doesNotHoldTheStore() {
        weak var weakStore: Store<NotesState>?
        let state: ObservedState<NotesState>
        do {
            let local = notesStore()
            weakStore = local
            state = ObservedState(store: local)
            local.dispatch(AddNote(title: "kept"))
        }
        #expect(weakStore == nil)
        #expect(state.titles == ["kept"])
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @Test("a transaction of several changes fires once, and the settled state is read")
    func transactionFiresOnce() {
        let state = ObservedState(store: store)
        let counter = ChangeCounter()
        _ = counter.track { (state.titles, state.draft) }
        store.transaction {
            store.dispatch(AddNote(title: "a"))
            store.dispatch(AddNote(title: "b"))
            store.dispatch(SetDraft(text: "c"))
        }
        #expect(counter.count == 1)
        #expect(state.titles == ["a", "b"])
        #expect(state.draft == "c")
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @Test("reading two properties fires on a change of either")
    func twoPropertiesFireOnEither() {
        let state = ObservedState(store: store)
        let first = ChangeCounter()
        _ = first.track { (state.titles, state.draft) }
        store.dispatch(SetDraft(text: "x"))
        let second = ChangeCounter()
        _ = second.track { (state.titles, state.draft) }
        store.dispatch(AddNote(title: "y"))
        #expect(first.count == 1)
        #expect(second.count == 1)
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @Test("reading the whole value fires on any change")
    func wholeValueFiresOnAnyChange() {
        let state = ObservedState(store: store)
        let counter = ChangeCounter()
        #expect(counter.track { state.value } == NotesState())
        store.dispatch(SetDraft(text: "x"))
        #expect(counter.count == 1)
        #expect(state.value.draft == "x")
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @Test("the subscript and dynamic member lookup read the same key path")
    func subscriptAndDynamicMemberAgree() {
        let state = ObservedState(store: store)
        let counter = ChangeCounter()
        _ = counter.track { state[\.titles] }
        store.dispatch(SetDraft(text: "x"))
        #expect(counter.count == 0)
        store.dispatch(AddNote(title: "n"))
        #expect(counter.count == 1)
        #expect(state[\.titles] == state.titles)
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @Test("released while the store lives: no retain cycle, its subscription ends")
    func releasedWithoutCycle() {
        let before = store.subscriberCount
        weak var weakState: ObservedState<NotesState>?
        do {
            let state = ObservedState(store: store)
            weakState = state
            _ = ChangeCounter().track { state.titles }
            #expect(store.subscriberCount == before + 1)
        }
        #expect(weakState == nil)
        #expect(store.subscriberCount == before)
        store.dispatch(AddNote(title: "after release"))
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @Test("an ObservableProperty is observed the same way")
    func observableProperty() {
        let count = ObservableProperty(0)
        let state = ObservedState(count)
        let counter = ChangeCounter()
        #expect(counter.track { state.value } == 0)
        count.value = 3
        #expect(counter.count == 1)
        #expect(state.value == 3)
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @Test("a property set on another thread fires onChange")
    func setOnAnotherThread() async {
        let count = ObservableProperty(0)
        let state = ObservedState(count)
        let counter = ChangeCounter()
        _ = counter.track { state.value }
        await Task.detached { count.value = 1 }.value
        #expect(counter.count == 1)
        #expect(state.value == 1)
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @Test("the language of Translations: a view that reads it is invalidated when it changes, and reads the new texts")
    func translationsLanguage() {
        let translations = Translations(
            table: Translations.Table(["title": ["en": "Notes", "fr": "Notes (fr)"]]), defaultLanguage: "en",
            log: { _ in })
        let language = ObservedState(translations.language)
        let counter = ChangeCounter()
        let title = counter.track { translations.text("title", language: language.value) }
        #expect(title == "Notes")
        translations.language.value = "fr"
        #expect(counter.count == 1)
        #expect(translations.text("title", language: language.value) == "Notes (fr)")
    }
}

@Suite("ObservedState with Observations")
@MainActor
struct ObservedStateObservationsTests {
    @available(macOS 26, iOS 26, watchOS 26, tvOS 26, visionOS 26, *)
    @Test("Observations yields the current value, then the value after each changing dispatch")
    func observationsSequence() async {
        let store = notesStore()
        let state = ObservedState(store: store)
        var iterator = Observations { state.titles.count }.makeAsyncIterator()
        #expect(await iterator.next() == 0)
        store.dispatch(AddNote(title: "a"))
        #expect(await iterator.next() == 1)
        store.transaction {
            store.dispatch(AddNote(title: "b"))
            store.dispatch(AddNote(title: "c"))
        }
        #expect(await iterator.next() == 3)
    }
}

/// The reads a repeated state must not fire although they cannot compare a member of their own: the whole value, a
/// computed member (no stored offset, never evaluated on a new state), the whole value of a view made in generic code
/// (which compares through the store's `stateEquality`).
enum RepeatedStateRead: String, CaseIterable, CustomTestStringConvertible {
    case value = "the whole value"
    case computedMember = "a computed member"
    case valueFromGenericCode = "the whole value, the view made in generic code"

    var testDescription: String { rawValue }

    /// A view of `store` and the read a body makes.
    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @MainActor
    func make(_ store: Store<NotesState>) -> (ObservedState<NotesState>, () -> Void) {
        func observe<Source: ObservableStateSource>(_ source: Source) -> ObservedState<Source.StateValue> {
            ObservedState(store: source)
        }
        switch self {
        case .value:
            let state = ObservedState(store: store)
            return (state, { _ = state.value })
        case .computedMember:
            let state = ObservedState(store: store)
            return (state, { _ = state[\.titles.count] })
        case .valueFromGenericCode:
            let state = observe(store)
            return (state, { _ = state.value })
        }
    }
}
