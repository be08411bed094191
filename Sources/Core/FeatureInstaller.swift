/// A ``FeatureObserver`` that installs the features of one kind: each added feature that is a `Kind` is handed to
/// its `install` closure; the others are ignored.
///
/// Every Brigade app's observers are installers: ``FeatureInstaller`` of `any LogicFeature` (`LogicFeatureObserver`),
/// of `any ViewFeature` (`ViewFeatureObserver`), and so on. Make one for a feature kind of your own:
///
/// ```swift
/// @MainActor protocol AnalyticsFeature: Feature { func register(in analytics: Analytics) }
///
/// let analyticsObserver = FeatureInstaller<any AnalyticsFeature>(name: "AnalyticsObserver") { feature in
///     feature.register(in: analytics)
/// }
/// try app.add(featureObserver: analyticsObserver)
/// ```
///
/// `Kind` is usually an existential (`any SomeFeature`): a feature is installed when it conforms to the protocol.
/// Brigade's own installers find the kind without a runtime cast (through the ``Feature`` kind slot their protocol
/// claims, `Feature._kindSlot0` and the others), so a launch costs the same per feature whether the app has 10
/// feature types or 1,000; an installer of a kind of your own does too when its kind claims a free slot
/// (``init(name:kind:install:)``).
@MainActor
public final class FeatureInstaller<Kind>: FeatureObserver {
    private let name: String?
    private let kind: ((any Feature) -> FeatureKind?)?
    private let install: (Kind) throws -> Void

    /// The name for messages and errors: the one given at creation, else `FeatureInstaller<Kind>`.
    public var observerName: String {
        name ?? "FeatureInstaller<\(Kind.self)>"
    }

    /// Creates an installer that hands each added feature of kind `Kind` to `install`.
    ///
    /// - Parameters:
    ///   - name: The name in messages and errors (``AppError``); `FeatureInstaller<Kind>` by default.
    ///   - install: Installs one feature; called on the main actor, once per feature of kind `Kind`. What it throws
    ///     fails the feature's addition (the app wraps it in
    ///     ``AppError/observerFailed(feature:observer:underlying:)``).
    public init(name: String? = nil, install: @escaping (Kind) throws -> Void) {
        self.name = name
        self.kind = nil
        self.install = install
    }

    /// Creates an installer that hands each added feature of kind `Kind` to `install`, taking the feature as that
    /// kind through `kind` (a ``FeatureKind`` the feature's type made at compile time) instead of a runtime cast.
    ///
    /// ```swift
    /// extension AnalyticsFeature {
    ///     public var _kindSlot5: FeatureKind? { FeatureKind(self as any AnalyticsFeature) }
    /// }
    /// let analyticsObserver = FeatureInstaller<any AnalyticsFeature>(kind: { $0._kindSlot5 }) { feature in
    ///     feature.register(in: analytics)
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - name: The name in messages and errors (``AppError``); `FeatureInstaller<Kind>` by default.
    ///   - kind: The feature as `Kind`, or `nil` when it is not one: the ``Feature`` kind slot `Kind` claims.
    ///   - install: Installs one feature, as ``init(name:install:)``.
    public init(
        name: String? = nil,
        kind: @escaping (any Feature) -> FeatureKind?,
        install: @escaping (Kind) throws -> Void
    ) {
        self.name = name
        self.kind = kind
        self.install = install
    }

    /// Hands `feature` to the install closure when it is a `Kind`; ignores it otherwise.
    ///
    /// - Throws: What the install closure throws.
    public func featureAdded(application: any FeatureApp, feature: any Feature) throws {
        guard let feature = self.feature(feature) else { return }
        try install(feature)
    }

    /// Whether `feature` is a `Kind`: the features this installer installs.
    public func installs(_ feature: any Feature) -> Bool {
        self.feature(feature) != nil
    }

    private func feature(_ feature: any Feature) -> Kind? {
        guard let kind else { return feature as? Kind }
        if let made = kind(feature) {
            return made.feature(as: Kind.self)
        }
        // The kind slots are chosen where a class declares its conformance to `Feature`: a subclass may add
        // a kind its superclass does not have, so only a class without a superclass is known not to be this kind.
        // (`_getSuperclass` reads the class's metadata: no conformance look-up.)
        guard _getSuperclass(type(of: feature)) != nil else { return nil }
        return feature as? Kind
    }
}
