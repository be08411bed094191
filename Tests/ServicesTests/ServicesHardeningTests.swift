import BrigadeReactive
import BrigadeServices
import Foundation
import Testing

@Suite("BundledResources hardening")
struct BundledResourcesHardeningTests {
    @Test("a symbolic link inside the directory to a file outside it is refused, and nothing is read")
    func linkOutside() throws {
        let outside = try resourcesDirectory(["secret.json": #"{"password": "hunter2"}"#])
        let directory = try resourcesDirectory([:])
        defer {
            try? FileManager.default.removeItem(at: outside)
            try? FileManager.default.removeItem(at: directory)
        }
        let fileManager = FileManager.default
        try fileManager.createSymbolicLink(
            at: directory.appendingPathComponent("menu.json"),
            withDestinationURL: outside.appendingPathComponent("secret.json"))
        try fileManager.createSymbolicLink(
            at: directory.appendingPathComponent("passwd.json"), withDestinationURL: URL(fileURLWithPath: "/etc/passwd")
        )
        let resources = BundledResources(directory: directory)
        for name in ["menu", "passwd"] {
            let error = #expect(throws: BundledResourcesError.self) { try resources.data(named: name) }
            guard case .outsideDirectory(let refused, _) = error else {
                Issue.record("expected outsideDirectory, got \(String(describing: error))")
                continue
            }
            #expect(refused == name)
            #expect(throws: BundledResourcesError.self) { try resources.json(named: name) }
        }
    }

    @Test("links that stay inside the directory, and a directory reached through a link, still work")
    func linksInside() throws {
        let directory = try resourcesDirectory(["menu.json": #"{"dishes": ["soup"]}"#])
        let parent = try resourcesDirectory([:])
        defer {
            try? FileManager.default.removeItem(at: directory)
            try? FileManager.default.removeItem(at: parent)
        }
        try FileManager.default.createSymbolicLink(
            atPath: directory.appendingPathComponent("today.json").path, withDestinationPath: "menu.json")
        let linkedDirectory = parent.appendingPathComponent("resources")
        try FileManager.default.createSymbolicLink(at: linkedDirectory, withDestinationURL: directory)
        for resources in [BundledResources(directory: directory), BundledResources(directory: linkedDirectory)] {
            #expect(try resources.settings(named: "today").values["dishes"] == .array([.string("soup")]))
            #expect(try resources.settings(named: "menu").values["dishes"] == .array([.string("soup")]))
        }
    }
}

@Suite("Translations hardening")
struct TranslationsHardeningTests {
    let table = Translations.Table(["greet": ["en": "Hello {0}, you have {1}"]])

    @Test("arguments are put in in one pass: a placeholder inside an argument stays as written")
    func onePass() {
        let translations = Translations(table: table, log: { _ in })
        #expect(translations.text("greet", "{1}", 3) == "Hello {1}, you have 3")
        #expect(translations.text("greet", "{0}", "{0}") == "Hello {0}, you have {0}")
        #expect(translations.text("greet", "Ada") == "Hello Ada, you have {1}")
    }

    @Test("placeholders that name no argument are kept as written")
    func unknownPlaceholders() {
        let table = Translations.Table(["odd": ["en": "{} {x} {+0} {{0}} {99999999999999999999} {0"]])
        let translations = Translations(table: table, log: { _ in })
        #expect(translations.text("odd", "A") == "{} {x} {+0} {A} {99999999999999999999} {0")
    }

    @Test("the missing keys kept are bounded; one line says when more are not reported")
    func boundedMissingKeys() {
        let log = Logged()
        let translations = Translations(table: table, log: log.append)
        let asked = Translations.missingKeyLimit * 5
        for index in 0..<asked {
            #expect(translations.text("missing \(index)") == "missing \(index)")
        }
        #expect(translations.missingKeys.value.count == Translations.missingKeyLimit)
        #expect(translations.missingKeys.value.contains("missing 0"))
        #expect(log.all.count == Translations.missingKeyLimit + 1)
        #expect(
            log.all.last
                == "Translations: more than \(Translations.missingKeyLimit) keys have no text; further ones are not reported"
        )
    }

    @Test("missing keys reported from many threads at once all end up in missingKeys")
    func missingKeysFromManyThreads() {
        let translations = Translations(table: table, log: { _ in })
        DispatchQueue.concurrentPerform(iterations: 8) { thread in
            for index in 0..<100 {
                _ = translations.text("missing \(thread)-\(index)")
            }
        }
        #expect(translations.missingKeys.value.count == 800)
    }
}

@Suite("TemporaryValues hardening")
struct TemporaryValuesHardeningTests {
    @Test("a removed value frees its key's observable property, for every one of many keys set and removed")
    func removedIsFreed() {
        let temporary = TemporaryValues()
        var keptWhileSet = 0
        var keptAfterRemove = 0
        for index in 0..<10_000 {
            let key = TemporaryKey<String>("draft \(index)")
            temporary.set("text \(index)", for: key)
            weak let property = temporary.observe(key)
            if property != nil {
                keptWhileSet += 1
            }
            temporary.remove(key)
            if property != nil {
                keptAfterRemove += 1
            }
        }
        #expect(keptWhileSet == 10_000, "the store keeps a property while it holds a value")
        #expect(keptAfterRemove == 0, "nothing keeps a removed key's property")
        #expect(temporary.count == 0)
        let key = TemporaryKey<Int>("table")
        temporary.set(4, for: key)
        #expect(temporary.count == 1)
        weak let property = temporary.observe(key)
        #expect(property != nil, "kept while it holds a value")
        temporary.remove(key)
        #expect(property == nil, "freed once removed")
        #expect(temporary.value(for: key) == nil)
        #expect(temporary.count == 0)
    }

    @Test("reading or observing a key without setting it keeps nothing once the observer is gone")
    func readingKeepsNothing() {
        let temporary = TemporaryValues()
        weak var property: ObservableProperty<String?>?
        for index in 0..<1_000 {
            let key = TemporaryKey<String>("draft \(index)")
            #expect(temporary.value(for: key) == nil)
            property = temporary.observe(key)
        }
        #expect(property == nil)
        #expect(temporary.count == 0)
    }

    @Test("an observer keeps seeing its key across remove and set")
    func observerSurvivesRemove() {
        let temporary = TemporaryValues()
        let seen = Logged()
        let bag = SubscriptionReferenceBag()
        let key = TemporaryKey<String>("draft")
        temporary.observe(key).subscribe { seen.append($0 ?? "nil") }.add(to: bag)
        temporary.set("one", for: key)
        temporary.remove(key)
        temporary.set("two", for: key)
        temporary.removeAll()
        temporary.set("three", for: key)
        #expect(seen.all == ["nil", "one", "nil", "two", "nil", "three"])
        #expect(temporary.count == 1)
    }
}
