/// How a modal is presented, which decides the presenter's lifecycle events. Codable, so a saved
/// `NavigationState` keeps each modal's style.
///
/// A controller's style is ``ControllerAttachments/modalStyle`` when set (a routing option's
/// ``RoutingOption/modalStyle``, or a restored state, sets it), else the navigator's default (a UIKit host reads the
/// view controller's `modalPresentationStyle`).
public enum NavigationModalStyle: String, Hashable, Sendable, Codable {
    /// A sheet (UIKit's default `pageSheet`/`formSheet`): the presenter stays on screen, so it gets no disappear
    /// events when the sheet is presented and no appear events when it is dismissed; the user can swipe the sheet
    /// down unless the sheet refuses it (`isModalInPresentation`).
    case sheet
    /// Full screen (UIKit's `fullScreen`): the presenter's views are removed, so it disappears and appears again; the
    /// user cannot swipe it away.
    case fullScreen
}
