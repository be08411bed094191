import BrigadeCore

/// An ``App`` with a wireframe: view features register routes, presenter features register presenters.
///
/// ```swift
/// let app = WireframeApp(navigator: navigator)
/// try app.add(feature: MenuFeature())
/// try await app.wireframe.route(to: "/menu")
/// ```
@MainActor
public final class WireframeApp: App {
    /// The wireframe the features are installed into.
    public let wireframe: DefaultWireframe
    private let app: DefaultApp

    /// Creates the app with its ``ViewFeatureObserver`` and ``PresenterFeatureObserver``.
    /// - Parameters:
    ///   - wireframe: The wireframe to install features into; a new one by default.
    ///   - navigator: The navigator to show controllers on; it is held weakly, keep it alive.
    public init(wireframe: DefaultWireframe = DefaultWireframe(), navigator: (any Navigator)? = nil) {
        self.wireframe = wireframe
        if let navigator {
            wireframe.navigateOn(navigator)
        }
        app = DefaultApp(featureObservers: [
            ViewFeatureObserver(wireframe: wireframe), PresenterFeatureObserver(wireframe: wireframe),
        ])
    }

    /// The features added so far, in order.
    public var features: [any Feature] { app.features }

    /// Adds `feature` and hands it to every observer; see ``App/add(feature:)``.
    public func add(feature: any Feature) throws {
        try app.add(feature: feature)
    }

    /// Adds `observer` and replays the earlier features to it; see ``App/add(featureObserver:)``.
    public func add(featureObserver observer: any FeatureObserver) throws {
        try app.add(featureObserver: observer)
    }
}
