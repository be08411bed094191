import BrigadeRedux

extension ViewModelBinding {
    /// Creates a binding to a store: the view model is made from the state by `map` and rendered synchronously
    /// with the store's notifications, only when it changed.
    ///
    /// ```swift
    /// binding = ViewModelBinding(store: store, map: { OrderViewModel(order: $0.order) }) { [weak screen] in
    ///     screen?.show($0)
    /// }
    /// ```
    public convenience init<State: Sendable>(
        store: Store<State>,
        timing: Timing = .whileVisible,
        map: @escaping (State) -> ViewModel,
        render: @escaping @MainActor (ViewModel) -> Void
    ) {
        self.init(
            timing: timing,
            current: { map(store.currentState) },
            subscribe: { deliver in store.subscribe(select: map) { deliver($0) } },
            render: render)
    }
}
