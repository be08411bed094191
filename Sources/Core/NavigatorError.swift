/// Errors a navigator reports: calls its stacks cannot honour, a path it cannot show, a transition the platform
/// refused or cancelled.
///
/// Every navigator throws this one type: ``Navigator``'s own methods, BrigadeWireframe's `HeadlessNavigator`, and
/// BrigadeNavigation's `ObservableNavigator` and `HostNavigator`. (BrigadeNavigation's earlier `NavigatorError` is
/// a deprecated alias of it.)
public enum NavigatorError: Error, Equatable, CustomStringConvertible {
    /// `pop` with one controller or none on the navigation stack.
    case nothingToPop
    /// `dismiss` with no modal shown.
    case nothingToDismiss
    /// `pop(to:)` with a controller that is not on the navigation stack; carries its type name.
    case notOnStack(String)
    /// A controller that is already shown was pushed or presented again, or is in a `setStack` list twice; carries
    /// its type name.
    case alreadyShown(String)

    /// A route set on a path could not be turned into a controller; carries the route and the reason.
    case cannotMakeController(route: String, reason: String)
    /// A non-empty path was set on a navigator that shows no root yet; carries the first route.
    case noRoot(route: String)
    /// A navigation host cannot show a controller of this type (UIKit shows only view controllers); carries the
    /// type name.
    case unsupportedController(String)
    /// The platform refused to present a controller (UIKit logs a warning and does nothing); carries its type name
    /// and why. Nothing changed; later calls work.
    case presentationRefused(String, reason: Refusal)
    /// The platform refused to dismiss a modal; carries its type name and why. Nothing changed; later calls work.
    case dismissalRefused(String, reason: Refusal)
    /// The host's transition was cancelled (an interactive transition the user reversed): what the host showed
    /// before it is shown again. Carries the navigator call, as in `push NoteScreen`.
    case transitionCancelled(String)

    /// Why a platform refused a presentation or dismissal.
    public enum Refusal: Equatable, Sendable, CustomStringConvertible {
        /// The presenting view controller's view is not in a window (UIKit: "whose view is not in the window
        /// hierarchy").
        case notInWindow
        /// Another presentation is running (UIKit: "while a presentation is in progress").
        case presentationInProgress
        /// A dismissal is running.
        case dismissalInProgress
        /// The platform did not start the transition and did not say why.
        case unknown

        /// Why, in words.
        public var description: String {
            switch self {
            case .notInWindow: return "the presenting view is not in a window"
            case .presentationInProgress: return "another presentation is in progress"
            case .dismissalInProgress: return "a dismissal is in progress"
            case .unknown: return "the platform did not start the transition"
            }
        }
    }

    /// What went wrong.
    public var description: String {
        switch self {
        case .nothingToPop: return "cannot pop: the navigation stack holds one controller or none"
        case .nothingToDismiss: return "cannot dismiss: no modal is shown"
        case .notOnStack(let name): return "cannot pop to \(name): it is not on the navigation stack"
        case .alreadyShown(let name): return "cannot show \(name): it is already shown"
        case .cannotMakeController(let route, let reason):
            return "cannot show route \(route): \(reason); the path is unchanged"
        case .noRoot(let route):
            return "cannot show route \(route) on the path: the navigator has no root yet (set one with setRoot)"
        case .unsupportedController(let name):
            return "the navigation host cannot show \(name): it is not one of the host's view controllers"
        case .presentationRefused(let name, let reason):
            return "the navigation host refused to present \(name): \(reason); nothing changed"
        case .dismissalRefused(let name, let reason):
            return "the navigation host refused to dismiss \(name): \(reason); nothing changed"
        case .transitionCancelled(let call):
            return "the host's transition for \(call) was cancelled; it shows what it showed before"
        }
    }
}
