import Brigade

/// Everything the app shows, in one value.
public struct AppState: Sendable, Equatable {
    /// The dishes ordered, in order.
    public var order: [String] = []
    /// The guest signed in, if any.
    public var guest: String?
    /// Today's dishes, once loaded.
    public var menu: [String] = []
    /// Whether the menu is loading.
    public var isLoadingMenu = false
    /// Why the last menu load failed, if it did.
    public var menuError: String?

    /// An empty order, nobody signed in.
    public init() {}
}

/// Adds a dish to the order; undoable.
public struct AddDish: UndoableAction, Equatable {
    /// The dish's name.
    public let dish: String

    /// Adds `dish`.
    public init(dish: String) { self.dish = dish }
}

/// A guest signs in.
public struct SignIn: Action, Equatable {
    /// The guest's name.
    public let guest: String

    /// Signs `guest` in.
    public init(guest: String) { self.guest = guest }
}

/// The guest signs out: the state starts over, and the guest's loads are cancelled.
public struct SignOut: Action, Equatable {
    /// Signs out.
    public init() {}
}

/// Loads today's menu for the guest.
public struct LoadMenu: Action, Equatable {
    /// Loads the menu.
    public init() {}
}

/// The menu arrived.
public struct MenuLoaded: Action, Equatable {
    /// Today's dishes.
    public let dishes: [String]
}

/// The menu load failed.
public struct MenuFailed: Action, Equatable {
    /// Why.
    public let reason: String
}

/// The identity of the menu load: a new load replaces the one in flight, and sign-out cancels it.
public struct MenuLoad: Hashable, Sendable {
    /// The identity.
    public init() {}
}
