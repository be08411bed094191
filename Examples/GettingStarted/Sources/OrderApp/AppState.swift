import Brigade

/// Everything the app shows, in one value.
public struct AppState: Sendable, Equatable {
    /// The dishes ordered, in order.
    public var order: [String] = []

    /// An empty order.
    public init() {}
}

/// Adds a dish to the order; undoable.
public struct AddDish: UndoableAction, Equatable {
    /// The dish's name.
    public let dish: String

    /// Adds `dish`.
    public init(dish: String) { self.dish = dish }
}
