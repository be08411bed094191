/// A value kept out of every record Brigade makes: the inspector's events, session files and page, an action log's
/// export and the tests `brigade-tool inspect --emit-test` writes see ``marker`` in its place; its description is
/// the marker everywhere, so a log line or a failure message never shows it either.
///
/// Mark a field of an action or of the state:
///
/// ```swift
/// struct SignIn: Action, Codable {
///     var user: String
///     @Redacted var password: String
/// }
/// let action = SignIn(user: "ada", password: "secret")  // the initializer takes a plain String
/// action.password                                       // "secret": the app sees the value
/// String(describing: action)                            // SignIn(user: "ada", _password: <redacted>)
/// ```
///
/// A whole part of the state is marked the same way (`@Redacted var credentials: Credentials`); a whole action by
/// ``RedactedAction``.
///
/// Only a record is redacted: encoded by an ordinary encoder (an app's own persistence, a request body), the value is
/// encoded as it is, and decodes back. An encoder whose `userInfo.redactsMarkedValues` is `true` (the
/// inspector's and the action log export's) writes ``marker``. Decoding ``marker`` fails with a
/// `DecodingError.dataCorrupted` that says the value was redacted, rather than taking the marker for the value: a
/// replay supplies the value (`InspectorReplay.check(session:store:redactedValues:)`).
@propertyWrapper
public struct Redacted<Value> {
    /// What a record shows in place of a redacted value: the JSON string `"<redacted>"`.
    public static var marker: String { "<redacted>" }

    /// The value, as the app uses it.
    public var wrappedValue: Value

    /// Marks `wrappedValue` as redacted.
    public init(wrappedValue: Value) {
        self.wrappedValue = wrappedValue
    }
}

extension Redacted: Sendable where Value: Sendable {}
extension Redacted: Equatable where Value: Equatable {}
extension Redacted: Hashable where Value: Hashable {}

extension Redacted: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    /// ``marker``, whatever the value.
    public var description: String { Self.marker }
    /// ``marker``, whatever the value: a redacted field inside a printed struct shows it too.
    public var debugDescription: String { Self.marker }
    /// No children: `dump` and reflection show the marker, not the value.
    public var customMirror: Mirror { Mirror(self, children: [:]) }
}

extension Redacted: Encodable where Value: Encodable {
    /// Encodes the value, or ``marker`` when the encoder's `userInfo.redactsMarkedValues` is `true`.
    public func encode(to encoder: any Encoder) throws {
        if encoder.isRedacting {
            var container = encoder.singleValueContainer()
            try container.encode(Self.marker)
        } else {
            try wrappedValue.encode(to: encoder)
        }
    }
}

extension Redacted: Decodable where Value: Decodable {
    /// Decodes the value.
    /// - Throws: `DecodingError.dataCorrupted` when the data is ``marker`` (the value was redacted when it was
    ///   recorded, and nobody supplied it); the value's own decoding errors.
    public init(from decoder: any Decoder) throws {
        if let container = try? decoder.singleValueContainer(), let text = try? container.decode(String.self),
            text == Self.marker
        {
            throw DecodingError.dataCorrupted(
                DecodingError.Context(
                    codingPath: decoder.codingPath,
                    debugDescription: "the value was redacted when it was recorded; supply it to decode"))
        }
        wrappedValue = try decoder.singleValueContainer().decode(Value.self)
    }
}

/// An action whose values Brigade's records leave out as a whole: the inspector's events, session files and page and
/// emitted tests show ``Redacted/marker`` for each of its members (`{"token":"<redacted>"}`: the names, which are in
/// the type, are kept), an action log's export the marker for the whole action, and every description
/// `StoreToken(<redacted>)`. Adopt it on the action type; nothing else changes.
///
/// ```swift
/// struct StoreToken: RedactedAction, Codable { let token: String }
/// ```
///
/// To keep only some fields out, mark them ``Redacted`` instead: the rest of the action stays readable.
public protocol RedactedAction: Action {}

extension Dictionary where Key == CodingUserInfoKey {
    /// Whether an encoder with this `userInfo` writes ``Redacted`` values as ``Redacted/marker``: the inspector and
    /// `ActionLog.exportJSON` set it; set it on an encoder of your own (a crash report, an analytics event) to keep the
    /// same values out.
    ///
    /// ```swift
    /// let encoder = JSONEncoder()
    /// encoder.userInfo.redactsMarkedValues = true
    /// ```
    public var redactsMarkedValues: Bool {
        get { redactingKey.map { self[$0] as? Bool == true } ?? false }
        set {
            guard let redactingKey else { return }
            self[redactingKey] = newValue as? Value
        }
    }
}

/// The key of ``Swift/Dictionary/redactsMarkedValues``; `init(rawValue:)` is failable in the standard library's
/// signature but fails on no string.
private let redactingKey = CodingUserInfoKey(rawValue: "brigade.redacting")

/// The description of `action` for a record: the marker for a ``RedactedAction`` (`SignIn(<redacted>)`), else what
/// `String(describing:)` makes (where ``Redacted`` fields show the marker).
package func redactedDescription(of action: any Action) -> String {
    guard action is any RedactedAction else { return String(describing: action) }
    return "\(type(of: action))(\(Redacted<Void>.marker))"
}

extension Encoder {
    /// Whether this encoder writes ``Redacted`` values as the marker.
    fileprivate var isRedacting: Bool {
        userInfo.redactsMarkedValues
    }
}
