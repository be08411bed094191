#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The parameters of a route: path parameters, query items and the caller's own values, by name.
///
/// Path parameters and query items are strings; a trailing wildcard is a `[String]` under ``wildcard``; a caller
/// may pass any Sendable value. The typed accessors convert and throw a ``RouteParameterError`` naming the parameter.
///
/// ```swift
/// let id = try result.parameters.int("id")
/// let rest = try result.parameters.strings(RouteParameters.wildcard)
/// ```
public struct RouteParameters: Sendable, ExpressibleByDictionaryLiteral {
    /// The name under which a trailing `*` stores the segments it captured.
    public static let wildcard = "*"

    /// The values by name.
    public var values: [String: any Sendable]

    /// Creates parameters from `values`.
    public init(_ values: [String: any Sendable] = [:]) {
        self.values = values
    }

    /// Creates parameters from a literal such as `["id": "42"]`.
    public init(dictionaryLiteral elements: (String, any Sendable)...) {
        values = Dictionary(elements, uniquingKeysWith: { _, last in last })
    }

    /// The raw value named `name`, if present.
    public subscript(name: String) -> (any Sendable)? {
        get { values[name] }
        set { values[name] = newValue }
    }

    /// The number of parameters.
    public var count: Int { values.count }

    /// Whether there are no parameters.
    public var isEmpty: Bool { values.isEmpty }

    /// The parameter names, sorted.
    public var names: [String] { values.keys.sorted() }

    /// These parameters with `other`'s values taking precedence on equal names.
    public func merging(_ other: RouteParameters) -> RouteParameters {
        RouteParameters(values.merging(other.values) { _, new in new })
    }

    /// The parameter `name` as a string.
    ///
    /// - Throws: ``RouteParameterError/missing(name:)``, or ``RouteParameterError/malformed(name:value:expected:)``
    ///   when the value is not a string.
    public func string(_ name: String) throws(RouteParameterError) -> String {
        try convert(name, expected: "a string") { $0 as? String }
    }

    /// The parameter `name` as an integer, from an `Int` or a decimal string.
    public func int(_ name: String) throws(RouteParameterError) -> Int {
        try convert(name, expected: "an integer") { value in
            (value as? Int) ?? (value as? String).flatMap { Int($0) }
        }
    }

    /// The parameter `name` as a floating-point number, from a `Double` or a numeric string.
    public func double(_ name: String) throws(RouteParameterError) -> Double {
        try convert(name, expected: "a number") { value in
            (value as? Double) ?? (value as? Int).map(Double.init) ?? (value as? String).flatMap { Double($0) }
        }
    }

    /// The parameter `name` as a Boolean: `true`/`false`, `yes`/`no`, `1`/`0` in any letter case, or a `Bool`.
    public func bool(_ name: String) throws(RouteParameterError) -> Bool {
        try convert(name, expected: "a Boolean (true/false, yes/no, 1/0)") { value in
            if let bool = value as? Bool {
                return bool
            }
            switch (value as? String)?.lowercased() {
            case "true", "yes", "1": return true
            case "false", "no", "0": return false
            default: return nil
            }
        }
    }

    /// The parameter `name` as a UUID, from a `UUID` or its string form.
    public func uuid(_ name: String) throws(RouteParameterError) -> UUID {
        try convert(name, expected: "a UUID") { value in
            (value as? UUID) ?? (value as? String).flatMap { UUID(uuidString: $0) }
        }
    }

    /// The parameter `name` as a list of strings, such as the segments a wildcard captured.
    public func strings(_ name: String) throws(RouteParameterError) -> [String] {
        try convert(name, expected: "a list of strings") { value in
            (value as? [String]) ?? (value as? String).map { [$0] }
        }
    }

    /// The parameter `name` as a caller-supplied value of type `T`.
    public func value<T: Sendable>(_ name: String, as type: T.Type = T.self) throws(RouteParameterError) -> T {
        try convert(name, expected: "a value of type \(T.self)") { $0 as? T }
    }

    private func convert<T>(
        _ name: String,
        expected: String,
        _ conversion: (any Sendable) -> T?
    ) throws(RouteParameterError) -> T {
        guard let raw = values[name] else {
            throw .missing(name: name)
        }
        guard let converted = conversion(raw) else {
            throw .malformed(name: name, value: String(describing: raw), expected: expected)
        }
        return converted
    }
}

/// Errors of the typed accessors of ``RouteParameters``.
public enum RouteParameterError: Error, Equatable, CustomStringConvertible {
    /// No parameter has this name.
    case missing(name: String)
    /// The parameter exists but cannot be read as the type asked for.
    case malformed(name: String, value: String, expected: String)

    /// What went wrong, naming the parameter.
    public var description: String {
        switch self {
        case .missing(let name):
            return "route parameter '\(name)' is missing"
        case .malformed(let name, let value, let expected):
            return "route parameter '\(name)' is '\(value)', expected \(expected)"
        }
    }
}
