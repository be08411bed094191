import BrigadeCore

/// A feature that owns a route: its pattern, the controller shown for it and, optionally, how it is shown.
///
/// ```swift
/// final class MenuFeature: ViewFeature {
///     let routePattern = "/menu"
///     func makeController(routeResult: RouteResult) throws -> any Controller { MenuScreen() }
/// }
/// ```
/// Installed by ``ViewFeatureObserver``: the pattern is registered, the feature becomes the controller provider
/// for routes of its pattern at its ``priority``, and ``makeOption(routeResult:)`` becomes an option provider for
/// them. Both are kept under the pattern: routing a URL asks only the features of the pattern it matched, so
/// routing cost does not grow with the number of view features. ``routePattern`` and ``priority`` are read once,
/// when the feature is added.
@MainActor
public protocol ViewFeature: Feature {
    /// The route pattern the feature shows a controller for.
    var routePattern: String { get }
    /// The feature's priority as a controller provider; 0 by default.
    var priority: Int { get }
    /// The option for routes of the pattern, or `nil` (the default) to keep the caller's option.
    func makeOption(routeResult: RouteResult) -> RoutingOption?
    /// Makes the controller for a route of the pattern.
    func makeController(routeResult: RouteResult) throws -> any Controller
}

extension ViewFeature {
    /// The feature as a view feature: the kind claims `Feature`'s kind slot 3 (docs/Architecture.md, Composition).
    public var _kindSlot3: FeatureKind? { FeatureKind(self as any ViewFeature) }

    /// 0.
    public var priority: Int { 0 }

    /// `nil`: keeps the caller's option.
    public func makeOption(routeResult: RouteResult) -> RoutingOption? { nil }
}

/// A feature that adds presenters to controllers the wireframe makes; it is its own ``BrigadeCore/PresenterProvider``.
///
/// When the feature is also a ``ViewFeature``, it is by default responsible for the controllers of its own route
/// pattern; otherwise, by default, for every controller.
@MainActor
public protocol PresenterFeature: Feature, PresenterProvider {
    /// The feature's priority among presenter providers; 0 by default.
    var presenterPriority: Int { get }
}

extension PresenterFeature {
    /// The feature as a presenter feature: the kind claims `Feature`'s kind slot 4 (docs/Architecture.md,
    /// Composition).
    public var _kindSlot4: FeatureKind? { FeatureKind(self as any PresenterFeature) }

    /// 0.
    public var presenterPriority: Int { 0 }

    /// Responsible for every controller.
    public func isResponsible(routeResult: RouteResult, controller: any Controller) -> Bool {
        true
    }
}

extension PresenterFeature where Self: ViewFeature {
    /// Responsible for the controllers of the feature's own route pattern.
    public func isResponsible(routeResult: RouteResult, controller: any Controller) -> Bool {
        routeResult.routePattern == routePattern
    }
}

/// Installs ``ViewFeature``s into a wireframe.
public typealias ViewFeatureObserver = FeatureInstaller<any ViewFeature>

extension FeatureInstaller where Kind == any ViewFeature {
    /// Creates the observer for `wireframe`: each view feature's pattern, controller provider and option provider
    /// are registered there. A malformed or conflicting pattern fails the feature's addition with its
    /// ``BrigadeWireframe/WireframeError``; nothing is registered then.
    public convenience init(wireframe: DefaultWireframe) {
        self.init(name: "ViewFeatureObserver", kind: { $0._kindSlot3 }) { feature in
            let pattern = feature.routePattern
            try wireframe.add(routePattern: pattern)
            wireframe.add(
                patternProvider: ViewFeatureAdapter(feature, routePattern: pattern), routePattern: pattern,
                priority: feature.priority)
        }
    }
}

/// Installs ``PresenterFeature``s into a wireframe as presenter providers.
public typealias PresenterFeatureObserver = FeatureInstaller<any PresenterFeature>

extension FeatureInstaller where Kind == any PresenterFeature {
    /// Creates the observer for `wireframe`: each presenter feature is registered there as a presenter provider, at
    /// its ``BrigadeWireframe/PresenterFeature/presenterPriority``.
    public convenience init(wireframe: DefaultWireframe) {
        self.init(name: "PresenterFeatureObserver", kind: { $0._kindSlot4 }) { feature in
            wireframe.add(presenterProvider: feature, priority: feature.presenterPriority)
        }
    }
}

/// A view feature seen as a controller provider and option provider for its own pattern.
@MainActor
private final class ViewFeatureAdapter: ControllerProvider, RoutingOptionProvider {
    let feature: any ViewFeature
    let routePattern: String

    init(_ feature: any ViewFeature, routePattern: String) {
        self.feature = feature
        self.routePattern = routePattern
    }

    func isResponsible(routeResult: RouteResult) -> Bool {
        routeResult.routePattern == routePattern
    }

    func makeController(routeResult: RouteResult) throws -> any Controller {
        try feature.makeController(routeResult: routeResult)
    }

    func option(routeResult: RouteResult) -> RoutingOption? {
        isResponsible(routeResult: routeResult) ? feature.makeOption(routeResult: routeResult) : nil
    }
}
