/// An app composed of features: each added feature is handed to every feature observer.
///
/// Used on the main actor. Observers run in the order they were added; an observer added after some features is
/// given those features at once, in the order they were added, so the order of setup calls does not matter.
@MainActor
public protocol FeatureApp: AnyObject {
    /// Adds `feature` and hands it to every observer, in the order they were added.
    ///
    /// - Throws: ``AppError/observerFailed(feature:observer:underlying:)`` when an observer throws. The observers
    ///   before it keep the feature, the ones after it are not called, and the feature is not given to observers
    ///   added later.
    func add(feature: any Feature) throws

    /// Adds `observer`, then hands it every feature added so far, in order.
    ///
    /// - Throws: ``AppError/observerFailed(feature:observer:underlying:)`` when the observer throws for one of the
    ///   earlier features. The observer stays added and keeps the features it accepted; the remaining earlier
    ///   features are not given to it.
    func add(featureObserver observer: any FeatureObserver) throws
}

/// Errors of the composition layer.
public enum AppError: Error, CustomStringConvertible {
    /// A feature observer threw while installing a feature.
    case observerFailed(feature: String, observer: String, underlying: any Error)
    /// A feature that none of the app's observers installs (``FeatureObserver/installs(_:)``) at the end of setup: a
    /// LogicFeature added to a WireframeApp, or any feature added to a DefaultApp without observers. It does nothing
    /// in that app. Reported by ``DefaultApp/verifyFeaturesInstalled()``, never when the feature is added.
    case featureNotInstalled(feature: String, observers: [String])

    /// What went wrong, naming the feature, the observer and the observer's error.
    public var description: String {
        switch self {
        case .observerFailed(let feature, let observer, let underlying):
            return "feature observer \(observer) failed to add feature \(feature): \(underlying)"
        case .featureNotInstalled(let feature, let observers):
            return "feature \(feature) was added, but no feature observer installs it"
                + " (observers: \(listed(observers))); add it to an app whose observers handle its kind"
                + " (a LogicFeature needs a ReduxApp or BrigadeApp, a ViewFeature a WireframeApp or BrigadeApp)"
        }
    }
}

/// `names` joined by ", ", or "none".
private func listed(_ names: [String]) -> String {
    names.isEmpty ? "none" : names.joined(separator: ", ")
}

/// The plain ``FeatureApp``: a list of features and a list of observers.
///
/// ```swift
/// let app = DefaultApp()
/// try app.add(featureObserver: MyObserver())
/// try app.add(feature: MenuFeature())
/// ```
@MainActor
public final class DefaultApp: FeatureApp {
    /// The features added so far, in order.
    public private(set) var features: [any Feature] = []

    /// The observers added so far, in order.
    public private(set) var featureObservers: [any FeatureObserver] = []
    /// What ``verifyFeaturesInstalled()`` reported, oldest first: each feature that no observer installs at the end of
    /// setup (``AppError/featureNotInstalled(feature:observers:)``), once per feature however often it is called.
    ///
    /// Adding a feature reports nothing: the order of setup calls does not matter, so a feature added before the
    /// observer that installs it is not missing, and only the end of setup can tell.
    public private(set) var diagnostics: [AppError] = []
    /// Called on the main actor with each diagnostic as it is reported, after it is added to ``diagnostics``.
    public var onDiagnostic: ((AppError) -> Void)?
    /// The features already reported in ``diagnostics``, so that a second check does not report them again.
    private var reported: Set<ObjectIdentifier> = []

    /// Creates an app with no features and no observers.
    public init() {}

    /// Creates an app with no features and `featureObservers`, in order.
    public init(featureObservers: [any FeatureObserver]) {
        self.featureObservers = featureObservers
    }

