import Brigade

/// One dish of the menu, from `menu.json`; its name and description are translated texts (`dish.<id>`).
public struct Dish: Codable, Equatable, Sendable {
    /// The dish's id, used in commands and routes.
    public let id: String
    /// The price in cents.
    public let price: Int
}

/// A category of the menu.
public struct MenuCategory: Codable, Equatable, Sendable {
    /// The category's id; its name is the translated text `category.<id>`.
    public let id: String
    /// The dishes, in menu order.
    public let dishes: [Dish]
}

/// The menu, read from the bundled `menu.json` by `BundledResources`.
public struct Menu: Codable, Equatable, Sendable {
    /// The categories, in menu order.
    public let categories: [MenuCategory]

    /// The dish with `id`, if it is on the menu.
    public func dish(_ id: String) -> Dish? {
        categories.lazy.flatMap(\.dishes).first { $0.id == id }
    }
}

/// A line of an order.
///
/// `nonisolated`: it is stored in an entity (``PlacedOrder``), whose conformances are nonisolated, so an app target
/// with default main-actor isolation needs its conformances nonisolated too (docs/Platforms.md, Default isolation).
nonisolated public struct OrderLine: Codable, Equatable, Sendable {
    /// The dish's id.
    public var dish: String
    /// How many.
    public var quantity: Int
}

/// An order that was placed; kept in the SQLiteStore.
public struct PlacedOrder: StorableEntity, Equatable {
    /// The order's number, counting from 1.
    public let id: Int
    /// What was ordered.
    public let lines: [OrderLine]
    /// The total in cents.
    public let total: Int
}

/// Everything the Bistro screens show, in one state.
///
/// `nonisolated`: the inspector encodes the state as JSON off the main actor (so that an inspected dispatch stays
/// cheap), so an app target with default main-actor isolation needs its `Codable` conformance nonisolated
/// (docs/Platforms.md, Default isolation).
nonisolated public struct BistroState: Sendable, Equatable, Codable {
    /// The order being put together.
    public var order: [OrderLine] = []
    /// The orders placed, this run and earlier ones.
    public var placedOrders: [PlacedOrder] = []
    /// The language of the texts.
    public var language = "en"
    /// Today's specials, as the specials screen last loaded them.
    public var specials = SpecialsList.loading

    /// Creates the state of a new session.
    public init() {}

    /// The number the next placed order gets.
    public var nextOrderNumber: Int { (placedOrders.map(\.id).max() ?? 0) + 1 }
}

/// Adds dishes to the order; undoable.
public struct AddDish: UndoableAction, Codable {
    /// The dish's id.
    public let dish: String
    /// How many, at least 1.
    public let quantity: Int
}

/// Removes a dish from the order; undoable.
public struct RemoveDish: UndoableAction, Codable {
    /// The dish's id.
    public let dish: String
}

/// An order was placed and stored.
public struct OrderPlaced: Action, Codable {
    /// The order.
    public let order: PlacedOrder
}

/// The orders stored by earlier runs were loaded.
public struct OrdersLoaded: Action, Codable {
    /// The orders.
    public let orders: [PlacedOrder]
}

/// The language changed.
public struct SetLanguage: Action, Codable {
    /// The language code.
    public let code: String
}
