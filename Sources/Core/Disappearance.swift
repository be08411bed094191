/// Why a controller disappears: it leaves (popped, dismissed, replaced) or stays and is covered (something was pushed
/// or presented above it), as UIKit's `isMovingFromParent` and `isBeingDismissed` tell a view controller.
///
/// Every Brigade navigator passes it with the disappear events (``ControllerAttachments/disappearance``):
///
/// ```swift
/// func lifecycleEvent(_ event: LifecycleEvent) {
///     if case .didDisappear = event, attachments.disappearance == .removed { stopUpdates() }
/// }
/// ```
///
/// Work that must end with the screen is simpler as a screen task
/// (``Controller/screenTask(_:id:priority:fileID:line:_:)``), which ends on its own.
public enum Disappearance: Hashable, Sendable, CustomStringConvertible {
    /// The controller leaves the screen's hierarchy: popped, dismissed or replaced.
    case removed
    /// The controller stays where it is, covered by a controller pushed or presented above it.
    case covered

    /// `removed` or `covered`.
    public var description: String {
        switch self {
        case .removed: return "removed"
        case .covered: return "covered"
        }
    }
}
