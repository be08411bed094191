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
@MainActor
public final class FeatureInstaller<Kind>: FeatureObserver {
    /// The name for messages and errors: the one given at creation, else `FeatureInstaller<Kind>`.
    public let observerName: String
    private let install: (Kind) throws -> Void

    /// Creates an installer that hands each added feature of kind `Kind` to `install`.
    ///
    /// - Parameters:
    ///   - name: The name in messages and errors (``AppError``); `FeatureInstaller<Kind>` by default.
    ///   - install: Installs one feature; called on the main actor, once per feature of kind `Kind`. What it throws
    ///     fails the feature's addition (the app wraps it in
    ///     ``AppError/observerFailed(feature:observer:underlying:)``).
    public init(name: String? = nil, install: @escaping (Kind) throws -> Void) {
        self.observerName = name ?? "FeatureInstaller<\(Kind.self)>"
        self.install = install
    }

    /// Hands `feature` to the install closure when it is a `Kind`; ignores it otherwise.
    ///
    /// - Throws: What the install closure throws.
    public func featureAdded(application: any FeatureApp, feature: any Feature) throws {
        guard let feature = feature as? Kind else { return }
        try install(feature)
    }

    /// Whether `feature` is a `Kind`: the features this installer installs.
    public func installs(_ feature: any Feature) -> Bool {
        feature is Kind
    }
}
