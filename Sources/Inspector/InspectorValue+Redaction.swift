import BrigadeCore

extension InspectorValue {
    /// Whether this is ``BrigadeCore/Redacted/marker``, what a record holds in place of a redacted value.
    public var isRedacted: Bool {
        self == .string(Redacted<Void>.marker)
    }

    /// The paths of the redacted values in this value (`password`, `cards[0].number`; empty for the whole value),
    /// in the order they are met, members in key order.
    public var redactedPaths: [String] {
        var paths: [String] = []
        collectRedacted(path: "", into: &paths)
        return paths
    }

    /// How a replay names the redacted member at `path` of the action `action`: `SignIn.password`, or `SignIn` for
    /// the whole payload (the keys of `InspectorReplay.check`'s `redactedValues`).
    package static func redactedKey(action: String, path: String) -> String {
        path.isEmpty ? action : action + "." + path
    }

    private func collectRedacted(path: String, into paths: inout [String]) {
        switch self {
        case .string where isRedacted:
            paths.append(path)
        case .object(let members):
            for key in members.keys.sorted() {
                members[key]?.collectRedacted(path: path.isEmpty ? key : path + "." + key, into: &paths)
            }
        case .array(let elements):
            for (index, element) in elements.enumerated() {
                element.collectRedacted(path: path + "[\(index)]", into: &paths)
            }
        default:
            break
        }
    }

    /// This value with each redacted value replaced by `supply(path)`, its path as ``redactedPaths`` names it; a
    /// path `supply` has no value for is left redacted.
    package func replacingRedacted(_ supply: (String) -> InspectorValue?) -> InspectorValue {
        replacingRedacted(path: "", supply)
    }

    private func replacingRedacted(path: String, _ supply: (String) -> InspectorValue?) -> InspectorValue {
        switch self {
        case .string where isRedacted:
            return supply(path) ?? self
        case .object(let members):
            var replaced = members
            for (key, member) in members {
                replaced[key] = member.replacingRedacted(path: path.isEmpty ? key : path + "." + key, supply)
            }
            return .object(replaced)
        case .array(let elements):
            return .array(
                elements.enumerated().map { index, element in
                    element.replacingRedacted(path: path + "[\(index)]", supply)
                })
        default:
            return self
        }
    }

    /// This value with each redacted value replaced by the value at the same place in `reference` (a state encoded
    /// without redaction); a place `reference` lacks stays redacted.
    package func filling(redactedFrom reference: InspectorValue) -> InspectorValue {
        if isRedacted {
            return reference
        }
        switch (self, reference) {
        case (.object(let members), .object(let referenceMembers)):
            var filled = members
            for (key, member) in members {
                if let referenced = referenceMembers[key] {
                    filled[key] = member.filling(redactedFrom: referenced)
                }
            }
            return .object(filled)
        case (.array(let elements), .array(let referenceElements)):
            return .array(
                elements.enumerated().map { index, element in
                    index < referenceElements.count ? element.filling(redactedFrom: referenceElements[index]) : element
                })
        default:
            return self
        }
    }
}

extension InspectorValue: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral,
    ExpressibleByBooleanLiteral, ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral
{
    /// A string.
    public init(stringLiteral value: String) {
        self = .string(value)
    }

    /// A number.
    public init(integerLiteral value: Int) {
        self = .number(Double(value))
    }

    /// A number.
    public init(floatLiteral value: Double) {
        self = .number(value)
    }

    /// `true` or `false`.
    public init(booleanLiteral value: Bool) {
        self = .bool(value)
    }

    /// An array.
    public init(arrayLiteral elements: InspectorValue...) {
        self = .array(elements)
    }

    /// An object; a key given twice keeps its last value.
    public init(dictionaryLiteral elements: (String, InspectorValue)...) {
        self = .object(Dictionary(elements, uniquingKeysWith: { _, last in last }))
    }
}
