import BrigadeCore

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Reads a pattern's text into segments and groups.
struct RoutePatternParser {
    let text: String
    /// The pattern's Unicode scalars: a `/` followed by a combining mark is still a separator, as it is for the
    /// matcher, which splits URLs on bytes.
    let characters: [Unicode.Scalar]
    var index = 0
    var groupCount = 0
    var seenNames: Set<String> = []
    /// The typed parameters read so far.
    var types: [String: RoutePattern.TypedParameter] = [:]
    /// The hosts of an http(s) pattern, in ASCII form; empty for other schemes or when none is written.
    var hosts: [String] = []
    /// The parameter a captured host is stored under (`https://:site`).
    var hostParameter: String?

    init(text: String) {
        self.text = text
        characters = Array(text.unicodeScalars)
    }

    mutating func parse() throws(WireframeError) -> (String?, [RoutePattern.Item]) {
        guard !text.allSatisfy(\.isWhitespace) else {
            throw .emptyPattern
        }
        let scheme = try parseScheme()
        let items = try parseSequence(depth: 0)
        return (scheme, items)
    }

    /// Where the first `://` of `characters` starts, if anywhere.
    static func schemeSeparator(in characters: [Unicode.Scalar]) -> Int? {
        var offset = 0
        while offset + 2 < characters.count {
            if characters[offset] == ":", characters[offset + 1] == "/", characters[offset + 2] == "/" {
                return offset
            }
            offset += 1
        }
        return nil
    }

