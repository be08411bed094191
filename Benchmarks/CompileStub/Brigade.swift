// The Brigade API the generated modules use, as bare declarations: the baseline of
// scripts/measure-generated-compile-time.sh (the same generated files type-checked against this instead of Brigade).
// Nothing here runs; it only has to type-check the generator's templates.

public protocol Action: Sendable {}
public protocol ActionDispatcher: Sendable { func dispatch(_ action: any Action) }
struct NoDispatcher: ActionDispatcher { func dispatch(_ action: any Action) {} }
public enum LifecycleEvent: Equatable, Sendable { case load, willAppear(animated: Bool), didDisappear }
public struct ControllerAttachments { public init() {} }
@MainActor public protocol Controller: AnyObject { var attachments: ControllerAttachments { get set } }
extension Controller { public func lifecycleEvent(_ event: LifecycleEvent) {} }
public enum RouteParameterError: Error { case missing(String) }
public enum WireframeError: Error { case malformed(String) }
public struct RouteParameters: ExpressibleByDictionaryLiteral {
    public init() {}
    public init(dictionaryLiteral elements: (String, any Sendable)...) {}
    public subscript(name: String) -> (any Sendable)? { get { nil } set {} }
    public func string(_ name: String) throws(RouteParameterError) -> String { "" }
}
public struct RouteResult: Sendable { public var parameters = RouteParameters() }
extension RouteParameters: @unchecked Sendable {}
public struct RoutePattern {
    public init(_ pattern: String) throws(WireframeError) {}
    public func path(parameters: RouteParameters) throws(WireframeError) -> String { "" }
}
@MainActor public final class DefaultWireframe {
    public func route(to path: String) async throws {}
    public func route(url: String) async throws {}
    public func url(forPattern pattern: String, parameters: RouteParameters) throws -> String { "" }
}
@MainActor public protocol Presenter: AnyObject {
    func addPresentationLogic(routeResult: RouteResult, controller: any Controller) throws
    func lifecycleEvent(_ event: LifecycleEvent, controller: any Controller)
}
extension Presenter { public func lifecycleEvent(_ event: LifecycleEvent, controller: any Controller) {} }
@MainActor public protocol Feature: AnyObject {}
@MainActor public protocol ViewFeature: Feature {
    var routePattern: String { get }
    func makeController(routeResult: RouteResult) throws -> any Controller
}
@MainActor public protocol PresenterFeature: Feature {
    func makePresenters(routeResult: RouteResult, controller: any Controller) throws -> [any Presenter]
}
@MainActor public protocol LogicFeature: Feature { func injectReducers(container: ReducerContainer) }
public protocol AsyncActionReducer: Sendable {
    associatedtype ReducedAction: Action
    associatedtype ReducedState: Sendable
    func reduce(action: ReducedAction, state: ReducedState) async -> @Sendable (ReducedState) -> ReducedState
}
@MainActor public final class ReducerContainer {
    public func add<A: Action, State, Value>(on keyPath: WritableKeyPath<State, Value>, reduce: @escaping (inout Value, A) -> Void) {}
    public func add<R: AsyncActionReducer, State>(reducer: R, on keyPath: WritableKeyPath<State, R.ReducedState>) {}
}
@MainActor public final class Store<State: Sendable> {
    public init(initialState: State) {}
    public func dispatch(_ action: any Action) {}
    public nonisolated var actionDispatcher: any ActionDispatcher { NoDispatcher() }
}
@MainActor public final class ViewModelBinding<ViewModel: Equatable & Sendable> {
    public init<State>(store: Store<State>, map: @escaping (State) -> ViewModel, _ show: @escaping (ViewModel) -> Void) {}
    public func lifecycleEvent(_ event: LifecycleEvent) {}
}
@MainActor public protocol Configurator {
    associatedtype View: Controller
    func configure(_ view: View)
    func makeModule(routeResult: RouteResult) throws -> View
}
