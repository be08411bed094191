import BrigadeRedux
import Foundation
import Testing

@Suite("ActionLog once full")
@MainActor
struct ActionLogRingTests {
    /// A clock that ticks one second per reading, so each entry's time tells its recording order.
    private final class TickingClock: @unchecked Sendable {
        // `lock` guards `tick`.
        private let lock = NSLock()
        private var tick = 0

        func now() -> Date {
            lock.withLock {
                tick += 1
                return Date(timeIntervalSince1970: Double(tick))
            }
        }
    }

    private func tickingClock() -> @Sendable () -> Date {
        let clock = TickingClock()
        return { clock.now() }
    }

    @Test("after wrapping several times the log holds the newest `limit` entries, oldest first, with their origins")
    func orderAfterWrapping() {
        let log = ActionLog(limit: 4, clock: tickingClock())
        for position in 0..<23 {
            let origin = position.isMultiple(of: 3) ? EffectOrigin(id: "e\(position)", startedBy: "S", serial: 1) : nil
            log.record(Cursor(position: position), effect: origin)
            let expected = Array(max(0, position - 3)...position)
            #expect(log.entries.compactMap { ($0.action as? Cursor)?.position } == expected)
        }
        #expect(log.entries.map(\.time.timeIntervalSince1970) == [20, 21, 22, 23])
        #expect(log.entries.map { $0.effect?.id } == [nil, nil, "e21", nil])
        #expect(log.unexportableCount == 0)
        log.clear()
        #expect(log.entries.isEmpty)
        log.record(Cursor(position: 99))
        #expect(log.entries.compactMap { ($0.action as? Cursor)?.position } == [99])
    }

    @Test("a log of limit 1 keeps only the newest entry")
    func limitOne() {
        let log = ActionLog(limit: 0)
        #expect(log.limit == 1)
        for position in 0..<5 {
            log.record(Cursor(position: position))
        }
        #expect(log.entries.compactMap { ($0.action as? Cursor)?.position } == [4])
    }

    @Test("a diagnostic after wrapping goes with the newest entry")
    func diagnosticsAfterWrapping() {
        let log = ActionLog(limit: 3, clock: { Date(timeIntervalSince1970: 0) })
        let store = makeEditor(middleware: [log.middleware()])
        log.attach(to: store)
        for position in 0..<7 {
            store.dispatch(Cursor(position: position))
        }
        store.dispatch(HistoryAction.Undo())
        store.dispatch(Cursor(position: 7))
        #expect(log.entries.map(\.diagnostics) == [[], [.nothingToUndo], []])
        #expect(log.entries.map { String(describing: type(of: $0.action)) } == ["Cursor", "Undo", "Cursor"])
    }

    @Test("a wrapped log replays its kept actions in order")
    func replayWrapped() throws {
        let log = ActionLog(limit: 5)
        let store = makeEditor(middleware: [log.middleware()])
        for letter in "abcdefghijklmnopqrstuvwxyz" {
            store.dispatch(Type(text: String(letter)))
        }
        let registry = ActionRegistry()
        registry.register(Type.self)
        let replayed = makeEditor()
        try ActionLog.replay(try log.exportJSON(), registry: registry, into: replayed)
        #expect(replayed.currentState.text == "vwxyz")
        #expect(log.entries.compactMap { ($0.action as? Type)?.text } == ["v", "w", "x", "y", "z"])
    }
}
