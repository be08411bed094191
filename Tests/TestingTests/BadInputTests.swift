import BrigadeInspector
import BrigadeRedux
import BrigadeTesting
import Foundation
import Testing

// One test per row of docs/BadInput.md for the errors replaying a session through BrigadeTesting's InspectorReplay
// throws (they are BrigadeInspector's InspectorError cases): the trigger, through the public API, and the exact text.

@Suite("Bad input: InspectorReplay")
@MainActor
struct InspectorReplayBadInputTests {
    /// A session of Tab: `@initial`, then `AddItem("tea")` with `state` as its recorded state.
    func session(state: String) throws -> InspectorSession {
        let text = """
            {"app":"Tab","kind":"hello","ringSize":10,"sessionID":"s","startTime":0,"stateIsCodable":true,\
            "stateType":"Tab","version":1}
            {"event":{"action":"@initial","seq":1,"state":{"items":[],"paid":false,"total":0},"time":0,\
            "type":"action"},"kind":"event"}
            {"event":{"action":"AddItem","payload":{"name":"tea"},"seq":2,"state":\(state),"time":1,\
            "type":"action"},"kind":"event"}

            """
        return try InspectorSession(data: Data(text.utf8))
    }

    @Test("InspectorError.unknownAction")
    func unknownAction() async throws {
        let recorded = try session(state: #"{"items":["tea"],"paid":false,"total":5}"#)
        let store = TestStore(initialState: Tab()) { registerTab($0) }
        let error = await #expect(throws: InspectorError.self) {
            try await InspectorReplay.check(session: recorded, store: store, registry: ActionRegistry())
        }
        #expect(error?.description == "line 3: action AddItem is not in the registry, so it cannot be replayed")
    }

    @Test("InspectorError.undecodableState")
    func undecodableState() async throws {
        let recorded = try session(state: #"{"items":"tea"}"#)
        let registry = ActionRegistry()
        registry.register(AddItem.self)
        let store = TestStore(initialState: Tab()) { registerTab($0) }
        let error = await #expect(throws: InspectorError.self) {
            try await InspectorReplay.check(session: recorded, store: store, registry: registry)
        }
        #expect(
            error?.description.hasPrefix("seq 2: the recorded state does not decode as the state type: ") == true)
    }
}
