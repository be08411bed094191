import BrigadeReactive
import Testing

extension SignalBus.Signal where Payload == Int {
    static let orderPlaced = Self("orderPlaced")
}

extension SignalBus.Signal where Payload == String {
    static let orderPlacedByName = Self("orderPlaced")
}

final class Scanner: Sendable {}

@Suite("SignalBus")
struct SignalBusTests {
    @Test("observers receive sent payloads in the order they started observing")
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

    @Test("observeOnce receives one signal only")
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

    @Test("stopObserving removes only that observer")
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

    @Test("observing twice with the same observer is reported, not doubled")
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

    @Test("a released observer's observation ends")
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

    @Test("signals(_:buffering:) keeps only what its policy allows while the reader is busy")
    func boundedSignals() async {
        let bus = SignalBus()
        var iterator = bus.signals(.orderPlaced, buffering: .bufferingNewest(2)).makeAsyncIterator()
        for order in 1...1_000 {
            bus.send(.orderPlaced, order)
        }
        #expect(await iterator.next() == 999)
        #expect(await iterator.next() == 1_000)
        bus.send(.orderPlaced, 1_001)
        #expect(await iterator.next() == 1_001)
    }
}
