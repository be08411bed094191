/// An object that offers its state as a read-only observable property: a Redux store, say.
///
/// What an observable view such as BrigadeNavigation's `ObservedState(store:)` follows, without depending on the
/// module that defines the store.
@MainActor
public protocol ObservableStateSource: AnyObject {
    /// The type of the state.
    associatedtype StateValue: Sendable

    /// The state; it tells its subscribers about every new value.
    var state: ReadOnlyObservableProperty<StateValue> { get }

    /// The state now. By default, the value of ``state``.
    var currentState: StateValue { get }

    /// Calls `handler` with the source's states from now on, until the subscription is disposed; a state may be
    /// repeated (equal to the one before), and the first call may carry the state now.
    ///
    /// By default, a subscription to ``state``, whose first call carries its value then: no value set on another
    /// thread between reading ``currentState`` and subscribing is lost. A source may follow its states more cheaply: a
    /// BrigadeRedux `Store` calls `handler` from its notification round, once per dispatch or transaction that ran a
    /// reducer, without making ``state``.
    /// - Returns: The subscription; `handler` is not called after it is disposed.
    func observeStates(_ handler: @escaping @Sendable (StateValue) -> Void) -> SubscriptionReference

    /// Whether two states are equal, when the source can tell (a store of an `Equatable` state): a follower of
    /// ``observeStates(_:)`` then recognises a repeated state. By default `nil`.
    var stateEquality: (@Sendable (StateValue, StateValue) -> Bool)? { get }
}

extension ObservableStateSource {
    /// The value of ``state``.
    public var currentState: StateValue { state.value }

    /// A subscription to ``state``, whose first call carries its value then.
    public func observeStates(_ handler: @escaping @Sendable (StateValue) -> Void) -> SubscriptionReference {
        state.subscribe(initial: true, handler)
    }

    /// `nil`: the source does not compare its states.
    public var stateEquality: (@Sendable (StateValue, StateValue) -> Bool)? { nil }
}
