import BrigadeReactive
import BrigadeServices
import Foundation
import Testing

struct MenuFile: Decodable, Equatable {
    let dishes: [String]
}

/// A directory of JSON files for one test.
func resourcesDirectory(_ files: [String: String]) throws -> URL {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("brigade-resources-\(UUID())")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    for (name, text) in files {
        try Data(text.utf8).write(to: directory.appendingPathComponent(name))
    }
    return directory
}

@Suite("BundledResources")
struct BundledResourcesTests {
    @Test("decodes bundled JSON by name, with or without .json, from a directory or a bundle")
    func decode() throws {
        let directory = try resourcesDirectory(["menu.json": #"{"dishes": ["soup", "cake"]}"#])
        defer { try? FileManager.default.removeItem(at: directory) }
        let resources = BundledResources(directory: directory)
        #expect(try resources.decode(MenuFile.self, named: "menu") == MenuFile(dishes: ["soup", "cake"]))
        #expect(try resources.decode(MenuFile.self, named: "menu.json") == MenuFile(dishes: ["soup", "cake"]))
        let bundle = try #require(Bundle(url: directory))
        #expect(try BundledResources(bundle: bundle).decode(MenuFile.self, named: "menu").dishes.count == 2)
    }

    @Test(
        "a name that tries to leave the directory is a typed error and nothing is read",
        arguments: ["../secrets", "..", "a/b", "/etc/passwd", "..\\x", "", ".hidden", "a\0b"])
    func traversal(name: String) throws {
        let resources = BundledResources(directory: URL(fileURLWithPath: "/tmp"))
        let error = #expect(throws: BundledResourcesError.self) {
            try resources.data(named: name)
        }
        guard case .invalidName = error else {
            Issue.record("expected invalidName, got \(String(describing: error))")
            return
        }
    }

    @Test("a missing file and a malformed file are typed errors naming the file")
    func missingAndMalformed() throws {
        let directory = try resourcesDirectory(["broken.json": #"{"dishes": [}"#])
        defer { try? FileManager.default.removeItem(at: directory) }
        let resources = BundledResources(directory: directory)
        #expect(throws: BundledResourcesError.notFound("menu", directory: directory.path)) {
            try resources.data(named: "menu")
        }
        #expect(throws: BundledResourcesError.self) {
            try resources.decode(MenuFile.self, named: "broken")
        }
    }

    @Test("settings in Dertisch's shape and in a plain object")
    func settings() throws {
        let directory = try resourcesDirectory([
            "dertisch.json": #"{"settings": [{"key": "tables", "value": 12}, {"key": "name", "value": "Bistro"}]}"#,
            "plain.json": #"{"tables": 12, "name": "Bistro", "open": true}"#,
        ])
        defer { try? FileManager.default.removeItem(at: directory) }
        let resources = BundledResources(directory: directory)
        let dertisch = try resources.settings(named: "dertisch")
        #expect(dertisch.int("tables") == 12)
        #expect(dertisch.string("name") == "Bistro")
        let plain = try resources.settings(named: "plain")
        #expect(plain.int("tables") == 12)
        #expect(plain.bool("open") == true)
    }

    @Test("a settings file with a duplicate key is a typed error, in either shape")
    func duplicateKeys() throws {
        let directory = try resourcesDirectory([
            "dertisch.json": #"{"settings": [{"key": "tables", "value": 12}, {"key": "tables", "value": 14}]}"#,
            "plain.json": #"{"tables": 12, "tables": 14}"#,
        ])
        defer { try? FileManager.default.removeItem(at: directory) }
        let resources = BundledResources(directory: directory)
        #expect(throws: BundledResourcesError.duplicateKey("dertisch", key: "tables")) {
            try resources.settings(named: "dertisch")
        }
        #expect(throws: BundledResourcesError.duplicateKey("plain", key: "tables")) {
            try resources.settings(named: "plain")
        }
    }
}

@Suite("JSONValue")
struct JSONValueTests {
    @Test("parses every kind of value, escapes included")
    func parse() throws {
        let value = try JSONValue.parse(
            Array(#"{"a": [1, -2.5e1, true, false, null], "b": "\u00e9\n\ud83c\udf70"}"#.utf8))
        #expect(value.members?["b"]?.stringValue == "é\n🍰")
        #expect(value.members?["a"] == .array([.number(1), .number(-25), .bool(true), .bool(false), .null]))
    }

    @Test(
        "malformed text is an error with its offset",
        arguments: ["{", "[1,]", "{\"a\" 1}", "tru", "\"\\x\"", "01x", "{}{}"])
    func malformed(text: String) {
        #expect(throws: JSONParseError.self) {
            try JSONValue.parse(Array(text.utf8))
        }
    }

    @Test("deep nesting is refused, not a stack overflow")
    func depth() {
        #expect(throws: JSONParseError.self) {
            try JSONValue.parse(Array(String(repeating: "[", count: 10_000).utf8))
        }
    }
}

