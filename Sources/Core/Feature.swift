/// A unit of an app: a screen, a piece of logic, a service. Features are handed to a ``FeatureApp``, which passes them to
/// every ``FeatureObserver``.
///
/// A feature is usually several kinds at once (a view feature that is also a presenter feature, say); each kind is
/// a protocol refining this one, handled by its own observer. Features are created and added on the main actor.
@MainActor
public protocol Feature: AnyObject {
    /// A name for messages and errors; by default the feature's type name.
    var featureName: String { get }

    /// The feature as a `KitchenFeature` (BrigadeKitchen), or `nil`; given by that protocol, do not implement it.
    ///
    /// These `as…Feature` members let Brigade's installers find a feature's kinds without a runtime cast (see
    /// ``FeatureKind``). They are chosen where the type declares its conformance to ``Feature``, so a subclass that
    /// adds a kind its superclass does not have is found by a cast instead: a feature class with a superclass
    /// costs its first launch a conformance look-up per kind it does not say.
    var asKitchenFeature: FeatureKind? { get }
    /// The feature as a `LogicFeature` (BrigadeRedux), or `nil`; given by that protocol, do not implement it.
    var asLogicFeature: FeatureKind? { get }
    /// The feature as a `StateObservingFeature` (BrigadeRedux), or `nil`; given by that protocol, do not implement it.
    var asStateObservingFeature: FeatureKind? { get }
    /// The feature as a `ViewFeature` (BrigadeWireframe), or `nil`; given by that protocol, do not implement it.
    var asViewFeature: FeatureKind? { get }
    /// The feature as a `PresenterFeature` (BrigadeWireframe), or `nil`; given by that protocol, do not implement it.
    var asPresenterFeature: FeatureKind? { get }
}

extension Feature {
    /// `nil`: not a kitchen feature.
    public var asKitchenFeature: FeatureKind? { nil }
    /// `nil`: not a logic feature.
    public var asLogicFeature: FeatureKind? { nil }
    /// `nil`: not a state-observing feature.
    public var asStateObservingFeature: FeatureKind? { nil }
    /// `nil`: not a view feature.
    public var asViewFeature: FeatureKind? { nil }
    /// `nil`: not a presenter feature.
    public var asPresenterFeature: FeatureKind? { nil }

    /// The feature's type name.
    public var featureName: String {
        String(describing: type(of: self))
    }
}

/// Something that reacts to the features added to a ``FeatureApp``: it installs the parts of a feature it understands.
///
/// Called by the app on the main actor, once per feature: for each ``FeatureApp/add(feature:)`` after the observer was added,
/// and, when the observer is added, for each feature added before it, in order.
@MainActor
public protocol FeatureObserver: AnyObject {
    /// Installs what `feature` offers this observer; a feature of a kind the observer does not handle is ignored.
    ///
    /// - Throws: Any error; the app wraps it in ``AppError/observerFailed(feature:observer:underlying:)``.
    func featureAdded(application: any FeatureApp, feature: any Feature) throws
    /// Whether this observer installs something of `feature`; at the end of setup
    /// (``DefaultApp/verifyFeaturesInstalled()``) the app reports a feature that no observer installs
    /// (``AppError/featureNotInstalled(feature:observers:)``).
    ///
    /// By default `true`: an observer that does not say is taken to install every feature, so it never causes a
    /// report. Brigade's own observers answer for the feature kinds they handle.
    func installs(_ feature: any Feature) -> Bool

    /// A name for messages and errors; by default the observer's type name.
    var observerName: String { get }
}

extension FeatureObserver {
    /// `true`: an observer that does not say is taken to install every feature.
    public func installs(_ feature: any Feature) -> Bool {
        true
    }

    /// The observer's type name.
    public var observerName: String {
        String(describing: type(of: self))
    }
}
