/// A name for one of several registrations of a service type, typed by the service: a public and an authenticated
/// `APIClient`, registered and resolved under names the compiler checks.
///
/// ```swift
/// extension ServiceName<APIClient> {
///     static var authenticated: Self { Self("authenticated") }
/// }
/// try kitchen.registerNonisolated(APIClient.self, named: .authenticated) { _ in APIClient(defaultHeaders: auth) }
/// let client = try kitchen.resolve(APIClient.self, named: .authenticated)
/// ```
///
/// A named registration is apart from the unnamed one of the same type: `resolve(APIClient.self)` never returns
/// the authenticated client. Errors name it in brackets: `Profile -> APIClient[authenticated] (not registered)`.
public struct ServiceName<Service>: Hashable, Sendable, CustomStringConvertible {
    /// The name's text: what identifies it, and what errors show.
    public let rawValue: String

    /// A name; two names of one service type with the same text are the same name.
    public init(_ rawValue: String) {
        self.rawValue = rawValue
    }

    /// The name's text.
    public var description: String { rawValue }
}
