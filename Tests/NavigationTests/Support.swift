import BrigadeCore
import BrigadeNavigation
import BrigadeWireframe
import Foundation
import Observation

/// Every lifecycle event delivered in a test, as `name.event`, in order.
@MainActor
final class EventLog {
    var entries: [String] = []

    func clear() { entries.removeAll() }
}

/// A controller that records its lifecycle events in a log.
@MainActor
final class Screen: Controller {
    var attachments = ControllerAttachments()
    let name: String
    let log: EventLog

    init(_ name: String, log: EventLog) {
        self.name = name
        self.log = log
    }

    func lifecycleEvent(_ event: LifecycleEvent) {
        log.entries.append("\(name).\(event)")
    }
}

/// A presenter that records what it is told in the log, as `name/presenter.event`.
@MainActor
final class LoggingPresenter: Presenter {
    let log: EventLog

    init(log: EventLog) {
        self.log = log
    }

    func addPresentationLogic(routeResult: RouteResult, controller: any Controller) throws {}

    func lifecycleEvent(_ event: LifecycleEvent, controller: any Controller) {
        log.entries.append("\((controller as? Screen)?.name ?? "?")/presenter.\(event)")
    }
}

/// The notes app of the quick start: a list, a note, a note's editor (modal). Screens are named after the route
/// they show (`notes`, `note 7`, `edit 7`); every screen gets one logging presenter, remembered weakly.
///
/// The wireframe holds its providers strongly, so the provider is a separate object that knows nothing of the
/// wireframe: were `NotesRoutes` itself the provider, it and its wireframe would keep each other alive forever.
@MainActor
final class NotesRoutes {
    let wireframe = DefaultWireframe()
    private let provider = NotesProvider()

    /// The log every screen and presenter records its lifecycle events in.
    var log: EventLog { provider.log }
    /// Every screen made, remembered weakly.
    var made: [WeakScreen] { provider.made }
    /// Every presenter made, remembered weakly.
    var presenters: [WeakPresenter] { provider.presenters }

    init() throws {
        try wireframe.add(routePattern: "/notes")
        try wireframe.add(routePattern: "/notes/:id")
        try wireframe.add(routePattern: "/notes/:id/edit")
        try wireframe.add(routePattern: "/files/*")
        wireframe.add(controllerProvider: provider, priority: 0)
        wireframe.add(presenterProvider: provider, priority: 0)
    }

    /// The made screens named `name` that are still alive.
    func alive(_ name: String) -> Int {
        made.filter { $0.screen?.name == name }.count
    }
}

/// Makes the notes app's screens and presenters, and remembers them weakly.
@MainActor
final class NotesProvider: ControllerProvider, PresenterProvider {
    let log = EventLog()
    private(set) var made: [WeakScreen] = []
    private(set) var presenters: [WeakPresenter] = []

    func isResponsible(routeResult: RouteResult) -> Bool { true }

    func makeController(routeResult: RouteResult) throws -> any Controller {
        let id = (try? routeResult.parameters.string("id")) ?? ""
        let name: String
        switch routeResult.routePattern {
        case "/notes": name = "notes"
        case "/notes/:id": name = "note \(id)"
        case "/notes/:id/edit": name = "edit \(id)"
        default: name = routeResult.url.path
        }
        let screen = Screen(name, log: log)
        made.append(WeakScreen(screen))
        return screen
    }

    func isResponsible(routeResult: RouteResult, controller: any Controller) -> Bool { true }

    func makePresenters(routeResult: RouteResult, controller: any Controller) throws -> [any Presenter] {
        let presenter = LoggingPresenter(log: log)
        presenters.append(WeakPresenter(presenter))
        return [presenter]
    }
}

@MainActor
struct WeakScreen {
    weak var screen: Screen?
    init(_ screen: Screen) { self.screen = screen }
}

@MainActor
struct WeakPresenter {
    weak var presenter: LoggingPresenter?
    init(_ presenter: LoggingPresenter) { self.presenter = presenter }
}

/// The names of the screens of `controllers`.
@MainActor
func names(_ controllers: [any Controller]) -> [String] {
    controllers.map { ($0 as? Screen)?.name ?? "?" }
}

/// Counts `withObservationTracking` change notifications; re-arms itself only when asked.
@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
final class ChangeCounter: @unchecked Sendable {
    // `lock` guards `count`.
    private let lock = NSLock()
    private var fired = 0

    var count: Int { lock.withLock { fired } }

    /// Runs `read` inside `withObservationTracking`, counting the change notification it may get.
    func track<T>(_ read: () -> T) -> T {
        withObservationTracking(read) { [self] in
            lock.withLock { fired += 1 }
        }
    }
}

/// A controller a UIKit host cannot show (it is no view controller).
@MainActor
final class TerminalScreen: Controller {
    var attachments = ControllerAttachments()
}
