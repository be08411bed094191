import Brigade

/// The Bistro's store as a session makes it: the starting state and every feature's reducers, without the session's
/// middleware (the action log, the trace), which dispatch nothing. A test replaying a session the inspector recorded
/// (`brigade-tool inspect --emit-test`) makes its store with it.
@MainActor
public func makeInspectedStore() -> Store<BistroState> {
    let store = Store(initialState: BistroState())
    OrderScreenFeature.addReducers(to: store.reducers)
    OrdersScreenFeature.addReducers(to: store.reducers)
    LanguageFeature.addReducers(to: store.reducers)
    SpecialsScreenFeature.addReducers(to: store.reducers)
    return store
}

/// Every action type of the Bistro, for a test replaying a recorded session (`brigade-tool inspect --emit-test`).
@MainActor
public func makeActionRegistry() -> ActionRegistry {
    BistroSession.makeRegistry()
}
