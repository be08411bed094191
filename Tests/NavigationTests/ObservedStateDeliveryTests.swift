import BrigadeNavigation
import BrigadeReactive
import Foundation
import Observation
import Testing

/// Two members, to read one of them for the first time during a delivery.
struct Pair: Sendable, Equatable {
    var a = 0
    var b = 0
}

/// The values read inside `onChange` handlers, which may run on any thread.
final class ReadLog: @unchecked Sendable {
    // `lock` guards `entries`.
    private let lock = NSLock()
    private var entries: [Int] = []

    var values: [Int] { lock.withLock { entries } }

    func append(_ value: Int) { lock.withLock { entries.append(value) } }
}

@Suite("ObservedState: a member read while a new value is delivered")
struct ObservedStateDeliveryTests {
    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @Test("a member read for the first time inside the delivery (an onChange) reads the new value")
    func firstReadDuringDeliveryReadsNewValue() {
        let property = ObservableProperty(Pair())
        let state = ObservedState(property)
        let reads = ReadLog()
        withObservationTracking {
            _ = state.value
        } onChange: {
            reads.append(state.a)
        }
        property.value = Pair(a: 1, b: 0)
        #expect(reads.values == [1])
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @Test("a view re-armed inside the delivery reads the new value and is told about the next change")
    func rearmedDuringDeliveryIsTold() {
        let property = ObservableProperty(Pair())
        let state = ObservedState(property)
        let reads = ReadLog()
        let rearmed = ChangeCounter()
        withObservationTracking {
            _ = state.value
        } onChange: {
            reads.append(rearmed.track { state.a })
        }
        property.value = Pair(a: 1, b: 0)
        #expect(reads.values == [1])
        #expect(rearmed.count == 0)
        property.value = Pair(a: 2, b: 0)
        #expect(rearmed.count == 1)
        #expect(state.a == 2)
    }
}
