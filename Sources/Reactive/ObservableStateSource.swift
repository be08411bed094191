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

    /// Calls `handler` with each new state, as ``state`` delivers them, from the next one on.
    ///
    /// By default, a subscription to ``state`` that skips the current value. A source may follow its states more
    /// cheaply: a BrigadeRedux `Store` calls `handler` from its notification round, without making ``state``.
    /// - Returns: The subscription; `handler` is not called after it is disposed.
    func observeStates(_ handler: @escaping @Sendable (StateValue) -> Void) -> SubscriptionReference
}

extension ObservableStateSource {
    /// The value of ``state``.
    public var currentState: StateValue { state.value }

    /// A subscription to ``state`` that skips the current value.
    public func observeStates(_ handler: @escaping @Sendable (StateValue) -> Void) -> SubscriptionReference {
        state.subscribe(initial: false, handler)
    }
}