    /// Adds `feature` and hands it to every observer; see ``FeatureApp/add(feature:)``.
    ///
    /// A feature that no observer installs yet is not reported here (an observer added later may install it); see
    /// ``verifyFeaturesInstalled()``.
    ///
    /// - Throws: ``AppError/observerFailed(feature:observer:underlying:)`` when an observer throws; the feature is
    ///   not added.
    public func add(feature: any Feature) throws(AppError) {
        for observer in featureObservers {
            try install(feature, with: observer)
        }
        features.append(feature)
    }

    /// Checks, at the end of setup, that every feature added so far is installed by at least one observer.
    ///
    /// Each feature that no observer installs is reported, the first time a check finds it: appended to
    /// ``diagnostics`` and handed to ``onDiagnostic``, in the order the features were added. A feature added before
    /// the observer that installs it passes.
    ///
    /// - Throws: ``AppError/featureNotInstalled(feature:observers:)`` for the first feature that no observer installs
    ///   (also when it was reported by an earlier check).
    public func verifyFeaturesInstalled() throws(AppError) {
        let missing = features.filter { feature in !featureObservers.contains { $0.installs(feature) } }
        for feature in missing where reported.insert(ObjectIdentifier(feature)).inserted {
            report(notInstalled(feature))
        }
        if let first = missing.first {
            throw notInstalled(first)
        }
    }

    private func notInstalled(_ feature: any Feature) -> AppError {
        .featureNotInstalled(feature: feature.featureName, observers: featureObservers.map(\.observerName))
    }

    private func report(_ diagnostic: AppError) {
        diagnostics.append(diagnostic)
        onDiagnostic?(diagnostic)
    }

    /// Adds `observer` and replays the earlier features to it; see ``FeatureApp/add(featureObserver:)``.
    ///
    /// - Throws: ``AppError/observerFailed(feature:observer:underlying:)`` when the observer throws for a feature.
    public func add(featureObserver observer: any FeatureObserver) throws(AppError) {
        featureObservers.append(observer)
        for feature in features {
            try install(feature, with: observer)
        }
    }

    private func install(_ feature: any Feature, with observer: any FeatureObserver) throws(AppError) {
        do {
            try observer.featureAdded(application: self, feature: feature)
        } catch {
            throw .observerFailed(
                feature: feature.featureName, observer: observer.observerName, underlying: error)
        }
    }
}

/// An app that keeps its features and observers in a ``DefaultApp``: `WireframeApp`-style wrappers adopt it and get
/// ``FeatureApp``'s methods from it.
@MainActor
public protocol ComposedApp: FeatureApp {
    /// The app that holds the features and the observers.
    var composition: DefaultApp { get }
}

extension ComposedApp {
    /// The features added so far, in order.
    public var features: [any Feature] { composition.features }

    /// The features ``verifyFeaturesInstalled()`` found that no observer installs; see ``DefaultApp/diagnostics``.
    public var diagnostics: [AppError] { composition.diagnostics }

    /// Called with each diagnostic as it is reported; see ``DefaultApp/onDiagnostic``.
    public var onDiagnostic: ((AppError) -> Void)? {
        get { composition.onDiagnostic }
        set { composition.onDiagnostic = newValue }
    }

    /// Checks, at the end of setup, that every feature added so far is installed by an observer, and reports each
    /// one that is not; see ``DefaultApp/verifyFeaturesInstalled()``.
    public func verifyFeaturesInstalled() throws(AppError) {
        try composition.verifyFeaturesInstalled()
    }

    /// Adds `feature` and hands it to every observer; see ``FeatureApp/add(feature:)``.
    ///
    /// - Throws: ``AppError/observerFailed(feature:observer:underlying:)`` when an observer throws.
    public func add(feature: any Feature) throws(AppError) {
        try composition.add(feature: feature)
    }

    /// Adds `observer` and replays the earlier features to it; see ``FeatureApp/add(featureObserver:)``.
    ///
    /// - Throws: ``AppError/observerFailed(feature:observer:underlying:)`` when the observer throws.
    public func add(featureObserver observer: any FeatureObserver) throws(AppError) {
        try composition.add(featureObserver: observer)
    }
}
