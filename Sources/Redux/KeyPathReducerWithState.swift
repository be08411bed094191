import BrigadeCore

extension ReducerContainer {
    /// Registers an in-place reducer for actions of type `A` on the part of the app state at `keyPath` that also
    /// reads the whole state: for an action that needs a sibling field, without writing a whole-state reducer.
    ///
    /// ```swift
    /// container.add(on: \AppState.order) { (order: inout Order, action: AddDish, state: AppState) in
    ///     if state.menu.contains(action.dish) { order.dishes.append(action.dish) }
    /// }
    /// ```
    ///
    /// `state` is the state as it was before this reducer ran (earlier reducers of the action included); the reducer
    /// writes only the part at `keyPath`. `state` shares its storage with the part, so the reducer's first change to
    /// a collection in the part copies that collection: for a large list, read what you need in a two-argument
    /// reducer's action instead, or keep the list out of the part this form writes. Undo of an ``UndoableAction`` reduced this way restores only that part, so
    /// later changes elsewhere survive, as with the two-argument form.
    /// - Parameters:
    ///   - keyPath: The part of the state the reducer writes.
    ///   - reduce: Changes the part in place for the action, reading the whole state.
    @inlinable
    public func add<A: Action, State, Value>(
        on keyPath: WritableKeyPath<State, Value>,
        reduce: @escaping (inout Value, A, State) -> Void
    ) {
        _append(
            { _, action, state in
                let whole = state
                reduce(&state[keyPath: keyPath], action, whole)
            }, for: A.self, State.self,
            restoring: { target, source in target[keyPath: keyPath] = source[keyPath: keyPath] })
    }
}
