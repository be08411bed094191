import BrigadeCore
import BrigadeLocking

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
/// `Sendable`, its closure main-actor isolated: a middleware may be a constant at file scope in a library, in the
/// Swift 6 mode as in an app target with default main-actor isolation.
public struct Middleware<State: Sendable>: Sendable {
    /// Passes an action on to the next middleware, or to the reducers after the last one.
    public typealias Next = (any Action) -> Void

    @usableFromInline let _handle: @MainActor (MiddlewareContext<State>, any Action, Next) -> Void

    /// Creates a middleware from `handle`, called on the main actor for every action.
    public init(
        _ handle: @escaping @MainActor (_ context: MiddlewareContext<State>, _ action: any Action, _ next: Next) -> Void
    ) {
        _handle = handle
    }

    /// A middleware that passes every action on unchanged after running `effect` with it.
    public static func sideEffect(
        _ effect: @escaping @MainActor (_ context: MiddlewareContext<State>, _ action: any Action) -> Void
    ) -> Middleware {
        Middleware { context, action, next in
            effect(context, action)
            next(action)
        }
    }
}

/// What a middleware can reach of its store: the current state and dispatch.
///
/// A context may outlive its store (a middleware that dispatches later from a `Task` keeps it): once the store is
/// gone, ``state`` returns the store's last state and ``dispatch(_:fileID:line:)`` drops the action. Nothing traps.
/// A store makes one context and hands it to every middleware call.
@MainActor
public struct MiddlewareContext<State: Sendable> {
    let link: StoreLink<State>

    /// The store's state now, or its last state once the store is gone.
    public var state: State { link.state }

    /// The effect that dispatched the action being handled; `nil` when the app dispatched it (or the store is gone).
    public var effect: EffectOrigin? {
        link.store?.dispatchingEffect
    }

    /// Dispatches `action`; it is processed after the action being handled, in the order dispatched. Dropped once
    /// the store is gone. `fileID` and `line`, the call's by default, are what an attached inspector shows.
    public func dispatch(_ action: any Action, fileID: StaticString = #fileID, line: UInt = #line) {
        guard let store = link.store else { return }
        store.dispatch(action, at: store._site(fileID, line))
    }
}

/// A store's middleware contexts' weak link to it, with the state it had when it went away.
final class StoreLink<State: Sendable>: @unchecked Sendable {
    // `store` is only touched on the main actor; `lastState` is guarded by its own lock, because the store's deinit,
    // which sets it, may run on any thread.
    @MainActor weak var store: Store<State>?
    private let lastState: Locked<State>

    @MainActor
    init(_ store: Store<State>, state: State) {
        self.store = store
        lastState = Locked(state)
    }

    @MainActor
    var state: State {
        if let store {
            return store.currentState
        }
        return lastState.withLock { $0 }
    }

    /// Keeps `state`, the store's state when it went away.
    func storeEnded(with state: State) {
        lastState.withLock { $0 = state }
    }
}
