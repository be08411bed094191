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
}
