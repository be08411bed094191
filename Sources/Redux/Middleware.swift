import BrigadeCore

/// Sees every dispatched action before the reducers and decides what reaches them.
///
/// A middleware calls `next` to pass an action on: once with the same action (pass), not at all (drop), with
/// another action (replace), or several times (expand); it may also run a side effect or dispatch new actions
/// through its context, which are processed after the current one. Middleware composes in the order it was given:
/// the first sees the action first, and its `next` leads to the second. Call `next` before returning; an action
/// passed later is not tied to the dispatch that started it.
///
/// ```swift
/// let logging = Middleware<AppState> { context, action, next in
///     print("dispatching", action)
///     next(action)
/// }
/// ```
public struct Middleware<State: Sendable> {
    /// Passes an action on to the next middleware, or to the reducers after the last one.
    public typealias Next = (any Action) -> Void

    let handle: (MiddlewareContext<State>, any Action, Next) -> Void

    /// Creates a middleware from `handle`, called on the main actor for every action.
    public init(_ handle: @escaping (_ context: MiddlewareContext<State>, _ action: any Action, _ next: Next) -> Void) {
        self.handle = handle
    }

    /// A middleware that passes every action on unchanged after running `effect` with it.
    public static func sideEffect(
        _ effect: @escaping (_ context: MiddlewareContext<State>, _ action: any Action) -> Void
    ) -> Middleware {
        Middleware { context, action, next in
            effect(context, action)
            next(action)
        }
    }
}

/// What a middleware can reach of its store: the current state and dispatch.
@MainActor
public struct MiddlewareContext<State: Sendable> {
    private let currentState: () -> State
    private let dispatcher: (any Action) -> Void

    init(state: @escaping () -> State, dispatch: @escaping (any Action) -> Void) {
        currentState = state
        dispatcher = dispatch
    }

    /// The store's state now.
    public var state: State { currentState() }

    /// Dispatches `action`; it is processed after the action being handled, in the order dispatched.
    public func dispatch(_ action: any Action) {
        dispatcher(action)
    }
}
