import BrigadeReactive

/// A store offers its state to observable views (`ObservedState(store:)`).
extension Store: ObservableStateSource {}

/// A store counts what its observable views invalidate, for an attached inspector (`InspectorEvent.Cost`).
extension Store: InvalidationCounting {}

extension Store {
    /// The number of active subscribers made with the store's `subscribe` methods and ``observeStates(_:)`` (an
    /// `ObservedState(store:)` is one while it lives).
    ///
    /// A subscription disposed on the main actor leaves at once. One disposed on another thread leaves when the main
    /// actor next notifies, subscribes or reads this count, and at the latest in a task the disposal starts on the main
    /// actor; reading the count is how a caller waits for it (`await` the store's main actor, then read it): by then
    /// the subscriber's handler and what it holds are released.
    public var subscriberCount: Int {
        _subscribers.removeDisposed()
        return _subscribers.count
    }

    /// Compares two states with `==` when the state is `Equatable` (the store was made by that case's initializer);
    /// `nil` otherwise. ``state`` skips a state equal to the one it published last, and `ObservedState(store:)` one
    /// equal to the state before.
    public var stateEquality: (@Sendable (State, State) -> Bool)? { _stateEquality }

    /// Calls `handler` with the settled state once per dispatch or transaction that ran a reducer, as the store's
    /// whole-state subscribers are told (the state may be equal to the one before), after the priority subscribers
    /// ran and before the ordinary ones, on the main actor. The first call is for the next change. What
    /// `ObservedState(store:)` follows, without the lock and the copy of ``state``: it compares what its views read.
    /// - Returns: The subscription; it ends on ``BrigadeReactive/SubscriptionReference/dispose()`` (from any thread) or
    ///   with its bag, like a subscriber's, and counts in ``subscriberCount``.
    @discardableResult
    public func observeStates(_ handler: @escaping @Sendable (State) -> Void) -> SubscriptionReference {
        _subscribers.observeStates(handler)
    }
}
