import BrigadeReactive
import Testing

// One test per row of docs/BadInput.md for BrigadeReactive's errors: the trigger, through the public API, and the
// exact text the user sees.

@Suite("Bad input: BrigadeReactive")
struct ReactiveBadInputTests {
    @Test("SignalBusError.alreadyObserving")
    func alreadyObserving() throws {
        let bus = SignalBus()
        let recorder = Recorder<Int>()
        let scanner = Scanner()
        try bus.observe(.orderPlaced, observer: scanner, handler: recorder.record)
        let error = #expect(throws: SignalBusError.self) {
            try bus.observe(.orderPlaced, observer: scanner, handler: recorder.record)
        }
        #expect(
            error?.description == "Scanner already observes signal 'orderPlaced'; the second observation was not added")
        bus.send(.orderPlaced, 1)
        #expect(recorder.values == [1])
    }
}
