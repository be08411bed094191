import Brigade

/// Where today's menu comes from: in a real app a web API, registered in the kitchen; a test replaces it.
public protocol MenuSource: Sendable {
    /// Today's dishes for `guest`.
    func dishes(for guest: String) async throws -> [String]
}

/// The menu the app ships with.
public struct HouseMenu: MenuSource {
    /// The house menu.
    public init() {}

    /// Soup and bread, whoever asks.
    public func dishes(for guest: String) async throws -> [String] { ["soup", "bread"] }
}
