import BrigadeCore

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Errors of the Wireframe: malformed and conflicting patterns, and routes that cannot be made or shown.
///
/// Pattern errors carry the pattern and the zero-based character position of the fault; routing errors carry the
/// URL.
public enum WireframeError: Error, CustomStringConvertible {
    /// The pattern is empty.
    case emptyPattern
    /// The pattern's scheme (before `://`) is empty or has a character other than letters, digits, `+`, `-`, `.`.
    case invalidScheme(pattern: String, position: Int)
    /// A `:` parameter has no name.
    case emptyParameterName(pattern: String, position: Int)
    /// A parameter name is used twice in one pattern.
    case duplicateParameterName(pattern: String, name: String, position: Int)
    /// A `*` stands before the last segment.
    case wildcardNotLast(pattern: String, position: Int)
    /// A `(` without its `)`, or a `)` without its `(`.
    case unbalancedParenthesis(pattern: String, position: Int)
    /// A segment is malformed, for the reason given.
    case invalidSegment(pattern: String, position: Int, reason: String)
    /// The pattern has more optional groups than the router accepts.
    case tooManyOptionalGroups(pattern: String, limit: Int)
    /// The pattern matches exactly the URLs that an already registered pattern matches.
    case conflictingPattern(pattern: String, existing: String)
    /// No registered pattern matches the URL.
    case noRoute(url: URL)
    /// A pattern matched but no controller provider or routing handler is responsible.
    case noController(url: URL, pattern: String)
    /// No routing presenter is responsible for the option.
    case noRoutingPresenter(url: URL, option: RoutingOption)
    /// A provider, presenter, routing presenter or handler threw while routing the URL.
    case routingFailed(url: URL, underlying: any Error)
    /// Reverse routing: the pattern needs a parameter the caller did not give.
    case missingParameter(pattern: String, name: String)
    /// Reverse routing: the pattern is not registered.
    case unknownPattern(String)
    /// A string that is not a URL.
    case invalidURL(String)
    /// A link from outside the app broke the deep-link policy; it was not routed.
    case linkRejected(url: String, reason: String)
    /// Routing, popping or dismissing needs a navigator and ``DefaultWireframe/navigateOn(_:)`` was never called;
    /// carries what was asked (`route '/menu'`, `pop`).
    case noNavigator(operation: String)
    /// The navigator given to ``DefaultWireframe/navigateOn(_:)`` was released: the wireframe holds it weakly, so
    /// its owner must keep it. Carries what was asked.
    case navigatorReleased(operation: String)
    /// Reverse routing: a parameter of an optional group is given without another parameter of that group
    /// (`/orders(/:id/:line)` with only `id`); the group could not be written, and the value would be lost.
    case incompleteOptionalGroup(pattern: String, given: String, missing: String)
    /// Reverse routing: the URL built for `pattern` would be routed to `winner`, which takes precedence (a value
    /// equal to a literal of another pattern: `/:tab` with `new` beside `/new`).
    case builtURLRoutesElsewhere(pattern: String, url: String, winner: String)
    /// Reverse routing: routing the URL built for `pattern` would not give back the values it was built from (for
    /// the reason given: a value another part of the pattern would take, a parameter that is not text).
    case builtURLDoesNotRoundTrip(pattern: String, url: String, reason: String)
    /// Saving the navigation state: a controller on screen was shown without routing, so it has no URL.
    case controllerNotRouted(controller: String)
    // Keep this case last (the four above came later, also declared after `linkRejected`). Declared before
    // `unknownPattern`, Swift 6.3.1 leaked the strings of a thrown `linkRejected` (LeakSanitizer, DeepLinkPolicyTests,
    // every run): a compiler fault in this enum's layout that its position avoids.
    /// Reverse routing: a parameter (or a wildcard segment, named `*`) is empty text; its segment would vanish and
    /// the URL would be matched by another pattern (`/notes/:id` with an empty id is `/notes/`, the list).
    case emptyParameter(pattern: String, name: String)

    /// What went wrong, naming the pattern or URL.
    public var description: String {
        switch self {
        case .emptyPattern:
            return "route pattern is empty"
        case .invalidScheme(let pattern, let position):
            return "pattern '\(pattern)' has an invalid scheme (position \(position))"
        case .emptyParameterName(let pattern, let position):
            return "pattern '\(pattern)' has a parameter without a name (position \(position))"
        case .duplicateParameterName(let pattern, let name, let position):
            return "pattern '\(pattern)' uses parameter name '\(name)' twice (position \(position))"
        case .wildcardNotLast(let pattern, let position):
            return "pattern '\(pattern)' has a wildcard before its last segment (position \(position))"
        case .unbalancedParenthesis(let pattern, let position):
            return "pattern '\(pattern)' has an unbalanced parenthesis (position \(position))"
        case .invalidSegment(let pattern, let position, let reason):
            return "pattern '\(pattern)' has an invalid segment at position \(position): \(reason)"
        case .tooManyOptionalGroups(let pattern, let limit):
            return "pattern '\(pattern)' has more than \(limit) optional groups"
        case .conflictingPattern(let pattern, let existing):
            return "pattern '\(pattern)' matches the same URLs as the registered pattern '\(existing)'"
        case .noRoute(let url):
            return "no route pattern matches '\(url.absoluteString)'"
        case .noController(let url, let pattern):
            return "no controller provider or routing handler for '\(url.absoluteString)' (pattern '\(pattern)')"
        case .noRoutingPresenter(let url, let option):
            return "no routing presenter for option \(option) routing '\(url.absoluteString)'"
        case .noNavigator(let operation):
            return "cannot \(operation): no navigator is set (call navigateOn(_:))"
        case .navigatorReleased(let operation):
            return "cannot \(operation): the navigator was released; the wireframe holds it weakly, so keep a strong "
                + "reference to it (in the app or scene that owns it) for as long as it shows controllers"
        case .routingFailed(let url, let underlying):
            return "routing '\(url.absoluteString)' failed: \(underlying)"
        case .missingParameter(let pattern, let name):
            return "cannot build a URL from pattern '\(pattern)': parameter '\(name)' is missing"
        case .emptyParameter(let pattern, let name):
            return "cannot build a URL from pattern '\(pattern)': parameter '\(name)' is empty, and a URL without its "
                + "segment would show another route"
        case .incompleteOptionalGroup(let pattern, let given, let missing):
            return "cannot build a URL from pattern '\(pattern)': parameter '\(given)' is in an optional group whose "
                + "parameter '\(missing)' is not given, so the group cannot be written"
        case .builtURLRoutesElsewhere(let pattern, let url, let winner):
            return "cannot build a URL from pattern '\(pattern)': '\(url)' would show pattern '\(winner)', which "
                + "takes precedence"
        case .builtURLDoesNotRoundTrip(let pattern, let url, let reason):
            return "cannot build a URL from pattern '\(pattern)': routing '\(url)' would not give its values back "
                + "(\(reason))"
        case .controllerNotRouted(let controller):
            return "cannot save the navigation state: \(controller) was shown without routing, so it has no URL"
        case .unknownPattern(let pattern):
            return "pattern '\(pattern)' is not registered"
        case .invalidURL(let text):
            return "'\(text)' is not a URL"
        case .linkRejected(let url, let reason):
            return "link '\(url)' was rejected and not routed: \(reason)"
        }
    }
}
