/// A JSON value read by Brigade's own parser, which, unlike `JSONDecoder`, reports a key that appears twice in one
/// object instead of keeping one of them silently.
public enum JSONValue: Hashable, Sendable {
    /// A string.
    case string(String)
    /// A number.
    case number(Double)
    /// `true` or `false`.
    case bool(Bool)
    /// `null`.
    case null
    /// An array.
    case array([JSONValue])
    /// An object, its members in the order written.
    case object([(key: String, value: JSONValue)])

    /// The members of an object, by key; `nil` for another kind of value.
    public var members: [String: JSONValue]? {
        guard case .object(let pairs) = self else { return nil }
        return Dictionary(pairs.map { ($0.key, $0.value) }, uniquingKeysWith: { first, _ in first })
    }

    /// The text of a string; `nil` for another kind of value.
    public var stringValue: String? {
        if case .string(let text) = self { return text }
        return nil
    }

    /// Two values are equal when they have the same kind and contents (object members in the same order).
    public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
        switch (lhs, rhs) {
        case (.string(let a), .string(let b)): return a == b
        case (.number(let a), .number(let b)): return a == b
        case (.bool(let a), .bool(let b)): return a == b
        case (.null, .null): return true
        case (.array(let a), .array(let b)): return a == b
        case (.object(let a), .object(let b)):
            return a.count == b.count && zip(a, b).allSatisfy { $0.key == $1.key && $0.value == $1.value }
        default: return false
        }
    }

    /// Hashes the value.
    public func hash(into hasher: inout Hasher) {
        switch self {
        case .string(let text): hasher.combine(text)
        case .number(let number): hasher.combine(number)
        case .bool(let bool): hasher.combine(bool)
        case .null: hasher.combine(0)
        case .array(let values): hasher.combine(values)
        case .object(let pairs):
            for pair in pairs {
                hasher.combine(pair.key)
                hasher.combine(pair.value)
            }
        }
    }

    /// Parses `bytes` as one JSON value.
    /// - Throws: ``JSONParseError`` with the byte offset of the fault, including a duplicate key.
    public static func parse(_ bytes: some Collection<UInt8>) throws(JSONParseError) -> JSONValue {
        var parser = JSONParser(bytes: Array(bytes))
        return try parser.parseDocument()
    }
}

/// Why a JSON text could not be read.
public enum JSONParseError: Error, Equatable, CustomStringConvertible {
    /// The text is not JSON at this byte offset.
    case malformed(offset: Int, reason: String)
    /// An object has this key twice; the offset is the second one's.
    case duplicateKey(String, offset: Int)
    /// The text nests arrays and objects deeper than the parser follows.
    case tooDeep(offset: Int)

    /// What went wrong, and where.
    public var description: String {
        switch self {
        case .malformed(let offset, let reason): return "malformed JSON at byte \(offset): \(reason)"
        case .duplicateKey(let key, let offset): return "duplicate key '\(key)' at byte \(offset)"
        case .tooDeep(let offset): return "JSON nested too deeply at byte \(offset)"
        }
    }
}

private struct JSONParser {
    static let maximumDepth = 512
    let bytes: [UInt8]
    var index = 0
    var depth = 0

