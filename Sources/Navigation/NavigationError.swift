/// Errors of BrigadeNavigation's navigators.
public enum NavigationError: Error, Equatable, CustomStringConvertible {
    /// A route set on a path could not be turned into a controller; carries the route and the reason.
    case cannotMakeController(route: String, reason: String)
    /// A non-empty path was set on a navigator that shows no root yet; carries the first route.
    case noRoot(route: String)
    /// A navigation host cannot show a controller of this type (UIKit shows only view controllers); carries the
    /// type name.
    case unsupportedController(String)

    /// What went wrong.
    public var description: String {
        switch self {
        case .cannotMakeController(let route, let reason):
            return "cannot show route \(route): \(reason); the path is unchanged"
        case .noRoot(let route):
            return "cannot show route \(route) on the path: the navigator has no root yet (set one with setRoot)"
        case .unsupportedController(let name):
            return "the navigation host cannot show \(name): it is not one of the host's view controllers"
        }
    }
}
