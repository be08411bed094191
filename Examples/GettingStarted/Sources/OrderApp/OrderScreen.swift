import Brigade

/// What the order screen shows: made from the state, compared to skip needless renders.
public struct OrderViewModel: Equatable, Sendable {
    /// The title line.
    public let title: String
    /// One line per dish.
    public let dishes: [String]
    /// Today's menu, empty until loaded.
    public let menu: [String]
}

/// The order screen. On iOS this is a `UIViewController` conforming to `Controller`; here, lines of text.
@MainActor
public final class OrderScreen: Controller {
    /// What Brigade attaches to the controller (its presenters).
    public var attachments = ControllerAttachments()
    /// The lines on screen.
    public private(set) var lines: [String] = []

    /// Shows `viewModel`.
    public func show(_ viewModel: OrderViewModel) {
        lines = [viewModel.title] + viewModel.dishes.map { "- \($0)" }
        if !viewModel.menu.isEmpty {
            lines.append("Today: " + viewModel.menu.joined(separator: ", "))
        }
    }
}
