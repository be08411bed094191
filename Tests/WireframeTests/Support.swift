import BrigadeCore
import BrigadeWireframe
import Foundation

/// A controller that records its lifecycle events.
@MainActor
final class Screen: Controller {
    var attachments = ControllerAttachments()
    let name: String
    var events: [LifecycleEvent] = []

    init(_ name: String = "screen") {
        self.name = name
    }

    func lifecycleEvent(_ event: LifecycleEvent) {
        events.append(event)
    }
}

/// Makes `Screen`s for routes of one pattern, or for every route.
@MainActor
final class ScreenProvider: ControllerProvider {
    let pattern: String?
    private(set) var made: [Screen] = []

    init(pattern: String? = nil) {
        self.pattern = pattern
    }

    func isResponsible(routeResult: RouteResult) -> Bool {
        pattern.map { $0 == routeResult.routePattern } ?? true
    }

    func makeController(routeResult: RouteResult) throws -> any Controller {
        let screen = Screen(routeResult.routePattern)
        made.append(screen)
        return screen
    }
}

/// A presenter that records what it was told.
@MainActor
final class RecordingPresenter: Presenter {
    weak var controller: (any Controller)?
    var events: [LifecycleEvent] = []
    var routeResult: RouteResult?

    func addPresentationLogic(routeResult: RouteResult, controller: any Controller) throws {
        self.routeResult = routeResult
        self.controller = controller
    }

    func lifecycleEvent(_ event: LifecycleEvent, controller: any Controller) {
        events.append(event)
    }
}

/// Adds one `RecordingPresenter` to every controller and remembers them weakly.
@MainActor
final class RecordingPresenterProvider: PresenterProvider {
    let label: String
    let log: RoutingLog?
    private(set) var presenters: [Weak<RecordingPresenter>] = []

    init(label: String = "", log: RoutingLog? = nil) {
        self.label = label
        self.log = log
    }

    func isResponsible(routeResult: RouteResult, controller: any Controller) -> Bool { true }

    func makePresenters(routeResult: RouteResult, controller: any Controller) throws -> [any Presenter] {
        log?.entries.append("presenters \(label)")
        let presenter = RecordingPresenter()
        presenters.append(Weak(presenter))
        return [presenter]
    }
}

final class Weak<Object: AnyObject> {
    weak var object: Object?
    init(_ object: Object) { self.object = object }
}

@MainActor
final class RoutingLog {
    var entries: [String] = []
}

@MainActor
final class LoggingObserver: RoutingObserver {
    let label: String
    let log: RoutingLog

    init(_ label: String, log: RoutingLog) {
        self.label = label
        self.log = log
    }

    func willPresent(controller: any Controller, routeResult: RouteResult) {
        log.entries.append("will \(label) \(routeResult.routePattern)")
    }

    func didPresent(controller: any Controller, routeResult: RouteResult) {
        log.entries.append("did \(label) \(routeResult.routePattern)")
    }
}

@MainActor
final class FixedOptionProvider: RoutingOptionProvider {
    let label: String
    let log: RoutingLog
    let result: RoutingOption?

    init(_ label: String, log: RoutingLog, result: RoutingOption?) {
        self.label = label
        self.log = log
        self.result = result
    }

    func option(routeResult: RouteResult) -> RoutingOption? {
        log.entries.append("\(label) saw \(routeResult.option)")
        return result
    }
}

func url(_ text: String) -> URL {
    URL(string: text) ?? URL(fileURLWithPath: "/invalid-test-url")
}
