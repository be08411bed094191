/// How a host presents a modal, which decides the presenter's lifecycle events.
public enum NavigationModalStyle: Hashable, Sendable {
    /// A sheet (UIKit's default `pageSheet`/`formSheet`): the presenter stays on screen, so it gets no disappear
    /// events when the sheet is presented and no appear events when it is dismissed; the user can swipe the sheet
    /// down unless the sheet refuses it (`isModalInPresentation`).
    case sheet
    /// Full screen (UIKit's `fullScreen`): the presenter's views are removed, so it disappears and appears again; the
    /// user cannot swipe it away.
    case fullScreen
}