final class Logged: @unchecked Sendable {
    // `lock` guards `lines`.
    private let lock = NSLock()
    private var lines: [String] = []
    func append(_ line: String) { lock.withLock { lines.append(line) } }
    var all: [String] { lock.withLock { lines } }
}

@Suite("Translations")
struct TranslationsTests {
    let copy = #"""
        {"copy": [
            {"key": "greeting", "en": "Hello, {0}", "fr": "Bonjour, {0}", "fr-CA": "Allô, {0}"},
            {"key": "menu", "en": "Menu", "de": "Speisekarte", "all": "Carte"},
            {"key": "brand", "all": "Bistro"}
        ]}
        """#

    @Test("reads Dertisch's copy format and a keyed format")
    func formats() throws {
        let dertisch = try Translations.Table.parse(Array(copy.utf8), name: "copy")
        let keyed = try Translations.Table.parse(
            Array(#"{"menu": {"en": "Menu", "de": "Speisekarte", "all": "Carte"}}"#.utf8), name: "keyed")
        #expect(dertisch.texts["menu"] == keyed.texts["menu"])
        #expect(dertisch.languages == ["de", "en", "fr", "fr-ca"])
    }

    @Test("fallback runs region, then language, then all, then the default language")
    func fallback() throws {
        let translations = Translations(
            table: try Translations.Table.parse(Array(copy.utf8), name: "copy"), defaultLanguage: "en")
        #expect(translations.text("greeting", language: "fr-CA", arguments: ["Ada"]) == "Allô, Ada")
        #expect(translations.text("greeting", language: "fr-FR", arguments: ["Ada"]) == "Bonjour, Ada")
        #expect(translations.text("menu", language: "fr") == "Carte")
        #expect(translations.text("greeting", language: "de", arguments: ["Ada"]) == "Hello, Ada")
        #expect(translations.fallbacks(for: "fr_CA") == ["fr-ca", "fr", "all", "en"])
    }

    @Test("the current language is observable, so a view re-renders when it changes")
    func observableLanguage() throws {
        let translations = Translations(table: try Translations.Table.parse(Array(copy.utf8), name: "copy"))
        let rendered = Logged()
        let bag = SubscriptionReferenceBag()
        translations.language.subscribe { _ in rendered.append(translations.text("menu")) }.add(to: bag)
        translations.language.value = "de"
        #expect(rendered.all == ["Menu", "Speisekarte"])
    }

    @Test("a missing key shows the key, is reported as observable and logged once")
    func missingKey() throws {
        let log = Logged()
        let translations = Translations(
            table: try Translations.Table.parse(Array(copy.utf8), name: "copy"), log: log.append)
        #expect(translations.text("dessert") == "dessert")
        #expect(translations.text("dessert") == "dessert")
        #expect(translations.missingKeys.value == ["dessert"])
        #expect(log.all == ["Translations: no text for key 'dessert'"])
    }

    @Test("a duplicate key in a text table is a typed error")
    func duplicate() {
        #expect(throws: BundledResourcesError.duplicateKey("copy", key: "menu")) {
            try Translations.Table.parse(
                Array(#"{"copy": [{"key": "menu", "en": "A"}, {"key": "menu", "en": "B"}]}"#.utf8), name: "copy")
        }
    }
}

extension TemporaryKey where Value == String {
    static let draftNote = TemporaryKey("draftNote")
}

extension TemporaryKey where Value == Int {
    static let table = TemporaryKey("table")
}

@Suite("TemporaryValues")
struct TemporaryValuesTests {
    @Test("typed values by key, observable per key, with remove and remove-all")
    func values() {
        let temporary = TemporaryValues()
        let notes = Logged()
        let bag = SubscriptionReferenceBag()
        temporary.observe(.draftNote).subscribe { notes.append($0 ?? "nil") }.add(to: bag)
        temporary.set("no onions", for: .draftNote)
        temporary.set(4, for: .table)
        #expect(temporary.value(for: .draftNote) == "no onions")
        #expect(temporary.value(for: .table) == 4)
        temporary.remove(.draftNote)
        #expect(temporary.value(for: .draftNote) == nil)
        temporary.set("extra bread", for: .draftNote)
        temporary.removeAll()
        #expect(temporary.value(for: .table) == nil)
        #expect(notes.all == ["nil", "no onions", "nil", "extra bread", "nil"])
    }
}
