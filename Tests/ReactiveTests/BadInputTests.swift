import BrigadeReactive
import Testing

// One test per row of docs/BadInput.md for BrigadeReactive's errors: the trigger, through the public API, and the
// exact text the user sees.

@Suite("Bad input: BrigadeReactive")
struct ReactiveBadInputTests {
    @Test("SignalBusError.alreadyScanning")
    func alreadyScanning() throws {
        let bus = SignalBus()
        let recorder = Recorder<Int>()
        let scanner = Scanner()
        try bus.scan(.orderPlaced, scanner: scanner, handler: recorder.record)
        let error = #expect(throws: SignalBusError.self) {
            try bus.scan(.orderPlaced, scanner: scanner, handler: recorder.record)
        }
        #expect(error?.description == "Scanner already scans signal 'orderPlaced'; the second scan was not added")
        bus.transmit(.orderPlaced, 1)
        #expect(recorder.values == [1])
    }
}
