import BrigadeCore

extension Store where State: Equatable {
    /// Creates a store of an `Equatable` state: like ``init(initialState:reducers:middleware:historyLimit:)``, and
    /// ``state`` skips a dispatch or transaction whose reducers left the state equal to the one it holds.
    public convenience init(
        initialState: State,
        reducers: ReducerContainer = ReducerContainer(),
        middleware: [Middleware<State>] = [],
        historyLimit: Int = 100
    ) {
        self.init(
            initialState: initialState, reducers: reducers, middleware: middleware, historyLimit: historyLimit,
            appReducer: nil, stateEquality: { $0 == $1 })
    }

    /// Creates a store of an `Equatable` state with a VISPER-style app reducer; ``state`` skips a dispatch or
    /// transaction that left the state equal.
    public convenience init<R: AppReducer>(
        initialState: State,
        appReducer: R,
        reducers: ReducerContainer = ReducerContainer(),
        middleware: [Middleware<State>] = [],
        historyLimit: Int = 100
    ) where R.ReducedState == State {
        self.init(
            initialState: initialState, reducers: reducers, middleware: middleware, historyLimit: historyLimit,
            appReducer: Self.reduceFunction(of: appReducer), stateEquality: { $0 == $1 })
    }
}
