import BrigadeReactive
import Testing

extension SignalBus.Signal where Payload == Int {
    static let orderPlaced = SignalBus.Signal("orderPlaced")
}

extension SignalBus.Signal where Payload == String {
    static let orderPlacedByName = SignalBus.Signal("orderPlaced")
}

final class Scanner: Sendable {}

@Suite("SignalBus")
struct SignalBusTests {
    @Test("scanners receive transmitted payloads in scan order")
    func scanAndTransmit() throws {
        let bus = SignalBus()
        let recorder = Recorder<String>()
        let first = Scanner()
        let second = Scanner()
        try bus.observe(.orderPlaced, observer: first) { recorder.record("first \($0)") }
        try bus.observe(.orderPlaced, observer: second) { recorder.record("second \($0)") }
        bus.send(.orderPlaced, 42)
        #expect(recorder.values == ["first 42", "second 42"])
    }

    @Test("signals with one name but different payload types are different signals")
    func payloadTypeIsPartOfTheSignal() throws {
        let bus = SignalBus()
        let recorder = Recorder<String>()
        let scanner = Scanner()
        try bus.observe(.orderPlacedByName, observer: scanner) { recorder.record($0) }
        bus.send(.orderPlaced, 1)
        #expect(recorder.values.isEmpty)
        #expect(!bus.hasObservers(.orderPlaced))
        #expect(bus.hasObservers(.orderPlacedByName))
    }

    @Test("scanOnce receives one signal only")
    func scanOnce() throws {
        let bus = SignalBus()
        let recorder = Recorder<Int>()
        let scanner = Scanner()
        try bus.observeOnce(.orderPlaced, observer: scanner, handler: recorder.record)
        bus.send(.orderPlaced, 1)
        bus.send(.orderPlaced, 2)
        #expect(recorder.values == [1])
        #expect(!bus.hasObservers(.orderPlaced))
    }

    @Test("stop removes only that scanner")
    func stopRemovesOnlyThatScanner() throws {
        let bus = SignalBus()
        let recorder = Recorder<String>()
        let first = Scanner()
        let second = Scanner()
        try bus.observe(.orderPlaced, observer: first) { recorder.record("first \($0)") }
        try bus.observe(.orderPlaced, observer: second) { recorder.record("second \($0)") }
        bus.stopObserving(.orderPlaced, observer: first)
        bus.send(.orderPlaced, 7)
        #expect(recorder.values == ["second 7"])
        #expect(bus.hasObservers(.orderPlaced))
    }

    @Test("scanning twice with the same scanner is reported, not doubled")
    func duplicateScanner() throws {
        let bus = SignalBus()
        let recorder = Recorder<Int>()
        let scanner = Scanner()
        try bus.observe(.orderPlaced, observer: scanner, handler: recorder.record)
        #expect(throws: SignalBusError.alreadyObserving(signal: "orderPlaced", observer: "Scanner")) {
            try bus.observe(.orderPlaced, observer: scanner, handler: recorder.record)
        }
        bus.send(.orderPlaced, 3)
        #expect(recorder.values == [3])
    }

    @Test("a released scanner's scan ends")
    func releasedScanner() throws {
        let bus = SignalBus()
        let recorder = Recorder<Int>()
        var scanner: Scanner? = Scanner()
        if let scanner {
            try bus.observe(.orderPlaced, observer: scanner, handler: recorder.record)
        }
        scanner = nil
        #expect(!bus.hasObservers(.orderPlaced))
        bus.send(.orderPlaced, 1)
        #expect(recorder.values.isEmpty)
    }

    @Test("signals(_:) is an AsyncSequence of payloads")
    func asyncSignals() async {
        let bus = SignalBus()
        var iterator = bus.signals(.orderPlaced).makeAsyncIterator()
        #expect(bus.hasObservers(.orderPlaced))
        bus.send(.orderPlaced, 5)
        bus.send(.orderPlaced, 6)
        #expect(await iterator.next() == 5)
        #expect(await iterator.next() == 6)
    }
}
