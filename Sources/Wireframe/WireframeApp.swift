import BrigadeCore

/// A ``BrigadeCore/FeatureApp`` with a wireframe: view features register routes, presenter features register presenters.
///
/// ```swift
/// let app = WireframeApp(navigator: navigator)
/// try app.add(feature: MenuFeature())
/// try await app.wireframe.route(to: "/menu")
/// ```
@MainActor
public final class WireframeApp: ComposedApp {
    /// The wireframe the features are installed into.
    public let wireframe: DefaultWireframe
    /// The app that holds the features and the observers.
    public let composition: DefaultApp

    /// Creates the app with its ``ViewFeatureObserver`` and ``PresenterFeatureObserver``.
    /// - Parameters:
    ///   - wireframe: The wireframe to install features into; a new one by default.
    ///   - navigator: The navigator to show controllers on; it is held weakly, keep it alive.
    public init(wireframe: DefaultWireframe = DefaultWireframe(), navigator: (any Navigator)? = nil) {
        self.wireframe = wireframe
        if let navigator {
            wireframe.navigateOn(navigator)
        }
        composition = DefaultApp(featureObservers: [
            ViewFeatureObserver(wireframe: wireframe), PresenterFeatureObserver(wireframe: wireframe),
        ])
    }

}
