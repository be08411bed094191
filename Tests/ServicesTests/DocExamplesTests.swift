import BrigadeEntity
import BrigadeKitchen
import BrigadeReactive
import BrigadeServices
import Foundation
import TestHTTPServer
import Testing

// The examples of docs/Kitchen.md, verbatim apart from the test around them.

struct Special: Codable, Equatable, Sendable {
    let name: String
    let price: Int
}

protocol SpecialsSource: Sendable {
    func todaysSpecials() async throws -> [Special]
}

final class SpecialsService: SpecialsSource {
    let client: APIClient
    init(client: APIClient) { self.client = client }
    func todaysSpecials() async throws -> [Special] {
        [try await client.get("/json", as: Special.self)]
    }
}

@Suite("docs/Kitchen.md")
@MainActor  // as an app resolves its services: the factories are main-actor ones
struct KitchenDocExamplesTests {
    @Test("the kitchen example wires the services and resolves them by facet")
    func kitchenExample() async throws {
        let server = try TestHTTPServer()
        let base = server.baseURL

        let kitchen = Kitchen()
        try kitchen.register(APIClient.self) { _ in APIClient(baseURL: base) }
        try kitchen.register(SpecialsService.self) { resolver in
            SpecialsService(client: try resolver.resolve(APIClient.self))
        }
        try kitchen.register(facet: (any SpecialsSource).self, of: SpecialsService.self) { $0 }
        kitchen.seal()

        let specials = try kitchen.resolve((any SpecialsSource).self)
        #expect(try await specials.todaysSpecials() == [Special(name: "soup", price: 6)])
    }

    @Test("the service examples run as the guide says")
    func serviceExamples() async throws {
        let server = try TestHTTPServer()
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("brigade-docs-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        try Data(#"{"copy": [{"key": "menu", "en": "Menu", "de": "Speisekarte", "fr": "Carte"}]}"#.utf8)
            .write(to: directory.appendingPathComponent("copy.json"))

        // SQLiteStore
        let store = try SQLiteStore(path: directory.appendingPathComponent("bistro.sqlite").path)
        try await store.persist(Order(id: 1, dishes: ["soup"]))
        let orders = try await store.getAll(Order.self)

        // APIClient
        let client = APIClient(baseURL: server.baseURL)
        let dish = try await client.get("/json", as: Special.self)

        // AssetCache
        let assets = AssetCache(
            client: client, memoryLimit: 1 << 20, directory: directory.appendingPathComponent("assets"))
        let logo = try await assets.data(for: server.url("/asset/logo.png"))

        // BundledResources and Translations
        let resources = BundledResources(directory: directory)
        let translations = Translations(table: try .load(from: resources, named: "copy"), defaultLanguage: "en")
        translations.language.value = "de"

        // TemporaryValues
        let temporary = TemporaryValues()
        temporary.set("no onions", for: .draftNote)

        #expect(orders == [Order(id: 1, dishes: ["soup"])])
        #expect(dish == Special(name: "soup", price: 6))
        #expect(logo == Data("asset logo.png".utf8))
        #expect(translations.text("menu") == "Speisekarte")
        #expect(temporary.value(for: .draftNote) == "no onions")
    }
}
