import BrigadeCore
import BrigadeWireframe

/// The inspector's hold on the screens of any navigator that reports its changes: the navigation state after each
/// change, kept by the seq of the change's event, so that a travel to an action restores the screens shown then
/// (those of the last change before it), and the lifecycle events delivered to the navigator's screens.
@MainActor
final class NavigationTap {
    private weak var wireframe: DefaultWireframe?
    private weak var navigator: (any ChangeReportingNavigator)?
    /// The navigation state last recorded, as the wireframe builds it (`nil` when it could not be saved).
    private var current: NavigationState?
    /// The navigation state after each change, by the seq of the change's event; as many as the inspector keeps
    /// events.
    private var shown: SeqRing<NavigationState?>
    /// The lifecycle events delivered since the last snapshot, to any controller: a snapshot keeps those of the
    /// controllers the navigator showed before or after the change.
    private var delivered: [(controller: WeakController, event: LifecycleEvent)] = []
    /// The controllers the navigator showed at the last snapshot.
    private var lastShown: Set<ObjectIdentifier> = []
    /// The navigator's change observer, held as long as the tap.
    private var observation: NavigatorObservation?
    /// Names the screen on top for the store's recording, which outlives the inspector (the store's hook holds it):
    /// a small object of its own, so that the saved states here go with the inspector.
    let screens: ScreenNamer

    /// How many lifecycle events at least are kept between two changes of the navigator.
    private static let pendingLimit = 1_000

    /// Follows `navigator`, calling `onChange` after each of its changes, until the tap is released.
    init(
        wireframe: DefaultWireframe, navigator: any ChangeReportingNavigator, capacity: Int,
        onChange: @escaping @MainActor () -> Void
    ) {
        shown = SeqRing(capacity: capacity)
        self.wireframe = wireframe
        self.navigator = navigator
        screens = ScreenNamer(navigator: navigator)
        lastShown = Set((navigator.stack + navigator.modalStack).map(ObjectIdentifier.init))
        LifecycleTap.add(records: true) { [weak self] controller, event in
            guard let self else { return false }
            // Bounded: events of other navigators' screens wait here until this navigator changes.
            if delivered.count >= 2 * Self.pendingLimit {
                delivered.removeFirst(Self.pendingLimit)
            }
            delivered.append((WeakController(controller), event))
            return true
        }
        observation = navigator.observeChanges(onChange)
    }

    /// The screens now, as URLs, and the lifecycle events delivered to the navigator's screens since the last
    /// snapshot.
    func snapshot() -> (stack: [String], modals: [InspectorEvent.Modal], lifecycle: [InspectorEvent.Lifecycle]) {
        current = try? wireframe?.navigationState()
        func url(_ controller: any Controller) -> String {
            controller.attachments.routeResult?.url.absoluteString ?? String(describing: type(of: controller))
        }
        guard let navigator else { return ([], [], []) }
        let now = navigator.stack + navigator.modalStack
        let involved = lastShown.union(now.map(ObjectIdentifier.init))
        lastShown = Set(now.map(ObjectIdentifier.init))
        let lifecycle = delivered.compactMap { entry -> InspectorEvent.Lifecycle? in
            guard let controller = entry.controller.controller, involved.contains(ObjectIdentifier(controller)) else {
                return nil
            }
            return InspectorEvent.Lifecycle(
                screen: String(describing: type(of: controller)), event: entry.event.description)
        }
        delivered.removeAll()
        let stack = navigator.stack.map(url)
        let modals = navigator.modalStack.map {
            InspectorEvent.Modal(url: url($0), style: navigator.modalStyle(of: $0).rawValue)
        }
        return (stack, modals, lifecycle)
    }

    /// The screens of the last ``snapshot()``, as the wireframe saves them (`nil` when they could not be saved).
    var snapshotState: NavigationState? { current }

    /// Keeps `state` (a ``snapshotState``) as the screens shown from the event numbered `seq` on; seqs come in
    /// increasing order.
    func keepShown(_ state: NavigationState?, seq: Int) {
        shown.append(state, seq: seq)
    }

    /// The screens shown when the action numbered `seq` happened (those of the last change before it), if known and
    /// savable.
    func state(at seq: Int) -> NavigationState? {
        shown.last(before: seq) ?? nil
    }

    /// Shows `state`'s screens; a state that cannot be restored leaves the screens as they are.
    func restore(_ state: NavigationState) async {
        try? await wireframe?.route(state: state)
    }
}

/// The URL of the screen on top, for the origin of an action the app dispatched.
@MainActor
final class ScreenNamer {
    private weak var navigator: (any Navigator)?
    /// The screen on top when ``screenURL()`` last made its URL, and that URL.
    private weak var namedScreen: (any Controller)?
    private var namedScreenURL: String?

    init(navigator: any Navigator) {
        self.navigator = navigator
    }

    /// The URL of the screen an action comes from: the screen whose lifecycle event is being delivered, if any (it
    /// loads or appears before the navigator shows it on top), else the screen on top now, made again only when
    /// another screen is on top. An action dispatched while a screen loads or appears names that screen.
    func screenURL() -> String? {
        if let delivering = LifecycleTap.delivering, let url = delivering.attachments.routeResult?.url {
            return url.absoluteString
        }
        guard let top = navigator?.topController else { return nil }
        if top !== namedScreen {
            namedScreen = top
            namedScreenURL = top.attachments.routeResult?.url.absoluteString
        }
        return namedScreenURL
    }
}
