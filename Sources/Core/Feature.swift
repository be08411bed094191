/// A unit of an app: a screen, a piece of logic, a service. Features are handed to a ``FeatureApp``, which passes them to
/// every ``FeatureObserver``.
///
/// A feature is usually several kinds at once (a view feature that is also a presenter feature, say); each kind is
/// a protocol refining this one, handled by its own observer. Features are created and added on the main actor.
///
/// ## Kind slots
///
/// The members `_kindSlot0` … `_kindSlot7` (`nil` by default, hidden from this documentation) let installers find a
/// feature's kinds without a runtime cast: the module that declares a kind fills the slot it claims in its protocol's
/// extension, and its ``FeatureInstaller`` reads that slot (``FeatureInstaller/init(name:kind:install:)``). This
/// module declares no kind. docs/Architecture.md lists the slots Brigade's kinds claim (0 to 4); a kind of your own
/// may claim a free one. Do not implement the slots in a feature type.
@MainActor
public protocol Feature: AnyObject {
    /// A name for messages and errors; by default the feature's type name.
    var featureName: String { get }

    /// The feature as the feature kind that claims kind slot 0, or `nil`: given by that kind's protocol, do not
    /// implement it.
    ///
    /// The kind slots let installers find a feature's kinds without a runtime cast (see ``FeatureKind``): the module
    /// that declares a feature kind claims a free slot in its protocol's extension (`extension AnalyticsFeature {
    /// public var _kindSlot5: FeatureKind? { FeatureKind(self as any AnalyticsFeature) } }`) and reads it in its
    /// ``FeatureInstaller`` (``FeatureInstaller/init(name:kind:install:)``). This module names no kind: adding one edits
    /// only the module that owns it. docs/Architecture.md lists the slots Brigade's kinds claim; two kinds claiming one
    /// slot make a type that adopts both fail to compile (its witness is ambiguous), never misinstall it.
    ///
    /// A slot's witness is chosen where the type declares its conformance to ``Feature``, so a subclass that adds a
    /// kind its superclass does not have is found by a cast instead: a feature class with a superclass costs its first
    /// launch a conformance look-up per kind it does not say.
    var _kindSlot0: FeatureKind? { get }
    /// The feature as the feature kind that claims slot 1, or `nil`; see `_kindSlot0`.
    var _kindSlot1: FeatureKind? { get }
    /// The feature as the feature kind that claims slot 2, or `nil`; see `_kindSlot0`.
    var _kindSlot2: FeatureKind? { get }
    /// The feature as the feature kind that claims slot 3, or `nil`; see `_kindSlot0`.
    var _kindSlot3: FeatureKind? { get }
    /// The feature as the feature kind that claims slot 4, or `nil`; see `_kindSlot0`.
    var _kindSlot4: FeatureKind? { get }
    /// The feature as the feature kind that claims slot 5, or `nil`; see `_kindSlot0`.
    var _kindSlot5: FeatureKind? { get }
    /// The feature as the feature kind that claims slot 6, or `nil`; see `_kindSlot0`.
    var _kindSlot6: FeatureKind? { get }
    /// The feature as the feature kind that claims slot 7, or `nil`; see `_kindSlot0`.
    var _kindSlot7: FeatureKind? { get }
}

extension Feature {
    /// `nil`: no kind claims slot 0 for this type.
    public var _kindSlot0: FeatureKind? { nil }
    /// `nil`: no kind claims slot 1 for this type.
    public var _kindSlot1: FeatureKind? { nil }
    /// `nil`: no kind claims slot 2 for this type.
    public var _kindSlot2: FeatureKind? { nil }
    /// `nil`: no kind claims slot 3 for this type.
    public var _kindSlot3: FeatureKind? { nil }
    /// `nil`: no kind claims slot 4 for this type.
    public var _kindSlot4: FeatureKind? { nil }
    /// `nil`: no kind claims slot 5 for this type.
    public var _kindSlot5: FeatureKind? { nil }
    /// `nil`: no kind claims slot 6 for this type.
    public var _kindSlot6: FeatureKind? { nil }
    /// `nil`: no kind claims slot 7 for this type.
    public var _kindSlot7: FeatureKind? { nil }

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
