import BrigadeCore
import BrigadeNavigation
import BrigadeRedux
import Observation
import Testing

private struct ShelfState: Sendable, Equatable {
    var books = ["Emma", "Persuasion"]
    var title = "Shelf"
}

private struct RenameFirst: Action {}

@Suite("ObservedState's diagnostics: what it checks of Observation, what it says in a debug build", .serialized)
@MainActor
struct ObservedStateDiagnosticsTests {
    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @Test("this toolchain's Observation holds what it tracks as the bridge expects, so gone views' members are dropped")
    func observationHoldsTrackedKeyPaths() {
        #expect(ObservedStateDiagnostics.dropsMembersOfGoneViews)
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @Test("a key path through a subscript warns once in a debug build, naming what to read instead; it still updates")
    func subscriptKeyPathWarnsOnce() {
        let store = Store(initialState: ShelfState())
        store.reducers.add(on: \ShelfState.books) { (books: inout [String], _: RenameFirst) in books[0] += "!" }
        let state = ObservedState(store: store)
        let views = [ChangeCounter(), ChangeCounter()]
        // Other suites may warn meanwhile (the warnings are the process's): keep this state's.
        let said = ObservedStateDiagnostics.collectingWarnings {
            for view in views {
                _ = view.track { state[\.books[0]] }
            }
            _ = state[\.title]
        }.filter { $0.contains("ShelfState") }
        store.dispatch(RenameFirst())
        #expect(views.map(\.count) == [1, 1])
        #if DEBUG
        #expect(said.count == 1)
        #expect(said.first?.contains("subscript or a computed property") == true)
        #expect(said.first?.contains("state[\\.items, id: id]") == true)
        #else
        #expect(said.isEmpty)
        #endif
    }
}
