import BrigadeInspector
import BrigadeRedux
import Foundation
import Testing

// One test per row of docs/BadInput.md for BrigadeInspector's errors: the trigger, through the public API, and the
// exact text the user sees. A reason that quotes Foundation's own error text is checked up to that quote.

/// A hello line of a session file, of `version`.
func helloLine(version: Int = 1) -> String {
    #"{"app":"Kitchen","kind":"hello","ringSize":10,"sessionID":"s","startTime":0,"stateIsCodable":true,"#
        + #""stateType":"KitchenState","version":\#(version)}"#
}

/// An event line of a session file: an action of `seq`.
func actionLine(seq: Int) -> String {
    #"{"event":{"action":"Close","seq":\#(seq),"state":{"open":false,"orders":[]},"time":0,"type":"action"},"#
        + #""kind":"event"}"#
}

@Suite("Bad input: BrigadeInspector")
@MainActor
struct InspectorBadInputTests {
    /// The text of the error reading `text` as a session file throws.
    func readError(_ text: String) -> String? {
        let error = #expect(throws: InspectorError.self) { try InspectorSession(data: Data(text.utf8)) }
        return error?.description
    }

    @Test("InspectorError.empty")
    func empty() {
        #expect(readError("") == "the session file is empty")
    }

    @Test("InspectorError.truncated")
    func truncated() {
        let text = helloLine() + "\n" + actionLine(seq: 1) + "\n" + String(actionLine(seq: 2).dropLast(9))
        #expect(readError(text) == "line 3: the session file is cut off here (it was copied while it was written?)")
    }

    @Test("InspectorError.newerVersion")
    func newerVersion() {
        #expect(
            readError(helloLine(version: 9) + "\n")
                == "line 1: the session is version 9, this Brigade reads up to version 1")
    }

    @Test("InspectorError.invalidLine")
    func invalidLine() {
        #expect(readError(helloLine() + "\nnot an event\n") == "line 2: not JSON")
    }

    @Test("InspectorError.outOfOrder")
    func outOfOrder() {
        let text = helloLine() + "\n" + actionLine(seq: 2) + "\n" + actionLine(seq: 1) + "\n"
        #expect(readError(text) == "line 3: seq 1 comes after seq 2; events must be in order")
    }

    @Test("InspectorError.unreadable")
    func unreadable() {
        let path = "/nonexistent-\(UUID())/Kitchen.brigade-session"
        let error = #expect(throws: InspectorError.self) {
            try InspectorSession(contentsOf: URL(fileURLWithPath: path))
        }
        #expect(error?.description.hasPrefix("cannot read \(path): ") == true)
    }

    @Test("InspectorError.unwritable")
    func unwritable() async throws {
        let session = try InspectorSession(data: Data((helloLine() + "\n" + actionLine(seq: 1) + "\n").utf8))
        let path = "/nonexistent-\(UUID())/Kitchen.brigade-session"
        let error = #expect(throws: InspectorError.self) { try session.write(to: URL(fileURLWithPath: path)) }
        #expect(error?.description.hasPrefix("cannot write \(path): ") == true)
    }

    @Test("InspectorError.unencodable")
    func unencodable() throws {
        var session = try InspectorSession(data: Data((helloLine() + "\n" + actionLine(seq: 1) + "\n").utf8))
        session.events[0].payload = .number(.nan)
        let error = #expect(throws: InspectorError.self) { try session.data() }
        #expect(error?.description.hasPrefix("cannot encode an event: ") == true)
    }

    @Test("InspectorError.commandFailed")
    func commandFailed() {
        let store = makeStore()
        let inspector = Inspector()
        inspector.attach(to: store)
        let error = #expect(throws: InspectorError.self) { try inspector.dispatch("Teleport", payload: [:]) }
        #expect(
            error?.description
                == "the command could not be done: no reducer of the store handles an action named Teleport that "
                + "decodes from JSON")
        #expect(store.currentState == KitchenState())
    }

    @Test("InspectorError.noSuchState")
    func noSuchState() async {
        let store = makeStore()
        let inspector = Inspector(ringSize: 3)
        inspector.attach(to: store)
        for dish in ["a", "b", "c", "d"] {
            store.dispatch(PlaceOrder(dish: dish))
        }
        let before = store.currentState
        // A refusal is an event of its own (seq 6): the three newest events are then 4, 5 and 6, and the error names
        // the states a travel can reach after it.
        let error = await #expect(throws: InspectorError.noSuchState(seq: 1, oldest: 4, newest: 5)) {
            try await inspector.travel(to: 1)
        }
        #expect(error?.description == "no state after seq 1: the app keeps the states of seqs 4 to 5")
        await #expect(throws: InspectorError.noSuchState(seq: 99, oldest: 5, newest: 5)) {
            try await inspector.travel(to: 99)
        }
        #expect(store.currentState == before)
        #expect(
            InspectorError.noSuchState(seq: 1, oldest: nil, newest: nil).description
                == "no state after seq 1: nothing was recorded")
    }
}
