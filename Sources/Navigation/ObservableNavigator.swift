import BrigadeCore
import BrigadeWireframe
import Observation

/// A state-driven ``BrigadeCore/Navigator`` for SwiftUI: its stacks are observable arrays of ``RouteDescription``s, so
/// `NavigationStack(path: $navigator.path)` and `.sheet(item:)` bind to them.
///
/// ```swift
/// let navigator = ObservableNavigator(wireframe: wireframe)
/// wireframe.navigateOn(navigator)
/// try await wireframe.route(to: "/notes", option: .root)
/// try await wireframe.route(to: "/notes/7")      // path == [/notes/:id {id=7}]
/// navigator.path = []                            // what SwiftUI does on a back swipe: /notes/7 leaves
/// ```
///
/// - ``root`` is the bottom of the navigation stack (SwiftUI's root view), ``path`` the routes above it,
///   ``modalPath`` the modals. Reading one registers it with Observation; a change tells only the ones that changed.
///   ``stack``, ``modalStack`` and ``controller(for:)`` register too, and are told when the controllers change.
/// - Setting ``path`` or ``modalPath`` from outside (SwiftUI after a back swipe, a sheet swiped down, a
///   `NavigationLink(value:)`) keeps the entries of the common prefix, releases the controllers of the entries that
///   left and makes controllers for the new ones through the wireframe, all at once. A route that cannot be made
///   leaves the path unchanged; the setter records the error in ``lastError`` and ``setPath(_:animated:)`` throws it.
/// - Lifecycle: this navigator delivers every lifecycle event itself, as ``BrigadeWireframe/LifecycleTransition``
///   (the model every Brigade navigator shares) works them out: what leaves the screen gets `willDisappear`, what
///   arrives `willAppear`, the stacks change, then `didDisappear` and `didAppear`, each disappearing controller with
///   why (``BrigadeCore/ControllerAttachments/disappearance``). A sheet leaves the screen under it on screen (on iOS a
///   SwiftUI sheet is UIKit's page sheet); a full-screen cover hides it. A controller below the top of a new path
///   loads when it first comes on screen. SwiftUI views must not forward `onAppear`/`onDisappear` to controllers.
/// - A change made while another one delivers its lifecycle events (a presenter that shows a sheet from
///   `willAppear`, or pops its screen from `didDisappear`) waits for that one to finish, then runs on the stacks it
///   left, in the order the changes were asked for: no change is lost and no event reaches a screen that has left.
///   Such a deferred ``setPath(_:animated:)`` or ``setModalPath(_:animated:)`` reports its error in ``lastError``.
/// - Every level on screen is drawn, in its style: ``levels`` lists the navigation stack and each modal,
///   ``subscript(modalAbove:style:)`` is the sheet or the full-screen cover each level's view binds (SwiftUI's
///   `.sheet(item:)` and `.fullScreenCover(item:)`), and ``subscript(sheetAbove:)`` every modal as a sheet, for macOS.
/// - Every method returns once the stacks changed and the events were delivered (SwiftUI animates from the state).
/// - ``setStack(_:animated:)`` with an empty list empties both stacks.
@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
@MainActor
public final class ObservableNavigator: ChangeReportingNavigator, Observable {
    private struct Entry {
        let route: RouteDescription
        let controller: any Controller
    }

    private let registrar = ObservationRegistrar()
    private let makeController: @MainActor (RouteDescription) throws -> any Controller
    private var entries: [Entry] = []
    private var modals: [Entry] = []
    private var storedError: NavigatorError?
    /// Whether a change is delivering its lifecycle events; changes asked for meanwhile wait in `pendingChanges`.
    private var isChanging = false
    private var pendingChanges: [() -> Void] = []
    private let observers = NavigatorObservers()

    /// Creates an empty navigator.
    /// - Parameter makeController: Makes the controller for a route set on the path from outside.
    public init(makeController: @escaping @MainActor (RouteDescription) throws -> any Controller) {
        self.makeController = makeController
    }

    /// Creates an empty navigator that makes the controllers of routes set on its path with `wireframe` (held
    /// weakly). Call `wireframe.navigateOn(navigator)` too, so routing shows controllers here.
    public convenience init(wireframe: DefaultWireframe) {
        self.init { [weak wireframe] route in
            guard let wireframe else {
                throw NavigatorError.cannotMakeController(route: route.description, reason: "the wireframe is gone")
            }
            return try wireframe.controller(for: route)
        }
    }

