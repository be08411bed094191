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

/// A feature that receives the app's observable state, installed by ``StateObservingFeatureObserver``.
@MainActor
public protocol StateObservingFeature: Feature {
    /// The app state type the feature expects.
    associatedtype ObservedStoreState: Sendable

    /// Hands the feature the app's state; called once, when the feature is added.
    func observe(state: ReadOnlyObservableProperty<ObservedStoreState>)
}

/// Installs ``LogicFeature``s: their reducers go into the store's container.
@MainActor
public final class LogicFeatureObserver: FeatureObserver {
    private let container: ReducerContainer

    /// Creates the observer for `container`.
    public init(container: ReducerContainer) {
        self.container = container
    }

    /// Lets a logic feature register its reducers.
    public func featureAdded(application: any FeatureApp, feature: any Feature) throws {
        (feature as? any LogicFeature)?.injectReducers(container: container)
    }
}

/// Installs ``StateObservingFeature``s: each receives the store's state property.
@MainActor
public final class StateObservingFeatureObserver<State: Sendable>: FeatureObserver {
    private let state: ReadOnlyObservableProperty<State>

    /// Creates the observer for `state`.
    public init(state: ReadOnlyObservableProperty<State>) {
        self.state = state
    }

    /// Hands the state to a state-observing feature.
    /// - Throws: ``ReduxError/stateTypeMismatch(feature:expected:actual:)`` when the feature expects another state
    ///   type.
    public func featureAdded(application: any FeatureApp, feature: any Feature) throws(ReduxError) {
        guard let feature = feature as? any StateObservingFeature else { return }
        try hand(to: feature)
    }

    private func hand<F: StateObservingFeature>(to feature: F) throws(ReduxError) {
        guard let state = state as? ReadOnlyObservableProperty<F.ObservedStoreState> else {
            throw .stateTypeMismatch(
                feature: feature.featureName, expected: "\(F.ObservedStoreState.self)", actual: "\(State.self)")
        }
        feature.observe(state: state)
    }
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
            StateObservingFeatureObserver(state: redux.store.state),
        ])
    }

    /// Creates the app with a new store holding `initialState`.
    public convenience init(initialState: State, middleware: [Middleware<State>] = []) {
        self.init(redux: Redux(initialState: initialState, middleware: middleware))
    }

}
