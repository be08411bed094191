import BrigadeCore
import Foundation

/// A JSON value, as the inspector shows a state or an action: what a `Codable` value encodes to.
///
/// ```swift
/// let value = try InspectorValue(encoding: ["soup": 2])
/// value.description   // {"soup":2}
/// ```
public indirect enum InspectorValue: Hashable, Sendable, Codable, CustomStringConvertible {
    /// `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A number.
    case number(Double)
    /// A string.
    case string(String)
    /// An array.
    case array([InspectorValue])
    /// An object; its members in key order when written.
    case object([String: InspectorValue])

    /// The JSON `value` encodes to, as the inspector records it: a ``BrigadeCore/Redacted`` value is its marker
    /// (`"<redacted>"`), and so is each member of a ``BrigadeCore/RedactedAction`` (its members' names are kept).
    /// - Throws: The encoder's error when `value` cannot be encoded.
    public init(encoding value: some Encodable) throws {
        try self.init(encoding: value, redacting: true)
    }

    /// The JSON `value` encodes to; with `redacting` off, ``BrigadeCore/Redacted`` values are encoded as they are
    /// (a replay fills the redacted parts of a recorded state from the replayed one).
    package init(encoding value: some Encodable, redacting: Bool) throws {
        let encoder = JSONEncoder()
        encoder.userInfo.redactsMarkedValues = redacting
        let data = try encoder.encode(value)
        let json = try JSONDecoder().decode(InspectorValue.self, from: data)
        guard redacting, value is any RedactedAction else {
            self = json
            return
        }
        // A whole redacted action keeps its members' names (they are in its type), never their values: a replay
        // gives each member's value.
        if case .object(let members) = json {
            self = .object(members.mapValues { _ in .string(Redacted<Void>.marker) })
        } else {
            self = .string(Redacted<Void>.marker)
        }
    }

    /// Decodes a JSON value.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let bool = try? container.decode(Bool.self) {
            self = .bool(bool)
        } else if let number = try? container.decode(Double.self) {
            self = .number(number)
        } else if let string = try? container.decode(String.self) {
            self = .string(string)
        } else if let array = try? container.decode([InspectorValue].self) {
            self = .array(array)
        } else {
            self = .object(try container.decode([String: InspectorValue].self))
        }
    }

    /// Encodes the JSON value.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .bool(let bool): try container.encode(bool)
        case .number(let number): try container.encode(number)
        case .string(let string): try container.encode(string)
        case .array(let array): try container.encode(array)
        case .object(let object): try container.encode(object)
        }
    }

    /// The value as compact JSON, members in key order.
    public var description: String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(self) else { return "null" }
        return String(decoding: data, as: UTF8.self)
    }

    /// Decodes the value as a `T`, the inverse of ``init(encoding:)``.
    /// - Throws: The decoder's error when the value is not a `T`.
    public func decode<T: Decodable>(as type: T.Type = T.self) throws -> T {
        try JSONDecoder().decode(T.self, from: JSONEncoder().encode(self))
    }

    /// This value with the members it lacks taken from `template`, at every depth of objects (this value's members
    /// win): a state recorded before its type gained a member, filled from a state of the type as it is now.
    /// Arrays and other values are kept as they are.
    ///
    /// ```swift
    /// let recorded: InspectorValue = .object(["total": .number(5)])
    /// let now: InspectorValue = .object(["total": .number(0), "note": .string("none")])
    /// recorded.filling(from: now)  // ["total": 5, "note": "none"]
    /// ```
    public func filling(from template: InspectorValue) -> InspectorValue {
        guard case .object(let members) = self, case .object(let templateMembers) = template else { return self }
        var filled = templateMembers.filter { members[$0.key] == nil }
        for (key, value) in members {
            filled[key] = templateMembers[key].map { value.filling(from: $0) } ?? value
        }
        return .object(filled)
    }

    /// The members that differ from `old` to this value: nested objects and arrays are compared member by member,
    /// so a change deep inside a state names its whole path (`orders[3].status`).
    public func changes(from old: InspectorValue) -> [InspectorChange] {
        var changes: [InspectorChange] = []
        Self.collect(from: old, to: self, path: "", into: &changes)
        return changes
    }

    private static func collect(
        from old: InspectorValue, to new: InspectorValue, path: String, into changes: inout [InspectorChange]
    ) {
        switch (old, new) {
        case (.object(let before), .object(let after)):
            for key in Set(before.keys).union(after.keys).sorted() {
                let member = path.isEmpty ? key : path + "." + key
                switch (before[key], after[key]) {
                case (let was?, let now?): collect(from: was, to: now, path: member, into: &changes)
                case (let was?, nil): changes.append(InspectorChange(path: member, kind: .removed, before: was))
                case (nil, let now?): changes.append(InspectorChange(path: member, kind: .added, after: now))
                case (nil, nil): break
                }
            }
        case (.array(let before), .array(let after)):
            for index in 0..<max(before.count, after.count) {
                let member = path + "[\(index)]"
                if index >= after.count {
                    changes.append(InspectorChange(path: member, kind: .removed, before: before[index]))
                } else if index >= before.count {
                    changes.append(InspectorChange(path: member, kind: .added, after: after[index]))
                } else {
                    collect(from: before[index], to: after[index], path: member, into: &changes)
                }
            }
        default:
            if old != new {
                changes.append(InspectorChange(path: path, kind: .changed, before: old, after: new))
            }
        }
    }
}

/// One member an action changed in the state: where, how, and its values before and after.
public struct InspectorChange: Hashable, Sendable, Codable {
    /// How the member changed.
    public enum Kind: String, Hashable, Sendable, Codable {
        /// It has another value.
        case changed
        /// It is new.
        case added
        /// It is gone.
        case removed
    }

    /// The member's path from the state's root, `orders[3].status`; empty for the whole state.
    public var path: String
    /// How it changed.
    public var kind: Kind
    /// Its value before; `nil` for an added member.
    public var before: InspectorValue?
    /// Its value after; `nil` for a removed member.
    public var after: InspectorValue?

    /// Creates a change.
    public init(path: String, kind: Kind, before: InspectorValue? = nil, after: InspectorValue? = nil) {
        self.path = path
        self.kind = kind
        self.before = before
        self.after = after
    }

    private enum CodingKeys: String, CodingKey {
        case path
        case kind = "op"
        case before, after
    }
}