    // MARK: - Observable state

    /// The navigation stack, bottom first. Reading it registers it with Observation: a change of its controllers
    /// tells it.
    public var stack: [any Controller] {
        registrar.access(self, keyPath: \.stack)
        return entries.map(\.controller)
    }

    /// The modals, the first presented first. Reading it registers it with Observation: a change of its controllers
    /// tells it.
    public var modalStack: [any Controller] {
        registrar.access(self, keyPath: \.modalStack)
        return modals.map(\.controller)
    }

    /// The route at the bottom of the navigation stack: SwiftUI's root view.
    public var root: RouteDescription? {
        registrar.access(self, keyPath: \.root)
        return entries.first?.route
    }

    /// The routes above the root, bottom first: bind `NavigationStack(path:)` to it. Setting it shows the new path;
    /// see the type's description.
    public var path: [RouteDescription] {
        get {
            registrar.access(self, keyPath: \.path)
            return entries.dropFirst().map(\.route)
        }
        set {
            record { () throws(NavigatorError) in try setPath(newValue, animated: true) }
        }
    }

    /// The routes of the modals, the first presented first. Setting it shows the new modals; see the type's
    /// description.
    public var modalPath: [RouteDescription] {
        get {
            registrar.access(self, keyPath: \.modalPath)
            return modals.map(\.route)
        }
        set {
            record { () throws(NavigatorError) in try setModalPath(newValue, animated: true) }
        }
    }

    /// The modal at `level` (0: the first presented), or `nil`: bind `.sheet(item:)` of the view at that level to
    /// it. Setting `nil` dismisses it and every modal above it; setting a route replaces them with it.
    public subscript(modalAt level: Int) -> RouteDescription? {
        get {
            let routes = modalPath
            return routes.indices.contains(level) ? routes[level] : nil
        }
        set {
            var routes = Array(modalPath.prefix(level))
            if let newValue {
                routes.append(newValue)
            }
            modalPath = routes
        }
    }

    /// The first modal, or `nil`: bind the root view's `.sheet(item:)` to it; see ``subscript(modalAt:)``.
    public var sheet: RouteDescription? {
        get { self[modalAt: 0] }
        set { self[modalAt: 0] = newValue }
    }

    /// What is on screen, level by level, bottom first: level 0 is the navigation stack (its ``root``), then one
    /// level per modal. Empty while there is no root and no modal. Reading it registers ``root`` and ``modalPath``.
    public var levels: [NavigationLevel] {
        let routes = modalPath
        let bottom = root.map { [NavigationLevel(index: 0, route: $0)] } ?? []
        return bottom + routes.enumerated().map { NavigationLevel(index: $0.offset + 1, route: $0.element) }
    }

    /// The level shown above the view of level `level`, whatever its style, or `nil`: bind that view's
    /// `.sheet(item:)` to it where there are no full-screen covers (macOS), so every modal level is drawn over the one
    /// below it. Elsewhere bind ``subscript(modalAbove:style:)`` once per style.
    ///
    /// Setting `nil` (the sheet swiped down) dismisses that level and every level above it; setting a level
    /// replaces them with its route.
    public subscript(sheetAbove level: Int) -> NavigationLevel? {
        get {
            self[modalAt: level].map { NavigationLevel(index: level + 1, route: $0) }
        }
        set {
            self[modalAt: level] = newValue?.route
        }
    }

    /// The style of the modal at `level` (0: the first presented), or `nil` when there is none: its controller's
    /// ``BrigadeCore/ControllerAttachments/modalStyle`` (a routing option's style, or a restored state's), else
    /// `.sheet`. Reading it registers ``modalStack``: a modal made again in another style for the same route (a
    /// restored state's) changes the controllers, not ``modalPath``.
    public func modalStyle(atLevel level: Int) -> NavigationModalStyle? {
        registrar.access(self, keyPath: \.modalStack)
        return modals.indices.contains(level) ? modalStyle(of: modals[level].controller) : nil
    }

