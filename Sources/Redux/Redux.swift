import BrigadeCore

/// A store with its reducer container, reducer provider and action dispatcher in one place (VISPER's `Redux`).
///
/// ```swift
/// let redux = Redux(initialState: AppState())
/// redux.reducerContainer.add(on: \AppState.count) { (count: inout Int, _: Increment) in count += 1 }
/// redux.store.dispatch(Increment())
/// ```
@MainActor
public final class Redux<State: Sendable> {
    /// The store.
    public let store: Store<State>

    /// Wraps an existing store.
    public init(store: Store<State>) {
        self.store = store
    }

    /// Creates a store holding `initialState`, with `middleware`.
    public init(initialState: State, middleware: [Middleware<State>] = []) {
        store = Store(initialState: initialState, middleware: middleware)
    }

    /// Creates a store holding `initialState` whose actions also go through a VISPER-style `appReducer`.
    public init<R: AppReducer>(initialState: State, appReducer: R, middleware: [Middleware<State>] = [])
    where R.ReducedState == State {
        store = Store(initialState: initialState, appReducer: appReducer, middleware: middleware)
    }

    /// Where reducers are registered.
    public var reducerContainer: ReducerContainer { store.reducers }

    /// Reduces an action on any part of the state with the registered reducers.
    public var reducerProvider: any ReducerProvider { store.reducers }

    /// Takes actions from any thread or task, keeping each caller's order.
    public var actionDispatcher: StoreDispatcher { store.actionDispatcher }
}
