import BrigadeReactive

/// Multi-language text: tables of texts by key and language, an observable current language,
/// and a fallback that always shows something.
///
/// ```swift
/// let sommelier = Sommelier(table: try TextTable.load(from: larder, named: "copy"), defaultLanguage: "en")
/// sommelier.language.value = "fr-CA"
/// sommelier.text("greeting", "Ada")   // "Bonjour, Ada" — "{0}" replaced by the first argument
/// ```
///
/// - Fallback for `fr-CA`: the `fr-CA` text, then `fr`, then `all`, then the default language.
/// - ``language`` is an `ObservableProperty`, so presenters bound to it re-render when it changes.
/// - A key with no text in any of them is reported — added to ``missingKeys`` and logged once — and shows as the
///   key itself. At most ``missingKeyLimit`` keys are kept and reported; one more line says when further ones are
///   not.
/// - Arguments replace `{0}`, `{1}`, … in one pass over the text: a placeholder written inside an argument stays as
///   it is, and one that names no argument is kept as written.
public final class Sommelier: Sendable {
    /// The current language, such as `en`, `de` or `fr-CA`.
    public let language: ObservableProperty<String>
    /// The language used when the current one has no text.
    public let defaultLanguage: String
    /// The most keys ``missingKeys`` holds, and logs: 1,000. A text that asks for keys built from data cannot grow
    /// memory without bound, and recording a key copies at most this many.
    public static let missingKeyLimit = 1_000
    /// The keys asked for that have no text; observable. It only grows: subscribers never see a reported key vanish.
    /// A key reported while another thread is setting this property appears when that thread's setting ends.
    public let missingKeys = ObservableProperty<Set<String>>([])
    private let table: TextTable
    private let log: @Sendable (String) -> Void
    private let reported = Locked(Reported())

    /// The missing keys recorded, and whether one more was asked for once the limit was reached.
    private struct Reported {
        var keys: Set<String> = []
        var isFull = false
        /// How many keys ``missingKeys`` was last set to hold.
        var published = 0
        /// Whether a thread is setting ``missingKeys`` now: only one does at a time, so the sets it sees only grow.
        var isPublishing = false
    }

    /// Creates a sommelier.
    /// - Parameters:
    ///   - table: The texts.
    ///   - defaultLanguage: The last fallback; `en` by default.
    ///   - language: The starting language; the default language when `nil`.
    ///   - log: Where a missing key is reported, once per key; standard output by default.
    public init(
        table: TextTable,
        defaultLanguage: String = "en",
        language: String? = nil,
        log: @escaping @Sendable (String) -> Void = { print($0) }
    ) {
        self.table = table
        self.defaultLanguage = TextTable.normalize(defaultLanguage)
        self.language = ObservableProperty(TextTable.normalize(language ?? defaultLanguage))
        self.log = log
    }

    /// The languages the table has texts in, besides `all`.
    public var languages: [String] { table.languages }

    /// The text for `key` in the current language, with `arguments` in place of `{0}`, `{1}`, ….
    public func text(_ key: String, _ arguments: any CustomStringConvertible...) -> String {
        text(key, language: language.value, arguments: arguments)
    }

    /// The text for `key` in `language`, following the fallback.
    public func text(_ key: String, language: String, arguments: [any CustomStringConvertible] = []) -> String {
        guard let template = lookup(key, language: TextTable.normalize(language)) else {
            report(key)
            return key
        }
        return Self.substitute(arguments.map(\.description), in: template)
    }

    /// `template` with each `{n}` naming an argument replaced by it, in one pass: text put in is never read again.
    static func substitute(_ arguments: [String], in template: String) -> String {
        var result = ""
        var rest = template[...]
        while let open = rest.firstIndex(of: "{") {
            result += rest[..<open]
            let inside = rest[rest.index(after: open)...]
            if let close = inside.firstIndex(of: "}"), let index = Self.argumentIndex(inside[..<close]),
                arguments.indices.contains(index)
            {
                result += arguments[index]
                rest = inside[inside.index(after: close)...]
            } else {
                result += "{"
                rest = inside
            }
        }
        return result + rest
    }

