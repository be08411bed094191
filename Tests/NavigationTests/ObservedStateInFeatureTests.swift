import BrigadeCore
import BrigadeNavigation
import BrigadeReactive
import BrigadeRedux
import Testing

/// A feature that observes the store and makes an `ObservedState` of it: inside a `StateObservingFeature` conformer
/// the name `ObservedState` must still be the Observation bridge, not the protocol's associated type.
@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
@MainActor
final class TitlesFeature: StateObservingFeature {
    private(set) var observed: ObservedState<NotesState>?

    func observe(state: ReadOnlyObservableProperty<NotesState>) {
        observed = ObservedState(state)
    }
}

@Suite("ObservedState inside a StateObservingFeature")
@MainActor
struct ObservedStateInFeatureTests {
    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @Test("a StateObservingFeature conformer names ObservedState<State> and reads the state through it")
    func conformerNamesTheBridge() throws {
        let redux = Redux(store: notesStore())
        let app = ReduxApp(redux: redux)
        let feature = TitlesFeature()
        try app.add(feature: feature)
        redux.store.dispatch(AddNote(title: "Groceries"))
        #expect(feature.observed?.titles == ["Groceries"])
    }
}
