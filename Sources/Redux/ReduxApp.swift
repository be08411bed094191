import BrigadeCore
import BrigadeReactive

/// A feature that brings reducers (VISPER's `LogicFeature`), installed by ``LogicFeatureObserver``.
///
/// ```swift
/// final class OrderLogic: LogicFeature {
///     func injectReducers(container: ReducerContainer) {
///         container.add(on: \AppState.order) { (order: inout Order, action: AddDish) in order.dishes.append(action.dish) }
///     }
/// }
/// ```
@MainActor
public protocol LogicFeature: Feature {
    /// Registers the feature's reducers; called once, when the feature is added.
    func injectReducers(container: ReducerContainer)
}

extension LogicFeature {
    /// The feature as a logic feature: the kind claims `Feature`'s kind slot 1 (docs/Architecture.md, Composition).
    public var _kindSlot1: FeatureKind? { FeatureKind(self as any LogicFeature) }
}

/// A feature that receives the app's observable state, installed by ``StateObservingFeatureObserver``.
@MainActor
public protocol StateObservingFeature: Feature {
    /// The app state type the feature expects.
    associatedtype ObservedStoreState: Sendable

    /// Hands the feature the app's state; called once, when the feature is added.
    func observe(state: ReadOnlyObservableProperty<ObservedStoreState>)
}

extension StateObservingFeature {
    /// The feature as a state-observing feature: the kind claims `Feature`'s kind slot 2 (docs/Architecture.md,
    /// Composition).
    public var _kindSlot2: FeatureKind? { FeatureKind(self as any StateObservingFeature) }
}

/// Installs ``LogicFeature``s: their reducers go into the store's container.
public typealias LogicFeatureObserver = FeatureInstaller<any LogicFeature>

extension FeatureInstaller where Kind == any LogicFeature {
    /// Creates the observer for `container`: each logic feature registers its reducers there.
    public convenience init(container: ReducerContainer) {
        self.init(name: "LogicFeatureObserver", kind: { $0._kindSlot1 }) { feature in
            feature.injectReducers(container: container)
        }
    }
}

/// Installs ``StateObservingFeature``s: each receives the store's state property.
public typealias StateObservingFeatureObserver = FeatureInstaller<any StateObservingFeature>

extension FeatureInstaller where Kind == any StateObservingFeature {
    /// Creates the observer for `state`: each state-observing feature receives it.
    ///
    /// A feature that expects another state type fails its addition with
    /// ``BrigadeRedux/ReduxError/stateTypeMismatch(feature:expected:actual:)``.
    public convenience init<State: Sendable>(state: ReadOnlyObservableProperty<State>) {
        self.init(name: "StateObservingFeatureObserver<\(State.self)>", kind: { $0._kindSlot2 }) {
            feature in
            try hand(state, to: feature)
        }
    }
}

extension FeatureInstaller where Kind == any StateObservingFeature {
    /// Creates the observer for `store`: each state-observing feature receives its ``BrigadeRedux/Store/state``,
    /// made when the first such feature is added (a store whose state no feature observes publishes nothing).
    ///
    /// A feature that expects another state type fails its addition with
    /// ``BrigadeRedux/ReduxError/stateTypeMismatch(feature:expected:actual:)``.
    public convenience init<State: Sendable>(store: Store<State>) {
        self.init(name: "StateObservingFeatureObserver<\(State.self)>", kind: { $0._kindSlot2 }) {
            feature in
            try hand(store.state, to: feature)
        }
    }
}

/// Hands `state` to `feature`.
/// - Throws: ``ReduxError/stateTypeMismatch(feature:expected:actual:)`` when the feature expects another state type.
@MainActor
private func hand<State: Sendable, F: StateObservingFeature>(
    _ state: ReadOnlyObservableProperty<State>, to feature: F
) throws(ReduxError) {
    guard let state = state as? ReadOnlyObservableProperty<F.ObservedStoreState> else {
        throw ReduxError.stateTypeMismatch(
            feature: feature.featureName, expected: "\(F.ObservedStoreState.self)", actual: "\(State.self)")
    }
    feature.observe(state: state)
}

/// A ``BrigadeCore/FeatureApp`` with a Redux store: logic features add reducers, state-observing features receive the state.
///
/// ```swift
/// let app = ReduxApp(initialState: AppState())
/// try app.add(feature: OrderLogic())
/// app.redux.store.dispatch(AddDish(dish: "soup"))
/// ```
@MainActor
public final class ReduxApp<State: Sendable>: ComposedApp {
    /// The store and its parts.
    public let redux: Redux<State>
    /// The app that holds the features and the observers.
    public let composition: DefaultApp

    /// Creates the app around `redux`, with its ``LogicFeatureObserver`` and ``StateObservingFeatureObserver``.
    public init(redux: Redux<State>) {
        self.redux = redux
        composition = DefaultApp(featureObservers: [
            LogicFeatureObserver(container: redux.reducerContainer),
            StateObservingFeatureObserver(store: redux.store),
        ])
    }

    /// Creates the app with a new store holding `initialState`.
    public convenience init(initialState: State, middleware: [Middleware<State>] = []) {
        self.init(redux: Redux(initialState: initialState, middleware: middleware))
    }

}