    /// The number written in `text` if it is only ASCII digits.
    private static func argumentIndex(_ text: Substring) -> Int? {
        guard !text.isEmpty, text.utf8.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }) else {
            return nil
        }
        return Int(text)
    }

    /// The chain of languages tried for `language`: region, language, `all`, default.
    public func fallbacks(for language: String) -> [String] {
        let normalized = TextTable.normalize(language)
        var chain = [normalized]
        if let dash = normalized.firstIndex(of: "-") {
            chain.append(String(normalized[..<dash]))
        }
        chain.append("all")
        chain.append(defaultLanguage)
        var seen: Set<String> = []
        return chain.filter { seen.insert($0).inserted }
    }

    private func lookup(_ key: String, language: String) -> String? {
        guard let texts = table.texts[key] else { return nil }
        for candidate in fallbacks(for: language) {
            if let text = texts[candidate] {
                return text
            }
        }
        return nil
    }

    private func report(_ key: String) {
        let (line, publishes) = reported.withLock { reported -> (String?, Bool) in
            if reported.keys.contains(key) || reported.isFull {
                return (nil, false)
            }
            if reported.keys.count == Self.missingKeyLimit {
                reported.isFull = true
                return (
                    "Sommelier: more than \(Self.missingKeyLimit) keys have no text; further ones are not reported",
                    false
                )
            }
            reported.keys.insert(key)
            guard !reported.isPublishing else { return ("Sommelier: no text for key '\(key)'", false) }
            reported.isPublishing = true
            return ("Sommelier: no text for key '\(key)'", true)
        }
        if publishes {
            publishMissingKeys()
        }
        if let line {
            log(line)
        }
    }

    /// Sets ``missingKeys`` to the latest set until it holds every key recorded. Only the thread that set
    /// `isPublishing` runs this; a key another thread records meanwhile is published here before the flag is
    /// cleared, so ``missingKeys`` only grows and ends with every key. The property is set without the lock held: a
    /// subscriber may ask for another text, which records its key and leaves it to this loop.
    private func publishMissingKeys() {
        while true {
            let next = reported.withLock { reported -> Set<String>? in
                guard reported.keys.count > reported.published else {
                    reported.isPublishing = false
                    return nil
                }
                reported.published = reported.keys.count
                return reported.keys
            }
            guard let next else { return }
            missingKeys.value = next
        }
    }
}

/// Texts by key and language.
///
/// Two file shapes are read: `{"copy":[{"key":"hello","en":"Hello","fr":"Bonjour","all":"…"}]}` and a
/// keyed one, `{"hello":{"en":"Hello","fr":"Bonjour"}}`. Language codes are compared in lowercase, with `_` read as
/// `-`.
public struct TextTable: Sendable, Equatable {
    /// The texts: key, then language, then text.
    public let texts: [String: [String: String]]

    /// A table of `texts`.
    public init(_ texts: [String: [String: String]]) {
        self.texts = texts.mapValues { byLanguage in
            Dictionary(byLanguage.map { (Self.normalize($0.key), $0.value) }, uniquingKeysWith: { first, _ in first })
        }
    }

    /// The languages present, besides `all`, sorted.
    public var languages: [String] {
        Set(texts.values.flatMap(\.keys)).subtracting(["all"]).sorted()
    }

    /// Reads the table file called `name` from `larder`.
    /// - Throws: A ``LarderError``: the file's, a duplicate key or language, or ``LarderError/notTextTable(_:reason:)``.
    public static func load(from larder: Larder, named name: String) throws(LarderError) -> TextTable {
        try parse(larder.json(named: name), name: name)
    }

    /// Reads a table from JSON text; `name` is used in errors.
    public static func parse(_ bytes: some Collection<UInt8>, name: String) throws(LarderError) -> TextTable {
        do {
            return try parse(JSONValue.parse(bytes), name: name)
        } catch let error as LarderError {
            throw error
        } catch let error as JSONParseError {
            if case .duplicateKey(let key, _) = error {
                throw .duplicateKey(name, key: key)
            }
            throw .malformed(name, reason: error.description)
        } catch {
            throw .malformed(name, reason: "\(error)")
        }
    }

    private static func parse(_ json: JSONValue, name: String) throws(LarderError) -> TextTable {
        guard case .object(let pairs) = json else { throw .notTextTable(name, reason: "the file is not a JSON object") }
        var texts: [String: [String: String]] = [:]
        if pairs.count == 1, pairs[0].key == "copy", case .array(let entries) = pairs[0].value {
            for entry in entries {
                guard case .object(let fields) = entry,
                    let key = fields.first(where: { $0.key == "key" })?.value.stringValue
                else {
                    throw .notTextTable(name, reason: "each copy entry needs a string \"key\"")
                }
                guard texts[key] == nil else { throw .duplicateKey(name, key: key) }
                texts[key] = try languages(fields.filter { $0.key != "key" }, key: key, name: name)
            }
        } else {
            for (key, value) in pairs {
                guard case .object(let fields) = value else {
                    throw .notTextTable(name, reason: "'\(key)' should map languages to texts")
                }
                texts[key] = try languages(fields, key: key, name: name)
            }
        }
        return TextTable(texts)
    }

    private static func languages(
        _ fields: [(key: String, value: JSONValue)],
        key: String,
        name: String
    ) throws(LarderError) -> [String: String] {
        var byLanguage: [String: String] = [:]
        for (language, value) in fields {
            guard let text = value.stringValue else {
                throw .notTextTable(name, reason: "the '\(language)' text of '\(key)' is not a string")
            }
            guard byLanguage.updateValue(text, forKey: normalize(language)) == nil else {
                throw .duplicateKey(name, key: "\(key).\(language)")
            }
        }
        return byLanguage
    }

    static func normalize(_ language: String) -> String {
        language.lowercased().replacingAll("_", with: "-")
    }
}

extension String {
    /// This text with every `target` replaced by `replacement`, without Foundation.
    func replacingAll(_ target: String, with replacement: String) -> String {
        guard !target.isEmpty else { return self }
        var result = ""
        var rest = self[...]
        while let range = rest.firstRange(of: target) {
            result += rest[..<range.lowerBound]
            result += replacement
            rest = rest[range.upperBound...]
        }
        return result + rest
    }
}