    /// The level shown above the view of level `level` when it is presented in `style`, or `nil`: bind that view's
    /// `.sheet(item:)` to `$navigator[modalAbove: level, style: .sheet]` and its `.fullScreenCover(item:)` to
    /// `$navigator[modalAbove: level, style: .fullScreen]`, so each modal level is drawn once, in its own style.
    ///
    /// ```swift
    /// try await wireframe.route(to: "/login", option: RoutingOption(.modal, modalStyle: .fullScreen))
    /// navigator[modalAbove: 0, style: .fullScreen]?.route.pattern  // "/login"
    /// navigator[modalAbove: 0, style: .sheet]                      // nil
    /// ```
    ///
    /// Setting `nil` (a sheet swiped down, a cover dismissed) dismisses that level and every level above it when
    /// that level is shown in `style`, and changes nothing otherwise; setting a level replaces them with its route,
    /// in the style its new controller says.
    public subscript(modalAbove level: Int, style style: NavigationModalStyle) -> NavigationLevel? {
        get {
            guard modalStyle(atLevel: level) == style else { return nil }
            return self[sheetAbove: level]
        }
        set {
            if newValue == nil, modalStyle(atLevel: level) != style { return }
            self[modalAt: level] = newValue?.route
        }
    }

    /// The error of the last change of ``path`` or ``modalPath`` through their setters, `nil` once one succeeds.
    public var lastError: NavigatorError? {
        registrar.access(self, keyPath: \.lastError)
        return storedError
    }

    /// The controller shown for `route`: the topmost one on the navigation stack or among the modals. Calling it
    /// registers ``stack`` and ``modalStack`` with Observation.
    public func controller(for route: RouteDescription) -> (any Controller)? {
        registrar.access(self, keyPath: \.stack)
        registrar.access(self, keyPath: \.modalStack)
        return (modals.last { $0.route == route } ?? entries.last { $0.route == route })?.controller
    }

    // MARK: - Paths set from outside

    /// Shows `path` above the root: entries of the common prefix stay, the others leave and are released, the new
    /// routes get controllers.
    /// - Throws: ``BrigadeCore/NavigatorError/noRoot(route:)`` when there is no root and `path` is not empty;
    ///   ``BrigadeCore/NavigatorError/cannotMakeController(route:reason:)`` when a new route cannot be made. Nothing changes.
    ///   Called while another change delivers its lifecycle events (from a presenter), it runs after that change
    ///   and reports its error in ``lastError`` instead.
    public func setPath(_ path: [RouteDescription], animated: Bool) throws(NavigatorError) {
        if deferred({ () throws(NavigatorError) in try self.setPath(path, animated: animated) }) { return }
        guard let rootEntry = entries.first else {
            if let first = path.first { throw .noRoot(route: first.description) }
            return
        }
        let kept = Self.commonPrefix(Array(entries.dropFirst()), path)
        let made = try make(path.dropFirst(kept))
        change(entries: [rootEntry] + entries.dropFirst().prefix(kept) + made, modals: modals, animated: animated)
    }

    /// Shows `modalPath` as the modals, as ``setPath(_:animated:)`` does for the path.
    ///
    /// Called while another change delivers its lifecycle events, it runs after that change and reports its
    /// error in ``lastError`` instead of throwing.
    /// - Throws: ``BrigadeCore/NavigatorError/cannotMakeController(route:reason:)``; nothing changes.
    public func setModalPath(_ modalPath: [RouteDescription], animated: Bool) throws(NavigatorError) {
        if deferred({ () throws(NavigatorError) in try self.setModalPath(modalPath, animated: animated) }) { return }
        let kept = Self.commonPrefix(modals, modalPath)
        let made = try make(modalPath.dropFirst(kept))
        change(entries: entries, modals: Array(modals.prefix(kept)) + made, animated: animated)
    }

    // MARK: - Navigator

    /// Calls `observer` after each change, the ones SwiftUI makes to ``path`` and ``modalPath`` too; see
    /// ``BrigadeWireframe/ChangeReportingNavigator/observeChanges(_:)``.
    public func observeChanges(_ observer: @escaping @MainActor () -> Void) -> NavigatorObservation {
        observers.add(observer)
    }

    /// Pushes `controller`; see ``BrigadeCore/Navigator/push(_:animated:)``.
    public func push(_ controller: any Controller, animated: Bool) async throws(NavigatorError) {
        try checkNotShown(controller)
        change(entries: entries + [Self.entry(controller)], modals: modals, animated: animated)
    }

