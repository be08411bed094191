import BrigadeInspector
import Foundation

/// What `brigade-tool inspect` knows of the inspected app: its hello and its events, de-duplicated by seq (an app
/// that reconnects sends its ring again), at most ``limit`` of them, and whether it is connected now. Thread-safe:
/// the app's connection writes, the page's requests read and wait.
final class InspectorSessionStore: @unchecked Sendable {
    // `condition` guards every stored property below it; waiters sleep on it until a change.
    private let condition = NSCondition()
    private var hello: InspectorHello?
    private var events: [InspectorEvent] = []
    private var connected = false

    /// How many events are kept: the oldest go first.
    let limit: Int

    init(limit: Int = 100_000) {
        self.limit = max(1, limit)
    }

    /// An app said hello: a new session starts unless it is the one already shown (a reconnection).
    func begin(_ newHello: InspectorHello) {
        change {
            if hello?.sessionID != newHello.sessionID {
                events = []
            }
            hello = newHello
            connected = true
        }
    }

    /// Adds `event` unless an event of its seq is already there.
    func add(_ event: InspectorEvent) {
        change {
            if let last = events.last, event.seq <= last.seq {
                return  // a re-sent event: the ring again after a reconnection
            }
            events.append(event)
            if events.count > limit {
                events.removeFirst(events.count - limit)
            }
        }
    }

    /// The app went away.
    func disconnected() {
        change { connected = false }
    }

    /// The hello, the events after seq `since`, and whether the app is connected; when nothing is newer than `since`
    /// and the connection is still `wasConnected`, waits up to `timeout` seconds for a change first.
    func events(
        since: Int, wasConnected: Bool? = nil, timeout: TimeInterval = 0
    ) -> (hello: InspectorHello?, events: [InspectorEvent], connected: Bool) {
        condition.lock()
        defer { condition.unlock() }
        let deadline = Date(timeIntervalSinceNow: timeout)
        while (events.last?.seq ?? 0) <= since, wasConnected.map({ $0 == connected }) ?? true,
            condition.wait(until: deadline)
        {}
        let start = events.firstIndex { $0.seq > since } ?? events.endIndex
        return (hello, Array(events[start...]), connected)
    }

    /// The session so far, or `nil` before any app said hello.
    func session() -> InspectorSession? {
        condition.lock()
        defer { condition.unlock() }
        return hello.map { InspectorSession(hello: $0, events: events) }
    }

    private func change(_ body: () -> Void) {
        condition.lock()
        body()
        condition.broadcast()
        condition.unlock()
    }
}
