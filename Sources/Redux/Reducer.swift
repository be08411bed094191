import BrigadeCore

/// Reduces an action on any state type with the reducers registered for that action type and state type.
///
/// A VISPER-style ``AppReducer`` calls it for each part of the app state. Used on the main actor.
@MainActor
public protocol ReducerProvider: AnyObject {
    /// `state` after every reducer registered for `action`'s type and `S` ran, in registration order; `state`
    /// unchanged when none is registered.
    func reduce<S>(action: any Action, state: S) -> S
}

/// A reduce function: the new state for an action, with the provider to reduce parts of the state.
public typealias ReduceFunction<A: Action, S> = (any ReducerProvider, A, S) -> S

/// A reducer made of a ``ReduceFunction``.
///
/// ```swift
/// let addDish = FunctionalReducer { (_, action: AddDish, order: Order) in order.adding(action.dish) }
/// container.add(reducer: addDish)
/// ```
public struct FunctionalReducer<A: Action, S>: ActionReducer {
    /// The function applied.
    public let reduceFunction: ReduceFunction<A, S>

    /// Creates a reducer from `reduceFunction`.
    public init(_ reduceFunction: @escaping ReduceFunction<A, S>) {
        self.reduceFunction = reduceFunction
    }

    /// Applies the function.
    @MainActor
    public func reduce(provider: any ReducerProvider, action: A, state: S) -> S {
        reduceFunction(provider, action, state)
    }
}

/// A reducer for one action type and one state type (VISPER's `ActionReducerType`, a deprecated alias of this name).
///
/// Called on the main actor, synchronously, during dispatch.
public protocol ActionReducer {
    /// The action type the reducer handles.
    associatedtype ReducedAction: Action
    /// The state type the reducer reduces.
    associatedtype ReducedState

    /// The new state after `action`.
    @MainActor
    func reduce(provider: any ReducerProvider, action: ReducedAction, state: ReducedState) -> ReducedState
}

/// A reducer whose work is asynchronous (VISPER's `AsyncActionReducerType`): it runs off the main actor and then
/// returns a change that the store applies to the state as it is when the work ends.
///
/// ```swift
/// struct LoadSpecials: AsyncActionReducer {
///     func reduce(action: RefreshSpecials, state: Specials) async -> @Sendable (Specials) -> Specials {
///         let fetched = await api.specials()
///         return { _ in Specials(items: fetched) }
///     }
/// }
/// ```
public protocol AsyncActionReducer: Sendable {
    /// The action type the reducer handles.
    associatedtype ReducedAction: Action
    /// The state type the reducer reduces.
    associatedtype ReducedState: Sendable

    /// Does the work for `action`, given the state when it was dispatched, and returns the change to apply.
    func reduce(
        action: ReducedAction,
        state: ReducedState
    ) async -> @Sendable (ReducedState) -> ReducedState
}

/// A VISPER-style root reducer: it builds the new app state, usually by asking the provider to reduce each part.
///
/// ```swift
/// struct BistroReducer: AppReducer {
///     func reduce(provider: any ReducerProvider, action: any Action, state: AppState) -> AppState {
///         AppState(order: provider.reduce(action: action, state: state.order),
///                  menu: provider.reduce(action: action, state: state.menu))
///     }
/// }
/// ```
public protocol AppReducer {
    /// The app state type.
    associatedtype ReducedState

    /// The new app state after `action`.
    @MainActor
    func reduce(provider: any ReducerProvider, action: any Action, state: ReducedState) -> ReducedState
}