    /// Pops the top of the navigation stack; see ``BrigadeCore/Navigator/pop(animated:)``.
    public func pop(animated: Bool) async throws(NavigatorError) {
        guard entries.count > 1 else { throw .nothingToPop }
        change(entries: Array(entries.dropLast()), modals: modals, animated: animated)
    }

    /// Pops until `controller` is on top; see ``BrigadeCore/Navigator/pop(to:animated:)``.
    public func pop(to controller: any Controller, animated: Bool) async throws(NavigatorError) {
        guard let index = entries.lastIndex(where: { $0.controller === controller }) else {
            throw .notOnStack(Self.name(of: controller))
        }
        change(entries: Array(entries.prefix(index + 1)), modals: modals, animated: animated)
    }

    /// Presents `controller` modally; see ``BrigadeCore/Navigator/present(_:animated:)``.
    public func present(_ controller: any Controller, animated: Bool) async throws(NavigatorError) {
        try checkNotShown(controller)
        change(entries: entries, modals: modals + [Self.entry(controller)], animated: animated)
    }

    /// Dismisses the topmost modal; see ``BrigadeCore/Navigator/dismiss(animated:)``.
    public func dismiss(animated: Bool) async throws(NavigatorError) {
        guard !modals.isEmpty else { throw .nothingToDismiss }
        change(entries: entries, modals: Array(modals.dropLast()), animated: animated)
    }

    /// Makes `controller` the only controller; see ``BrigadeCore/Navigator/setRoot(_:animated:)``.
    public func setRoot(_ controller: any Controller, animated: Bool) async throws(NavigatorError) {
        try await setStack([controller], animated: animated)
    }

    /// Replaces the whole stack and dismisses every modal in one change; see ``BrigadeCore/Navigator/setStack(_:animated:)``.
    /// An empty list empties both stacks. Controllers already on the stack keep their entries.
    /// - Throws: ``BrigadeCore/NavigatorError/alreadyShown(_:)`` when a controller is in the list twice; nothing changes.
    public func setStack(_ controllers: [any Controller], animated: Bool) async throws(NavigatorError) {
        for (index, controller) in controllers.enumerated()
        where controllers[..<index].contains(where: { $0 === controller }) {
            throw .alreadyShown(Self.name(of: controller))
        }
        let newEntries = controllers.map { controller in
            entries.first { $0.controller === controller } ?? Self.entry(controller)
        }
        change(entries: newEntries, modals: [], animated: animated)
    }

    /// Replaces the whole stack and the modals in one change: a saved navigation state restored; see
    /// ``BrigadeCore/Navigator/setStack(_:modals:animated:)``. Controllers already shown keep their entries.
    /// - Throws: ``BrigadeCore/NavigatorError/alreadyShown(_:)`` when a controller is in the lists twice; nothing
    ///   changes.
    public func setStack(
        _ controllers: [any Controller], modals modalControllers: [any Controller], animated: Bool
    ) async throws(NavigatorError) {
        let all = controllers + modalControllers
        for (index, controller) in all.enumerated() where all[..<index].contains(where: { $0 === controller }) {
            throw .alreadyShown(Self.name(of: controller))
        }
        let shown = entries + modals
        func entry(_ controller: any Controller) -> Entry {
            shown.first { $0.controller === controller } ?? Self.entry(controller)
        }
        change(entries: controllers.map(entry), modals: modalControllers.map(entry), animated: animated)
    }

    /// Replaces the top of the stack; see ``BrigadeCore/Navigator/replaceTop(with:animated:)``.
    public func replaceTop(with controller: any Controller, animated: Bool) async throws(NavigatorError) {
        try checkNotShown(controller)
        change(entries: entries.dropLast() + [Self.entry(controller)], modals: modals, animated: animated)
    }

    // MARK: - Changes

    private func change(entries newEntries: [Entry], modals newModals: [Entry], animated: Bool) {
        isChanging = true
        deliver(entries: newEntries, modals: newModals, animated: animated)
        isChanging = false
        while !isChanging, !pendingChanges.isEmpty {
            pendingChanges.removeFirst()()
        }
    }

