import BrigadeCore
import BrigadeWireframe

/// The inspector's hold on the screens: the navigation state after each change, and which one was shown at each
/// action, to restore it on travel.
@MainActor
final class NavigationTap {
    private weak var wireframe: DefaultWireframe?
    private weak var navigator: HeadlessNavigator?
    /// The navigation state last recorded, as the wireframe builds it (`nil` when it could not be saved).
    private var current: NavigationState?
    /// The navigation state shown at each action recorded since, by the seq of the action; at most twice the
    /// ring's size (a seq the store's ring forgot is never asked for).
    private var shownAt: [(seq: Int, state: NavigationState?)] = []
    private let capacity: Int
    private var lifecycleSeen = 0

    init(wireframe: DefaultWireframe, navigator: HeadlessNavigator, capacity: Int) {
        self.capacity = max(1, capacity)
        self.wireframe = wireframe
        self.navigator = navigator
    }

    /// The URL of the screen on top, for an action's origin.
    var topURL: String? {
        (navigator?.modalStack.last ?? navigator?.stack.last)?.attachments.routeResult?.url.absoluteString
    }

    /// The screens now, as URLs, and the lifecycle events delivered since the last snapshot.
    func snapshot() -> (stack: [String], modals: [InspectorEvent.Modal], lifecycle: [InspectorEvent.Lifecycle]) {
        current = try? wireframe?.navigationState()
        func url(_ controller: any Controller) -> String {
            controller.attachments.routeResult?.url.absoluteString ?? String(describing: type(of: controller))
        }
        guard let navigator else { return ([], [], []) }
        let stack = navigator.stack.map(url)
        let modals = navigator.modalStack.map {
            InspectorEvent.Modal(url: url($0), style: navigator.modalStyle(of: $0).rawValue)
        }
        let log = navigator.lifecycleLog
        if lifecycleSeen > log.count {
            lifecycleSeen = 0
        }
        let lifecycle = log[lifecycleSeen...].map {
            InspectorEvent.Lifecycle(screen: $0.controller, event: $0.event.description)
        }
        lifecycleSeen = log.count
        return (stack, modals, Array(lifecycle))
    }

    /// Notes that the action numbered `seq` happened while the current screens were shown.
    func mark(_ seq: Int) {
        shownAt.append((seq, current))
        if shownAt.count >= 2 * capacity {
            shownAt.removeFirst(capacity)
        }
    }

    /// The screens shown when the action numbered `seq` happened, if known and savable.
    func state(at seq: Int) -> NavigationState? {
        shownAt.last { $0.seq <= seq }?.state
    }

    /// Shows `state`'s screens; a state that cannot be restored leaves the screens as they are.
    func restore(_ state: NavigationState) async {
        try? await wireframe?.route(state: state)
    }
}
