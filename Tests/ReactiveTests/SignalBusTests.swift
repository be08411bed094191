import BrigadeReactive
import Testing

extension Signal where Payload == Int {
    static let orderPlaced = Signal("orderPlaced")
}

extension Signal where Payload == String {
    static let orderPlacedByName = Signal("orderPlaced")
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
        try bus.scan(.orderPlaced, scanner: first) { recorder.record("first \($0)") }
        try bus.scan(.orderPlaced, scanner: second) { recorder.record("second \($0)") }
        bus.transmit(.orderPlaced, 42)
        #expect(recorder.values == ["first 42", "second 42"])
    }

    @Test("signals with one name but different payload types are different signals")
    func payloadTypeIsPartOfTheSignal() throws {
        let bus = SignalBus()
        let recorder = Recorder<String>()
        let scanner = Scanner()
        try bus.scan(.orderPlacedByName, scanner: scanner) { recorder.record($0) }
        bus.transmit(.orderPlaced, 1)
        #expect(recorder.values.isEmpty)
        #expect(!bus.hasScanners(.orderPlaced))
        #expect(bus.hasScanners(.orderPlacedByName))
    }

    @Test("scanOnce receives one signal only")
    func scanOnce() throws {
        let bus = SignalBus()
        let recorder = Recorder<Int>()
        let scanner = Scanner()
        try bus.scanOnce(.orderPlaced, scanner: scanner, handler: recorder.record)
        bus.transmit(.orderPlaced, 1)
        bus.transmit(.orderPlaced, 2)
        #expect(recorder.values == [1])
        #expect(!bus.hasScanners(.orderPlaced))
    }

    @Test("stop removes only that scanner")
    func stopRemovesOnlyThatScanner() throws {
        let bus = SignalBus()
        let recorder = Recorder<String>()
        let first = Scanner()
        let second = Scanner()
        try bus.scan(.orderPlaced, scanner: first) { recorder.record("first \($0)") }
        try bus.scan(.orderPlaced, scanner: second) { recorder.record("second \($0)") }
        bus.stop(.orderPlaced, scanner: first)
        bus.transmit(.orderPlaced, 7)
        #expect(recorder.values == ["second 7"])
        #expect(bus.hasScanners(.orderPlaced))
    }

    @Test("scanning twice with the same scanner is reported, not doubled")
    func duplicateScanner() throws {
        let bus = SignalBus()
        let recorder = Recorder<Int>()
        let scanner = Scanner()
        try bus.scan(.orderPlaced, scanner: scanner, handler: recorder.record)
        #expect(throws: SignalBusError.alreadyScanning(signal: "orderPlaced", scanner: "Scanner")) {
            try bus.scan(.orderPlaced, scanner: scanner, handler: recorder.record)
        }
        bus.transmit(.orderPlaced, 3)
        #expect(recorder.values == [3])
    }

    @Test("a released scanner's scan ends")
    func releasedScanner() throws {
        let bus = SignalBus()
        let recorder = Recorder<Int>()
        var scanner: Scanner? = Scanner()
        if let scanner {
            try bus.scan(.orderPlaced, scanner: scanner, handler: recorder.record)
        }
        scanner = nil
        #expect(!bus.hasScanners(.orderPlaced))
        bus.transmit(.orderPlaced, 1)
        #expect(recorder.values.isEmpty)
    }

    @Test("signals(_:) is an AsyncSequence of payloads")
    func asyncSignals() async {
        let bus = SignalBus()
        var iterator = bus.signals(.orderPlaced).makeAsyncIterator()
        #expect(bus.hasScanners(.orderPlaced))
        bus.transmit(.orderPlaced, 5)
        bus.transmit(.orderPlaced, 6)
        #expect(await iterator.next() == 5)
        #expect(await iterator.next() == 6)
    }
}