    /// Defers `body` when a change is delivering its events: it then runs after that change, on the stacks that
    /// change left, and records its error in ``lastError``.
    /// - Returns: Whether `body` was deferred (`false`: the caller goes on now).
    private func deferred(_ body: @escaping () throws(NavigatorError) -> Void) -> Bool {
        guard isChanging else { return false }
        pendingChanges.append { [self] in record(body) }
        return true
    }

    private func deliver(entries newEntries: [Entry], modals newModals: [Entry], animated: Bool) {
        let transition = LifecycleTransition(
            from: LifecycleTransition.Shown(
                stack: entries.map(\.controller), modals: modals.map(\.controller), style: modalStyle(of:)),
            to: LifecycleTransition.Shown(
                stack: newEntries.map(\.controller), modals: newModals.map(\.controller), style: modalStyle(of:)))
        var changes = false
        transition.deliver(animated: animated) {
            changes = commit(entries: newEntries, modals: newModals)
        }
        if changes {
            observers.tell()
        }
    }

    /// Replaces the stacks, telling Observation about the routes and the controllers that changed.
    /// - Returns: Whether the controllers of either stack changed.
    private func commit(entries newEntries: [Entry], modals newModals: [Entry]) -> Bool {
        let rootChanged = entries.first?.route != newEntries.first?.route
        let pathChanged = !entries.dropFirst().map(\.route).elementsEqual(newEntries.dropFirst().map(\.route))
        let modalsChanged = !modals.map(\.route).elementsEqual(newModals.map(\.route))
        let stackChanged = !Self.sameControllers(entries, newEntries)
        let modalStackChanged = !Self.sameControllers(modals, newModals)
        if rootChanged { registrar.willSet(self, keyPath: \.root) }
        if pathChanged { registrar.willSet(self, keyPath: \.path) }
        if modalsChanged { registrar.willSet(self, keyPath: \.modalPath) }
        if stackChanged { registrar.willSet(self, keyPath: \.stack) }
        if modalStackChanged { registrar.willSet(self, keyPath: \.modalStack) }
        entries = newEntries
        modals = newModals
        if rootChanged { registrar.didSet(self, keyPath: \.root) }
        if pathChanged { registrar.didSet(self, keyPath: \.path) }
        if modalsChanged { registrar.didSet(self, keyPath: \.modalPath) }
        if stackChanged { registrar.didSet(self, keyPath: \.stack) }
        if modalStackChanged { registrar.didSet(self, keyPath: \.modalStack) }
        return stackChanged || modalStackChanged
    }

    private static func sameControllers(_ old: [Entry], _ new: [Entry]) -> Bool {
        old.count == new.count && zip(old, new).allSatisfy { $0.controller === $1.controller }
    }

    private func record(_ body: () throws(NavigatorError) -> Void) {
        var error: NavigatorError?
        do {
            try body()
        } catch let thrown {
            error = thrown
        }
        guard error != storedError else { return }
        registrar.withMutation(of: self, keyPath: \.lastError) { storedError = error }
    }

    private func make(_ routes: ArraySlice<RouteDescription>) throws(NavigatorError) -> [Entry] {
        var made: [Entry] = []
        for route in routes {
            do {
                made.append(Entry(route: route, controller: try makeController(route)))
            } catch let error as NavigatorError {
                switch error {
                case .nothingToPop, .nothingToDismiss, .notOnStack, .alreadyShown:
                    // A stack call's error, wrapped as it was before `NavigatorError` became `NavigatorError`.
                    throw .cannotMakeController(route: route.description, reason: String(describing: error))
                default:
                    throw error
                }
            } catch {
                throw .cannotMakeController(route: route.description, reason: String(describing: error))
            }
        }
        return made
    }

    private func checkNotShown(_ controller: any Controller) throws(NavigatorError) {
        if entries.contains(where: { $0.controller === controller })
            || modals.contains(where: { $0.controller === controller })
        {
            throw .alreadyShown(Self.name(of: controller))
        }
    }

    private static func commonPrefix(_ entries: [Entry], _ routes: [RouteDescription]) -> Int {
        zip(entries, routes).prefix { $0.route == $1 }.count
    }

    private static func entry(_ controller: any Controller) -> Entry {
        Entry(route: RouteDescription(controller: controller), controller: controller)
    }

    private static func name(of controller: any Controller) -> String {
        String(describing: type(of: controller))
    }
}
