/// The files of the Redux-first template (`brigade-tool new-module Name --template redux`), with `{{Name}}`,
/// `{{name}}`, `{{route}}`, `{{App}}`, `{{RouteDeclaration}}` and `{{routeExample}}` to fill in.
///
/// One source of truth (the module's slice of the store), a view that follows it through a `ViewModelBinding`, a typed
/// model and typed route parameters, errors surfaced (a failed load is kept in the slice, a failed routing is thrown
/// to the caller), public types: three source files and one test file.
enum ReduxTemplates {
    static let sources: [Templates.File] = [model, feature, view]
    static let tests: [Templates.File] = [featureTests]

    static let model = Templates.File(
        file: "{{Name}}Model.swift",
        text: #"""
            import Brigade

            /// One item of the {{Name}} list: the module's typed model. Change its fields to your own and keep
            /// `rowTitle` and `examples()` in step: the rest of the module and its tests use only those, `id` and `==`.
            ///
            /// `nonisolated`: the items travel in an action (``{{Name}}Loaded``), whose conformances are nonisolated, so in
            /// an app target with default main-actor isolation the item's must be too (docs/Platforms.md).
            nonisolated public struct {{Name}}Item: Identifiable, Equatable, Codable, Sendable {
                /// The item's identity, used for the selection and in the item's route.
                public var id: String
                /// The item's title.
                public var title: String

                /// Creates an item.
                public init(id: String, title: String) {
                    self.id = id
                    self.title = title
                }

                /// What the item's row shows.
                public var rowTitle: String { title }

                /// Example items, for previews and the generated tests.
                public static func examples() -> [{{Name}}Item] {
                    [{{Name}}Item(id: "1", title: "First"), {{Name}}Item(id: "2", title: "Second")]
                }
            }

            /// The {{Name}} module's slice of the app state: the one source of truth for its items. `Codable`, so that an app
            /// state that is `Codable` (persisted, inspected) stays so with the slice in it.
            public struct {{Name}}State: Equatable, Codable, Sendable {
                /// The items, as last loaded.
                public var items: [{{Name}}Item] = []
                /// The id of the selected item.
                public var selection: {{Name}}Item.ID?
                /// Whether a load is under way.
                public var isLoading = false
                /// Why the last load failed; `nil` after a load that worked.
                public var loadFailure: String?

                /// Creates an empty slice.
                public init() {}
            }

            /// Loads the {{Name}} items: the slice says it is loading, then holds the items or why the load failed. A load
            /// started while one is under way replaces it.
            public struct {{Name}}Load: Action {
                /// Creates the action.
                public init() {}
            }

            /// The items a load brought: the effect of ``{{Name}}Load`` sends it.
            public struct {{Name}}Loaded: Action, Equatable {
                /// The items, in the order the source gave them.
                public let items: [{{Name}}Item]

                /// Creates the action.
                public init(items: [{{Name}}Item]) {
                    self.items = items
                }
            }

            /// Why a load failed: the effect of ``{{Name}}Load`` sends it.
            public struct {{Name}}LoadFailed: Action, Equatable {
                /// The error, described.
                public let reason: String

                /// Creates the action.
                public init(reason: String) {
                    self.reason = reason
                }
            }

            /// The identity of the {{Name}} load: a new load cancels the one in flight, and its late answer is dropped.
            public struct {{Name}}LoadID: Hashable, Sendable {
                /// Creates the identity.
                public init() {}
            }

            /// Selects the {{Name}} item with `id`.
            public struct {{Name}}Select: Action {
                /// The item's id.
                public let id: {{Name}}Item.ID

                /// Creates the action.
                public init(id: {{Name}}Item.ID) {
                    self.id = id
                }
            }

            {{RouteDeclaration}}

            """#)

    static let feature = Templates.File(
        file: "{{Name}}Feature.swift",
        text: #"""
            import Brigade

            /// The {{Name}} module as Brigade features: a view feature for `{{route}}`, a presenter feature that binds the
            /// view to the module's slice of the store, and a logic feature with the slice's reducers.
            ///
            /// ```swift
            /// try app.add(feature: {{Name}}Feature(store: app.store, slice: \AppState.{{name}}, wireframe: app.wireframe) {
            ///     try await api.{{name}}Items()
            /// })
            /// ```
            @MainActor
            public final class {{Name}}Feature<AppState: Sendable>: ViewFeature, PresenterFeature, LogicFeature {
                /// The route of the module's screen.
                public let routePattern = {{Name}}Route.pattern
                private let store: Store<AppState>
                private let slice: WritableKeyPath<AppState, {{Name}}State>
                private let wireframe: DefaultWireframe
                private let itemPattern: String?
                private let load: @Sendable () async throws -> [{{Name}}Item]

                /// Creates the feature.
                /// - Parameters:
                ///   - store: The app's store.
                ///   - slice: Where the module's state lives in the app state.
                ///   - wireframe: Routes to an item.
                ///   - itemPattern: The route of one item, with an `:id` parameter; `nil` when items are not opened.
                ///   - load: Fetches the items (from a Kitchen service, say); its error is kept in the slice.
                public init(
                    store: Store<AppState>,
                    slice: WritableKeyPath<AppState, {{Name}}State>,
                    wireframe: DefaultWireframe,
                    itemPattern: String? = nil,
                    load: @escaping @Sendable () async throws -> [{{Name}}Item]
                ) {
                    self.store = store
                    self.slice = slice
                    self.wireframe = wireframe
                    self.itemPattern = itemPattern
                    self.load = load
                }

                /// The screen, for a route whose parameters read as a ``{{Name}}Route``.
                /// - Throws: `RouteParameterError` for a missing or malformed parameter: the routing fails with it.
                public func makeController(routeResult: RouteResult) throws -> any Controller {
                    {{Name}}View(route: try {{Name}}Route(routeResult))
                }

                /// The presenter that binds the screen to the slice.
                public func makePresenters(routeResult: RouteResult, controller: any Controller) throws -> [any Presenter] {
                    guard let view = controller as? {{Name}}View else { return [] }
                    view.onSelect = { [weak self] id in try await self?.open(id) }
                    return [{{Name}}Presenter(store: store, slice: slice, view: view)]
                }

                /// The slice's reducers: loading (an effect fetches the items off the main actor and sends what it got) and
                /// selecting.
                public func injectReducers(container: ReducerContainer) {
                    let load = self.load
                    container.add(effectsOn: slice) { (state: inout {{Name}}State, _: {{Name}}Load) -> Effect in
                        state.isLoading = true
                        return .run(id: {{Name}}LoadID(), cancelInFlight: true) { send in
                            await send({{Name}}Loaded(items: try await load()))
                        } catch: { error, send in
                            await send({{Name}}LoadFailed(reason: "\(error)"))
                        }
                    }
                    container.add(on: slice) { (state: inout {{Name}}State, action: {{Name}}Loaded) in
                        state.items = action.items
                        state.isLoading = false
                        state.loadFailure = nil
                    }
                    container.add(on: slice) { (state: inout {{Name}}State, action: {{Name}}LoadFailed) in
                        state.isLoading = false
                        state.loadFailure = action.reason
                    }
                    container.add(on: slice) { (state: inout {{Name}}State, action: {{Name}}Select) in
                        state.selection = action.id
                    }
                }

                /// Selects the item and, when there is an item route, shows it.
                /// - Throws: The wireframe's error when the item cannot be shown.
                func open(_ id: {{Name}}Item.ID) async throws {
                    store.dispatch({{Name}}Select(id: id))
                    guard let itemPattern else { return }
                    let path = try RoutePattern(itemPattern).path(parameters: ["id": String(describing: id)])
                    try await wireframe.route(to: path)
                }
            }

            """#)

    static let view = Templates.File(
        file: "{{Name}}View.swift",
        text: #"""
            import Brigade

            /// What the {{Name}} screen shows, made from the slice.
            public struct {{Name}}ViewModel: Equatable, Sendable {
                /// One row.
                public struct Row: Equatable, Sendable {
                    /// The item's id.
                    public let id: {{Name}}Item.ID
                    /// The row's text.
                    public let title: String
                    /// Whether the item is the selected one.
                    public let isSelected: Bool
                }

                /// The rows, in the slice's order.
                public let rows: [Row]
                /// Whether a load is under way.
                public let isLoading: Bool
                /// Why the last load failed, to show; `nil` when it worked.
                public let failure: String?

                /// The view model of `state`.
                public init(_ state: {{Name}}State) {
                    rows = state.items.map { Row(id: $0.id, title: $0.rowTitle, isSelected: $0.id == state.selection) }
                    isLoading = state.isLoading
                    failure = state.loadFailure
                }
            }

            /// The {{Name}} screen: shows what its presenter gives it. Replace it with your UIKit or SwiftUI view, or host
            /// one in it.
            @MainActor
            public final class {{Name}}View: Controller {
                /// What Brigade keeps with the screen.
                public var attachments = ControllerAttachments()
                /// The parameters the screen was opened with.
                public let route: {{Name}}Route
                /// What the screen shows now; `nil` until it is about to appear.
                public private(set) var viewModel: {{Name}}ViewModel?
                /// Selects and opens an item; set by the feature.
                var onSelect: (@MainActor ({{Name}}Item.ID) async throws -> Void)?

                /// Creates the screen for `route`.
                public init(route: {{Name}}Route) {
                    self.route = route
                }

                /// Shows `viewModel`.
                func show(_ viewModel: {{Name}}ViewModel) {
                    self.viewModel = viewModel
                }

                /// What a tap on the row of item `id` does: selects it and opens it.
                /// - Throws: The routing error, for the screen to show.
                public func select(_ id: {{Name}}Item.ID) async throws {
                    try await onSelect?(id)
                }
            }

            /// Binds the screen to the slice: the binding subscribes, so the screen follows every change while it is
            /// visible; the items are loaded when the screen loads.
            @MainActor
            final class {{Name}}Presenter<AppState: Sendable>: Presenter {
                private let store: Store<AppState>
                private let binding: ViewModelBinding<{{Name}}ViewModel>

                init(store: Store<AppState>, slice: WritableKeyPath<AppState, {{Name}}State>, view: {{Name}}View) {
                    self.store = store
                    binding = ViewModelBinding(store: store, map: { {{Name}}ViewModel($0[keyPath: slice]) }) { [weak view] in
                        view?.show($0)
                    }
                }

                func addPresentationLogic(routeResult: RouteResult, controller: any Controller) throws {}

                func lifecycleEvent(_ event: LifecycleEvent, controller: any Controller) {
                    if event == .load {
                        store.dispatch({{Name}}Load())
                    }
                    binding.lifecycleEvent(event)
                }
            }

            """#)

    static let featureTests = Templates.File(
        file: "{{Name}}FeatureTests.swift",
        text: #"""
            import Brigade
            import BrigadeTesting
            import Testing
            import {{App}}

            /// An app state holding the {{Name}} slice, for the tests: `Codable`, as an app's persisted or inspected state is.
            struct {{Name}}TestState: Sendable, Equatable, Codable {
                var {{name}} = {{Name}}State()
            }

            enum {{Name}}TestFailure: Error, CustomStringConvertible {
                case offline
                var description: String { "offline" }
            }

            /// The screen an item route shows in the tests.
            @MainActor
            final class {{Name}}ItemScreen: Controller {
                var attachments = ControllerAttachments()
            }

            @MainActor
            final class {{Name}}ItemScreenProvider: ControllerProvider {
                func isResponsible(routeResult: RouteResult) -> Bool { routeResult.routePattern == "/{{name}}Item/:id" }
                func makeController(routeResult: RouteResult) throws -> any Controller { {{Name}}ItemScreen() }
            }

            @Suite("{{Name}}Feature")
            @MainActor
            struct {{Name}}FeatureTests {
                let items = {{Name}}Item.examples()
                let navigator = HeadlessNavigator()
                let app: BrigadeApp<{{Name}}TestState>

                init() {
                    app = BrigadeApp(redux: Redux(initialState: {{Name}}TestState()), navigator: navigator)
                }

                func addFeature(
                    itemPattern: String? = nil,
                    load: @escaping @Sendable () async throws -> [{{Name}}Item]
                ) throws {
                    try app.add(
                        feature: {{Name}}Feature(
                            store: app.store, slice: \.{{name}}, wireframe: app.wireframe, itemPattern: itemPattern,
                            load: load))
                    try app.verify()  // installed, and its services' declared graph sound
                }

                /// Shows the module's screen and waits until the load it started is in the slice.
                func showScreen() async throws -> {{Name}}View {
                    try await app.wireframe.route(to: try {{routeExample}}.path())
                    await app.store.effectsFinished()
                    return try #require(navigator.topController as? {{Name}}View)
                }

                @Test("a load puts the items in the slice, the one source of truth")
                func load() async throws {
                    let items = self.items
                    try addFeature { items }
                    app.store.dispatch({{Name}}Load())
                    #expect(app.store.currentState.{{name}}.isLoading)
                    await app.store.effectsFinished()
                    #expect(app.store.currentState.{{name}}.items == items)
                    #expect(app.store.currentState.{{name}}.isLoading == false)
                    #expect(app.store.currentState.{{name}}.loadFailure == nil)
                }

                @Test("a failed load is kept in the slice and shown, and the items stay")
                func failedLoad() async throws {
                    try addFeature { throw {{Name}}TestFailure.offline }
                    let view = try await showScreen()
                    #expect(app.store.currentState.{{name}}.loadFailure == "offline")
                    #expect(view.viewModel?.failure == "offline")
                    #expect(view.viewModel?.rows.isEmpty == true)
                }

                @Test("the screen reads its typed route and follows the slice: later changes reach it")
                func follows() async throws {
                    let items = self.items
                    try addFeature { items }
                    let view = try await showScreen()
                    #expect(view.route == {{routeExample}})
                    #expect(view.viewModel?.rows.map(\.id) == items.map(\.id))
                    app.store.dispatch({{Name}}Select(id: items[1].id))
                    #expect(view.viewModel?.rows.map(\.isSelected) == items.indices.map { $0 == 1 })
                }

                @Test("selecting an item shows its route; a routing error reaches the caller")
                func select() async throws {
                    let items = self.items
                    try addFeature(itemPattern: "/{{name}}Item/:id") { items }
                    let view = try await showScreen()
                    await #expect(throws: WireframeError.self) { try await view.select(items[0].id) }
                    #expect(app.store.currentState.{{name}}.selection == items[0].id)
                    try app.wireframe.add(routePattern: "/{{name}}Item/:id")
                    app.wireframe.add(controllerProvider: {{Name}}ItemScreenProvider())
                    try await view.select(items[1].id)
                    let shown = try #require(navigator.topController as? {{Name}}ItemScreen)
                    #expect(shown.attachments.routeResult?.parameters["id"] as? String == String(describing: items[1].id))
                }
            }

            """#)
}
