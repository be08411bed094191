import BistroKit
import Brigade
import BrigadeTesting
import Foundation
import Testing

/// What a mutant adds: a facet of a type the Bistro never registers.
protocol MutantFacet: Sendable {}
final class MutantUnregistered: MutantFacet {}

/// A feature of no kind the app's observers install: the "installer missing" mutant.
final class MutantOrphanFeature: Feature {}

@Suite("The Bistro's graph, verified before the first screen")
@MainActor
struct GraphMutantTests {
    @Test("the Bistro verifies; 100 seeded mutants of its graph are each caught, naming what is wrong")
    func mutants() async throws {
        let directory = dataDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        var options = BistroOptions(dataDirectory: directory)
        let specials = try #require(URL(string: "http://127.0.0.1:9/specials"))
        options.specialsURL = specials
        let session = try await BistroSession(options: options)  // a debug build verifies it here
        let translations = try session.app.kitchen.resolve(Translations.self)
        let services = BistroSession.services(translations: translations, specialsURL: specials, archive: nil)
        let features = session.app.features

        /// The app of `services` and `features`, verified.
        func verify(_ services: [BistroSession.Service], _ features: [any Feature]) throws(AppVerificationError) {
            let kitchen = Kitchen()
            for service in services {
                try? service.register(kitchen)
            }
            let app = BrigadeApp(redux: Redux(initialState: BistroState()), kitchen: kitchen)
            for feature in features {
                try? app.add(feature: feature)
            }
            try app.verify()
        }
        try verify(services, features)

        var generator = SeededGenerator(state: 43)
        let depended = ["APIClient"]  // the services another declares it resolves
        for seed in 0..<100 {
            var mutated = services
            var mutatedFeatures = features
            let expected: String
            switch Int.random(in: 0..<4, using: &generator) {
            case 0:
                let removed = depended[Int.random(in: depended.indices, using: &generator)]
                mutated.removeAll { $0.name == removed }
                expected = "SpecialsService -> \(removed) (not registered)"
            case 1:
                mutated.append(
                    BistroSession.Service(name: "cycle") { kitchen in
                        try kitchen.register(APIClient.self, replacing: true, dependsOn: [SpecialsService.self]) {
                            _ in APIClient()
                        }
                    })
                expected = "(cycle)"
            case 2:
                mutated.append(
                    BistroSession.Service(name: "facet") { kitchen in
                        try kitchen.register(facet: (any MutantFacet).self, of: MutantUnregistered.self) { $0 }
                    })
                expected = "MutantFacet -> MutantUnregistered (not registered)"
            default:
                let at = Int.random(in: 0...mutatedFeatures.count, using: &generator)
                mutatedFeatures.insert(MutantOrphanFeature(), at: at)
                expected = "MutantOrphanFeature"
            }
            let error = #expect(throws: AppVerificationError.self, "mutant \(seed)") {
                try verify(mutated, mutatedFeatures)
            }
            #expect(error?.description.contains(expected) == true, "mutant \(seed): \(String(describing: error))")
        }
    }
}
