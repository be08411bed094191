import BrigadeCore
import BrigadeKitchen
import BrigadeRedux
import BrigadeWireframe

/// An app with a Redux store, a wireframe and a kitchen (VISPER's VISPERApp): every
/// feature added reaches all three.
///
/// ```swift
/// let navigator = HeadlessNavigator()
/// let app = try BrigadeApp.make(
///     initialState: AppState(),
///     features: [MenuFeature(), OrderLogic()],
///     navigator: navigator)
/// try await app.wireframe.route(to: "/menu")
/// app.store.dispatch(AddDish(dish: "soup"))
/// ```
///
/// The default observers install ``BrigadeWireframe/ViewFeature``s and ``BrigadeWireframe/PresenterFeature``s into
/// the wireframe, ``BrigadeRedux/LogicFeature``s and ``BrigadeRedux/StateObservingFeature``s into the store, and
/// ``BrigadeKitchen/KitchenFeature``s into the kitchen. A feature may be several kinds at once. Observers added later
/// are given the earlier features, as in every Brigade app.
///
/// The store's effects resolve their services from the kitchen (``BrigadeRedux/Effect/Send/services``), unless the
/// store was given a provider of its own.
@MainActor
public final class BrigadeApp<State: Sendable>: ComposedApp {
    /// The store and its parts.
    public let redux: Redux<State>
    /// The wireframe.
    public let wireframe: DefaultWireframe
    /// The service container.
    public let kitchen: Kitchen
    /// The app that holds the features and the observers.
    public let composition: DefaultApp

    /// Creates the app with the default observers.
    /// - Parameters:
    ///   - redux: The store.
    ///   - wireframe: The wireframe; a new one by default.
    ///   - kitchen: The kitchen; a new one by default.
    ///   - navigator: Shows the controllers; held weakly by the wireframe, so keep it alive.
    public init(
        redux: Redux<State>,
        wireframe: DefaultWireframe = DefaultWireframe(),
        kitchen: Kitchen = Kitchen(),
        navigator: (any Navigator)? = nil
    ) {
        self.redux = redux
        self.wireframe = wireframe
        self.kitchen = kitchen
        if let navigator {
            wireframe.navigateOn(navigator)
        }
        // Effects resolve their services from the kitchen; a store given a provider of its own keeps it.
        if redux.store.effectServices.provider == nil {
            redux.store.effectServices.provider = kitchen
        }
        composition = DefaultApp(featureObservers: [
            KitchenFeatureObserver(kitchen: kitchen),
            LogicFeatureObserver(container: redux.reducerContainer),
            StateObservingFeatureObserver(store: redux.store),
            ViewFeatureObserver(wireframe: wireframe),
            PresenterFeatureObserver(wireframe: wireframe),
        ])
    }

    /// Composes an app in one call: the store with its initial state and middleware, the kitchen, the navigator and
    /// the features, added in order (kitchen features first see an open kitchen; seal it afterwards if you wish).
    /// A debug build then checks the app (``verify()``) before it returns.
    /// - Throws: ``BrigadeCore/AppError/observerFailed(feature:observer:underlying:)`` for the first feature an
    ///   observer refused; in a debug build, ``AppVerificationError`` for a feature no observer installs or a
    ///   problem of the kitchen's declared graph.
    public static func make(
        initialState: State,
        features: [any Feature],
        kitchen: Kitchen = Kitchen(),
        navigator: (any Navigator)? = nil,
        middleware: [Middleware<State>] = [],
        historyLimit: Int = 100
    ) throws -> BrigadeApp<State> {
        let store = Store(initialState: initialState, middleware: middleware, historyLimit: historyLimit)
        let app = BrigadeApp(redux: Redux(store: store), kitchen: kitchen, navigator: navigator)
        for feature in features {
            try app.add(feature: feature)
        }
        #if DEBUG
        try app.verify()
        #endif
        return app
    }

    /// Composes an app in one call, for features that need the app's store, wireframe or kitchen: `features` is
    /// called with the app once its store, kitchen and navigator exist, and the features it returns are added in
    /// order.
    ///
    /// ```swift
    /// let app = try BrigadeApp.make(initialState: AppState(), navigator: navigator) { app in
    ///     [OrderFeature(store: app.store)]
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - initialState: The store's first state.
    ///   - kitchen: The kitchen; a new one by default.
    ///   - navigator: Shows the controllers; held weakly by the wireframe, so keep it alive.
    ///   - middleware: The store's middleware, in order.
    ///   - historyLimit: The depth of the store's undo history.
    ///   - features: Makes the features from the app; called once, before any feature is added.
    /// - Returns: The app with every feature added (checked by ``verify()`` in a debug build).
    /// - Throws: The error `features` throws, or
    ///   ``BrigadeCore/AppError/observerFailed(feature:observer:underlying:)`` for the first feature an observer
    ///   refused (the features before it stay added to the app, which is not returned); in a debug build,
    ///   ``AppVerificationError``.
    public static func make(
        initialState: State,
        kitchen: Kitchen = Kitchen(),
        navigator: (any Navigator)? = nil,
        middleware: [Middleware<State>] = [],
        historyLimit: Int = 100,
        features: (BrigadeApp<State>) throws -> [any Feature]
    ) throws -> BrigadeApp<State> {
        let store = Store(initialState: initialState, middleware: middleware, historyLimit: historyLimit)
        let app = BrigadeApp(redux: Redux(store: store), kitchen: kitchen, navigator: navigator)
        for feature in try features(app) {
            try app.add(feature: feature)
        }
        #if DEBUG
        try app.verify()
        #endif
        return app
    }

    /// The store.
    public var store: Store<State> { redux.store }

}
