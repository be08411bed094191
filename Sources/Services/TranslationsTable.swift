extension Translations {
    /// Texts by key and language.
    ///
    /// Two file shapes are read: a `copy` list, `{"copy":[{"key":"hello","en":"Hello","fr":"Bonjour","all":"…"}]}`,
    /// and a keyed one, `{"hello":{"en":"Hello","fr":"Bonjour"}}`. Language codes are compared in lowercase, with `_`
    /// read as `-`.
    public struct Table: Sendable, Equatable {
        /// The texts: key, then language, then text.
        public let texts: [String: [String: String]]

        /// A table of `texts`.
        public init(_ texts: [String: [String: String]]) {
            self.texts = texts.mapValues { byLanguage in
                Dictionary(
                    byLanguage.map { (Self.normalize($0.key), $0.value) }, uniquingKeysWith: { first, _ in first })
            }
        }

        /// The languages present, besides `all`, sorted.
        public var languages: [String] {
            Set(texts.values.flatMap(\.keys)).subtracting(["all"]).sorted()
        }

        /// Reads the table file called `name` from `resources`.
        /// - Throws: A ``BundledResourcesError``: the file's, a duplicate key or language, or
        ///   ``BundledResourcesError/notTextTable(_:reason:)``.
        public static func load(
            from resources: BundledResources, named name: String
        ) throws(BundledResourcesError) -> Table {
            try parse(resources.json(named: name), name: name)
        }

        /// Reads a table from JSON text; `name` is used in errors.
        public static func parse(_ bytes: some Collection<UInt8>, name: String) throws(BundledResourcesError) -> Table {
            do {
                return try parse(JSONValue.parse(bytes), name: name)
            } catch let error as BundledResourcesError {
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

        private static func parse(_ json: JSONValue, name: String) throws(BundledResourcesError) -> Table {
            guard case .object(let pairs) = json else {
                throw .notTextTable(name, reason: "the file is not a JSON object")
            }
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
            return Table(texts)
        }

        private static func languages(
            _ fields: [(key: String, value: JSONValue)],
            key: String,
            name: String
        ) throws(BundledResourcesError) -> [String: String] {
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
}
