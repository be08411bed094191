import Brigade

/// The Bistro's store as a session makes it, its reducers and nothing else (no action log, no trace, no effects
/// started by screens): what a test replaying a recorded Bistro session starts from.
///
/// `brigade-tool inspect --emit-test session --module BistroKit` writes a test that calls it; the action types come
/// from its reducers:
///
/// ```swift
/// let store = TestStore(store: makeInspectedStore())
/// try await InspectorReplay.check(session: session, store: store)
/// ```
@MainActor
public func makeInspectedStore() -> Store<BistroState> {
    let store = Store(initialState: BistroState())
    OrderScreenFeature.addReducers(to: store.reducers)
    OrdersScreenFeature.addReducers(to: store.reducers)
    LanguageFeature.addReducers(to: store.reducers)
    SpecialsScreenFeature.addReducers(to: store.reducers)
    return store
}

/// Every action type the Bistro records, by name: for `log export` / `--replay` (a replayed session needs none).
@MainActor
public func makeActionRegistry() -> ActionRegistry {
    BistroSession.makeRegistry()
}