    private mutating func parseScheme() throws(WireframeError) -> String? {
        guard let separator = Self.schemeSeparator(in: characters) else { return nil }
        let scheme = characters[..<separator]
        func isLetter(_ scalar: Unicode.Scalar) -> Bool {
            ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar)
        }
        let allowed = scheme.allSatisfy {
            isLetter($0) || ("0"..."9").contains($0) || "+-.".unicodeScalars.contains($0)
        }
        guard let first = scheme.first, isLetter(first), allowed else {
            throw .invalidScheme(pattern: text, position: 0)
        }
        index = separator + 3
        let name = String(String.UnicodeScalarView(scheme)).lowercased()
        if name == "http" || name == "https" {
            try parseHost()
        }
        return name
    }

    /// Reads what follows an http(s) scheme, up to the first `/` or `(`: a host (letters, digits, `-`, `.` and
    /// characters outside ASCII), a set of hosts between braces separated by commas (`{a.example,b.example}`), or a
    /// captured host (`:name`).
    private mutating func parseHost() throws(WireframeError) {
        let start = index
        var authority = String.UnicodeScalarView()
        while index < characters.count, characters[index] != "/", characters[index] != "(" {
            authority.append(characters[index])
            index += 1
        }
        let text = String(authority)
        if text.hasPrefix(":") {
            let name = String(text.dropFirst())
            let isName = name.unicodeScalars.allSatisfy {
                ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) || $0 == "_"
            }
            guard !name.isEmpty else { throw .emptyParameterName(pattern: self.text, position: start) }
            guard isName else {
                throw .invalidSegment(
                    pattern: self.text, position: start,
                    reason: "a captured host's name has only letters, digits and '_'")
            }
            seenNames.insert(name)
            hostParameter = name
            return
        }
        let isSet = text.hasPrefix("{")
        if isSet {
            guard text.hasSuffix("}"), text.count > 2 else {
                throw .invalidSegment(
                    pattern: self.text, position: start, reason: "a set of hosts is '{' hosts separated by ',' '}'")
            }
        }
        let whole = Substring(text)
        let inner = whole.dropFirst().dropLast()
        let names = isSet ? inner.split(separator: ",", omittingEmptySubsequences: false) : [whole]
        var offset = start + (isSet ? 1 : 0)
        for name in names {
            for (index, scalar) in name.unicodeScalars.enumerated() {
                let isAllowed =
                    !scalar.isASCII || ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar)
                    || ("0"..."9").contains(scalar) || scalar == "-" || scalar == "."
                guard isAllowed else {
                    throw .invalidSegment(
                        pattern: self.text, position: offset + index,
                        reason: "a host has only letters, digits, '-' and '.' (no port, user or wildcard)")
                }
            }
            if name.isEmpty, isSet {
                throw .invalidSegment(pattern: self.text, position: offset, reason: "a set of hosts has an empty host")
            }
            let ascii = HostName.ascii(name)
            if !name.isEmpty, !hosts.contains(ascii) {
                hosts.append(ascii)
            }
            offset += name.unicodeScalars.count + 1
        }
    }

    private mutating func parseSequence(depth: Int) throws(WireframeError) -> [RoutePattern.Item] {
        var items: [RoutePattern.Item] = []
        var current = String.UnicodeScalarView()
        var start = index
        func finish(_ items: inout [RoutePattern.Item], _ parser: inout RoutePatternParser) throws(WireframeError) {
            if !current.isEmpty {
                items.append(try parser.segment(String(current), at: start))
            }
            current = String.UnicodeScalarView()
        }
        while index < characters.count {
            let character = characters[index]
            switch character {
            case "/":
                try finish(&items, &self)
                index += 1
                start = index
            case "(":
                try finish(&items, &self)
                let open = index
                index += 1
                guard index < characters.count, characters[index] == "/" else {
                    throw .invalidSegment(pattern: text, position: open, reason: "an optional group starts with '/'")
                }
                let number = groupCount
                groupCount += 1
                guard groupCount <= RoutePattern.maximumOptionalGroups else {
                    throw .tooManyOptionalGroups(pattern: text, limit: RoutePattern.maximumOptionalGroups)
                }
                let inner = try parseSequence(depth: depth + 1)
                guard index < characters.count, characters[index] == ")" else {
                    throw .unbalancedParenthesis(pattern: text, position: open)
                }
                guard !inner.isEmpty else {
                    throw .invalidSegment(pattern: text, position: open, reason: "an optional group is empty")
                }
                items.append(.group(number: number, inner))
                index += 1
                start = index
            case ")":
                guard depth > 0 else {
                    throw .unbalancedParenthesis(pattern: text, position: index)
                }
                try finish(&items, &self)
                return items
            default:
                if current.isEmpty {
                    start = index
                }
                current.append(character)
                index += 1
            }
        }
        try finish(&items, &self)
        return items
    }

    private mutating func segment(_ text: String, at position: Int) throws(WireframeError) -> RoutePattern.Item {
        if text == "*" {
            return .wildcard(position: position)
        }
        let scalars = text.unicodeScalars
        if scalars.contains("*") {
            throw .invalidSegment(pattern: self.text, position: position, reason: "'*' must be a whole segment")
        }
        if scalars.contains("?") || scalars.contains("#") {
            throw .invalidSegment(
                pattern: self.text, position: position,
                reason: "'?' and '#' start a URL's query and fragment; they cannot be in a pattern")
        }
        if scalars.first == ":" {
            var name = String(scalars.dropFirst())
            var type = RoutePattern.ParameterType.text
            if name.unicodeScalars.last == ">", let open = name.unicodeScalars.firstIndex(of: "<") {
                let typeName = String(name.unicodeScalars[name.unicodeScalars.index(after: open)...].dropLast())
                guard let named = RoutePattern.ParameterType(name: typeName) else {
                    throw .invalidSegment(
                        pattern: self.text, position: position,
                        reason:
                            "a parameter type is int, uuid or the name of a registered converter (letters, digits, '_'), "
                            + "not '\(typeName)'")
                }
                type = named
                name = String(name.unicodeScalars[..<open])
            }
            guard !name.isEmpty else {
                throw .emptyParameterName(pattern: self.text, position: position)
            }
            guard !name.unicodeScalars.contains(":") else {
                throw .invalidSegment(pattern: self.text, position: position, reason: "a parameter name has a ':'")
            }
            guard seenNames.insert(name).inserted else {
                throw .duplicateParameterName(pattern: self.text, name: name, position: position)
            }
            if type != .text {
                types[name] = RoutePattern.TypedParameter(type: type, position: position)
            }
            return .parameter(name)
        }
        return .literal(text)
    }
}
