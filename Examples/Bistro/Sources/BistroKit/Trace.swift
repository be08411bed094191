import Brigade

/// One line of the `--trace` output.
public struct TraceLine: Equatable, Sendable {
    /// What the line shows; the terminal colours each kind.
    public enum Kind: Equatable, Sendable {
        /// An action the store processed.
        case action
        /// A state field an action changed, with its new value.
        case change
        /// Something the store reported (an action no reducer handled).
        case diagnostic
        /// The navigation stack after a command.
        case stack
    }

    /// What the line shows.
    public let kind: Kind
    /// The text, without colour.
    public let text: String

    /// The line as the terminal prints it: `| ` first, in the kind's colour when `colour` is on.
    public func rendered(colour: Bool) -> String {
        let plain = "  | " + text
        guard colour else { return plain }
        let code: String
        switch kind {
        case .action: code = "36"  // cyan
        case .change: code = "33"  // yellow
        case .diagnostic: code = "31"  // red
        case .stack: code = "2"  // dim
        }
        return "\u{1B}[\(code)m\(plain)\u{1B}[0m"
    }
}

/// Collects the `--trace` lines of a session: a middleware sees each action and the state before and after its
/// reducers, the store's diagnostic handler adds what the store reported, and the session adds the navigation
/// stack after each command.
@MainActor
final class Tracer {
    private(set) var lines: [TraceLine] = []

    /// Records each action and the fields it changed; passes the action on unchanged.
    func middleware() -> Middleware<BistroState> {
        Middleware { [weak self] context, action, next in
            let before = context.state
            next(action)
            self?.record(action, before: before, after: context.state)
        }
    }

    func record(_ action: any Action, before: BistroState, after: BistroState) {
        lines.append(TraceLine(kind: .action, text: "action " + Self.describe(action)))
        let changes = after.changes(from: before)
        if changes.isEmpty {
            lines.append(TraceLine(kind: .change, text: "  changed nothing"))
        }
        for change in changes {
            lines.append(TraceLine(kind: .change, text: "  \(change)"))
        }
    }

    /// The action as its type and fields, with placed orders shortened to their numbers.
    static func describe(_ action: any Action) -> String {
        switch action {
        case let placed as OrderPlaced: return "OrderPlaced(order: #\(placed.order.id))"
        case let loaded as OrdersLoaded: return "OrdersLoaded(orders: \(loaded.orders.count))"
        default: return "\(action)"
        }
    }

    func record(_ diagnostic: StoreDiagnostic) {
        lines.append(TraceLine(kind: .diagnostic, text: "  store: \(diagnostic)"))
    }

    /// Records the navigation stack, bottom first, and the modal screens above it.
    func recordStack(of navigator: any Navigator) {
        let path = { (controller: any Controller) in controller.attachments.routeResult?.url.absoluteString ?? "?" }
        var text = "stack " + navigator.stack.map(path).joined(separator: " › ")
        if !navigator.modalStack.isEmpty {
            text += " + modal " + navigator.modalStack.map(path).joined(separator: " › ")
        }
        lines.append(TraceLine(kind: .stack, text: text))
    }

    /// The lines recorded since the last call.
    func take() -> [TraceLine] {
        defer { lines.removeAll() }
        return lines
    }
}

extension BistroState {
    /// The fields that differ from `old`, each as `name → new value`.
    func changes(from old: BistroState) -> [String] {
        var changes: [String] = []
        if order != old.order {
            let lines = order.map { "\($0.quantity) × \($0.dish)" }
            changes.append("order → " + (lines.isEmpty ? "empty" : lines.joined(separator: ", ")))
        }
        if placedOrders != old.placedOrders {
            changes.append("placedOrders → " + (placedOrders.map { "#\($0.id)" }.joined(separator: ", ")))
        }
        if language != old.language {
            changes.append("language → \(language)")
        }
        return changes
    }
}
