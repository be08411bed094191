import BistroKit
import BrigadeInspector
import BrigadeTesting
import Foundation
import Testing

@Suite("Bistro for the inspector's tools: --live and the replayed store")
@MainActor
struct InspectedStoreTests {
    @Test("--live is an option, off by default")
    func liveOption() throws {
        #expect(try BistroOptions(arguments: ["--live"], environment: [:]).live)
        #expect(try !BistroOptions(arguments: [], environment: [:]).live)
    }

    @Test("a recorded session replays through makeInspectedStore() and makeActionRegistry() to the recorded states")
    func replay() async throws {
        let session = try InspectorSession(
            data: Data(
                """
                {"app":"Bistro","kind":"hello","ringSize":10,"sessionID":"s","startTime":0,"stateIsCodable":true,\
                "stateType":"BistroState","version":1}
                {"event":{"action":"@initial","seq":1,"state":{"language":"en","order":[],"placedOrders":[],\
                "specials":{"loading":{}}},"time":0,"type":"action"},"kind":"event"}
                {"event":{"action":"AddDish","payload":{"dish":"soup","quantity":2},"seq":2,"state":{"language":"en",\
                "order":[{"dish":"soup","quantity":2}],"placedOrders":[],"specials":{"loading":{}}},"time":1,\
                "type":"action"},"kind":"event"}
                {"event":{"action":"SetLanguage","payload":{"code":"de"},"seq":3,"state":{"language":"de",\
                "order":[{"dish":"soup","quantity":2}],"placedOrders":[],"specials":{"loading":{}}},"time":2,\
                "type":"action"},"kind":"event"}

                """.utf8))
        let outcome = try await InspectorReplay.check(
            session: session, store: TestStore(store: makeInspectedStore()), registry: makeActionRegistry())
        #expect(outcome.replayed == 2)
        #expect(outcome.divergence == nil)
    }
}