    mutating func parseDocument() throws(JSONParseError) -> JSONValue {
        skipWhitespace()
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
            index = 3
            skipWhitespace()
        }
        let value = try parseValue()
        skipWhitespace()
        guard index == bytes.count else { throw .malformed(offset: index, reason: "text after the value") }
        return value
    }

    private mutating func parseValue() throws(JSONParseError) -> JSONValue {
        guard index < bytes.count else { throw .malformed(offset: index, reason: "unexpected end") }
        switch bytes[index] {
        case UInt8(ascii: "{"): return try parseObject()
        case UInt8(ascii: "["): return try parseArray()
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "t"): return try parseLiteral("true", .bool(true))
        case UInt8(ascii: "f"): return try parseLiteral("false", .bool(false))
        case UInt8(ascii: "n"): return try parseLiteral("null", .null)
        default: return try parseNumber()
        }
    }

    private mutating func parseObject() throws(JSONParseError) -> JSONValue {
        try enter()
        index += 1
        var pairs: [(key: String, value: JSONValue)] = []
        var seen: Set<String> = []
        skipWhitespace()
        if peek(UInt8(ascii: "}")) {
            index += 1
            depth -= 1
            return .object(pairs)
        }
        while true {
            skipWhitespace()
            let keyOffset = index
            guard peek(UInt8(ascii: "\"")) else { throw .malformed(offset: index, reason: "expected a key") }
            let key = try parseString()
            guard seen.insert(key).inserted else { throw .duplicateKey(key, offset: keyOffset) }
            skipWhitespace()
            try expect(UInt8(ascii: ":"))
            skipWhitespace()
            pairs.append((key, try parseValue()))
            skipWhitespace()
            if peek(UInt8(ascii: ",")) {
                index += 1
                continue
            }
            try expect(UInt8(ascii: "}"))
            depth -= 1
            return .object(pairs)
        }
    }

    private mutating func parseArray() throws(JSONParseError) -> JSONValue {
        try enter()
        index += 1
        var values: [JSONValue] = []
        skipWhitespace()
        if peek(UInt8(ascii: "]")) {
            index += 1
            depth -= 1
            return .array(values)
        }
        while true {
            skipWhitespace()
            values.append(try parseValue())
            skipWhitespace()
            if peek(UInt8(ascii: ",")) {
                index += 1
                continue
            }
            try expect(UInt8(ascii: "]"))
            depth -= 1
            return .array(values)
        }
    }

    /// Reads a string in one pass: raw bytes are checked as UTF-8 and copied, escapes decoded into the same buffer,
    /// and the text is made once at the end.
    private mutating func parseString() throws(JSONParseError) -> String {
        let start = index
        index += 1
        var text: [UInt8] = []
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\""):
                index += 1
                return String(decoding: text, as: UTF8.self)
            case UInt8(ascii: "\\"):
                index += 1
                text.append(contentsOf: try parseEscape().utf8)
            case 0..<0x20:
                throw .malformed(offset: index, reason: "a control character in a string")
            case 0x20..<0x80:
                text.append(byte)
                index += 1
            default:
                let length = try utf8SequenceLength()
                text.append(contentsOf: bytes[index..<index + length])
                index += length
            }
        }
        throw .malformed(offset: start, reason: "an unterminated string")
    }

    /// The length of the well-formed UTF-8 sequence (RFC 3629: no overlong forms, no surrogates, nothing above
    /// U+10FFFF) that starts at `index` with a byte of 0x80 or more.
    private func utf8SequenceLength() throws(JSONParseError) -> Int {
        let lead = bytes[index]
        // The length, and the range the second byte must be in; the later bytes are any continuation byte.
        let (length, second): (Int, ClosedRange<UInt8>)
        switch lead {
        case 0xC2...0xDF: (length, second) = (2, 0x80...0xBF)
        case 0xE0: (length, second) = (3, 0xA0...0xBF)
        case 0xE1...0xEC, 0xEE...0xEF: (length, second) = (3, 0x80...0xBF)
        case 0xED: (length, second) = (3, 0x80...0x9F)
        case 0xF0: (length, second) = (4, 0x90...0xBF)
        case 0xF1...0xF3: (length, second) = (4, 0x80...0xBF)
        case 0xF4: (length, second) = (4, 0x80...0x8F)
        default: throw .malformed(offset: index, reason: "invalid UTF-8")
        }
        guard index + length <= bytes.count, second.contains(bytes[index + 1]),
            bytes[(index + 2)..<(index + length)].allSatisfy({ (0x80...0xBF).contains($0) })
        else { throw .malformed(offset: index, reason: "invalid UTF-8") }
        return length
    }

    private mutating func parseEscape() throws(JSONParseError) -> Unicode.Scalar {
        guard index < bytes.count else { throw .malformed(offset: index, reason: "unexpected end") }
        let byte = bytes[index]
        index += 1
        switch byte {
        case UInt8(ascii: "\""): return "\""
        case UInt8(ascii: "\\"): return "\\"
        case UInt8(ascii: "/"): return "/"
        case UInt8(ascii: "b"): return "\u{08}"
        case UInt8(ascii: "f"): return "\u{0C}"
        case UInt8(ascii: "n"): return "\n"
        case UInt8(ascii: "r"): return "\r"
        case UInt8(ascii: "t"): return "\t"
        case UInt8(ascii: "u"):
            let high = try parseHex4()
            if (0xD800..<0xDC00).contains(high) {
                guard bytes[index...].starts(with: Array("\\u".utf8)) else {
                    throw .malformed(offset: index, reason: "a lone surrogate")
                }
                index += 2
                let low = try parseHex4()
                guard (0xDC00..<0xE000).contains(low),
                    let scalar = Unicode.Scalar(0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00))
                else { throw .malformed(offset: index, reason: "an invalid surrogate pair") }
                return scalar
            }
            guard let scalar = Unicode.Scalar(high) else {
                throw .malformed(offset: index, reason: "a lone surrogate")
            }
            return scalar
        default:
            throw .malformed(offset: index - 1, reason: "an unknown escape")
        }
    }

    private mutating func parseHex4() throws(JSONParseError) -> UInt32 {
        guard index + 4 <= bytes.count else { throw .malformed(offset: index, reason: "a short \\u escape") }
        var value: UInt32 = 0
        for byte in bytes[index..<index + 4] {
            guard let digit = hexValue(byte) else { throw .malformed(offset: index, reason: "a bad \\u escape") }
            value = value << 4 | digit
        }
        index += 4
        return value
    }

    private func hexValue(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return UInt32(byte - UInt8(ascii: "A") + 10)
        default: return nil
        }
    }

    private mutating func parseNumber() throws(JSONParseError) -> JSONValue {
        let start = index
        if peek(UInt8(ascii: "-")) { index += 1 }
        let integerStart = index
        let integerDigits = digits()
        guard integerDigits > 0 else { throw .malformed(offset: start, reason: "expected a value") }
        guard integerDigits == 1 || bytes[integerStart] != UInt8(ascii: "0") else {
            throw .malformed(offset: start, reason: "a number with a leading zero")
        }
        if peek(UInt8(ascii: ".")) {
            index += 1
            guard digits() > 0 else { throw .malformed(offset: index, reason: "expected digits after '.'") }
        }
        if peek(UInt8(ascii: "e")) || peek(UInt8(ascii: "E")) {
            index += 1
            if peek(UInt8(ascii: "+")) || peek(UInt8(ascii: "-")) { index += 1 }
            guard digits() > 0 else { throw .malformed(offset: index, reason: "expected an exponent") }
        }
        guard let number = Double(String(decoding: bytes[start..<index], as: UTF8.self)), number.isFinite else {
            throw .malformed(offset: start, reason: "a number out of range")
        }
        return .number(number)
    }

    private mutating func digits() -> Int {
        let start = index
        while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) {
            index += 1
        }
        return index - start
    }

    private mutating func parseLiteral(_ text: String, _ value: JSONValue) throws(JSONParseError) -> JSONValue {
        guard bytes[index...].starts(with: Array(text.utf8)) else {
            throw .malformed(offset: index, reason: "expected \(text)")
        }
        index += text.utf8.count
        return value
    }

    private mutating func enter() throws(JSONParseError) {
        depth += 1
        guard depth <= Self.maximumDepth else { throw .tooDeep(offset: index) }
    }

    private func peek(_ byte: UInt8) -> Bool {
        index < bytes.count && bytes[index] == byte
    }

    private mutating func expect(_ byte: UInt8) throws(JSONParseError) {
        guard peek(byte) else {
            throw .malformed(offset: index, reason: "expected '\(Character(Unicode.Scalar(byte)))'")
        }
        index += 1
    }

    private mutating func skipWhitespace() {
        while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) {
            index += 1
        }
    }
}
