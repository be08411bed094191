import BrigadeCore

/// A presenter made of closures, for small cases.
///
/// ```swift
/// wireframe.add(presenterProvider: FunctionalPresenterProvider { routeResult, controller in
///     [FunctionalPresenter { routeResult, controller in
///         (controller as? DishScreen)?.title = try routeResult.parameters.string("dish")
///     }]
/// })
/// ```
@MainActor
public final class FunctionalPresenter: Presenter {
    private let responsible: (RouteResult, any Controller) -> Bool
    private let presentationLogic: (RouteResult, any Controller) throws -> Void
    private let lifecycle: ((LifecycleEvent, any Controller) -> Void)?

    /// Creates a presenter.
    /// - Parameters:
    ///   - isResponsible: Whether it handles a route result and controller; always by default.
    ///   - lifecycle: Called with each lifecycle event of the controller, if given.
    ///   - addPresentationLogic: Called once, before the controller is shown.
    public init(
        isResponsible: @escaping (RouteResult, any Controller) -> Bool = { _, _ in true },
        lifecycle: ((LifecycleEvent, any Controller) -> Void)? = nil,
        addPresentationLogic: @escaping (RouteResult, any Controller) throws -> Void
    ) {
        responsible = isResponsible
        presentationLogic = addPresentationLogic
        self.lifecycle = lifecycle
    }

    /// Calls `isResponsible`.
    public func isResponsible(routeResult: RouteResult, controller: any Controller) -> Bool {
        responsible(routeResult, controller)
    }

    /// Calls `addPresentationLogic`.
    public func addPresentationLogic(routeResult: RouteResult, controller: any Controller) throws {
        try presentationLogic(routeResult, controller)
    }

    /// Calls `lifecycle`, if given.
    public func lifecycleEvent(_ event: LifecycleEvent, controller: any Controller) {
        lifecycle?(event, controller)
    }
}

/// A presenter provider made of closures.
@MainActor
public final class FunctionalPresenterProvider: PresenterProvider {
    private let responsible: (RouteResult, any Controller) -> Bool
    private let make: (RouteResult, any Controller) throws -> [any Presenter]

    /// Creates a provider.
    /// - Parameters:
    ///   - isResponsible: Whether it has presenters for a route result and controller; always by default.
    ///   - makePresenters: The presenters for a controller.
    public init(
        isResponsible: @escaping (RouteResult, any Controller) -> Bool = { _, _ in true },
        makePresenters: @escaping (RouteResult, any Controller) throws -> [any Presenter]
    ) {
        responsible = isResponsible
        make = makePresenters
    }

    /// Calls `isResponsible`.
    public func isResponsible(routeResult: RouteResult, controller: any Controller) -> Bool {
        responsible(routeResult, controller)
    }

    /// Calls `makePresenters`.
    public func makePresenters(routeResult: RouteResult, controller: any Controller) throws -> [any Presenter] {
        try make(routeResult, controller)
    }
}
