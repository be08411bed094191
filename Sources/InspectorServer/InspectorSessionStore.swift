import BrigadeInspector
import Foundation

/// What `brigade-tool inspect` knows of the inspected app: its hello and its events, de-duplicated by seq (an app
/// that reconnects sends its ring again), at most ``limit`` of them, and whether it is connected now. Thread-safe:
/// the app's connection writes, the page's requests read and wait.
final class InspectorSessionStore: @unchecked Sendable {
    /// What a page asking for events gets.
    struct Page {
        /// The app's hello, or `nil` before any app connected.
        var hello: InspectorHello?
        /// The events after the seq asked for, oldest first, at most the count asked for.
        var events: [InspectorEvent]
        /// Whether the app is connected now.
        var connected: Bool
        /// The newest seq when the page last asked the app to resume, or `nil`: a page that reloads knows that the
        /// travel before it was left (the app sends no event for a resume).
        var resumedAt: Int?
        /// What the page should say of the session shown: the lines of an opened file that were left out.
        var notes: [String]
    }

    // `condition` is the lock: it guards every stored property below it, and a page's long poll sleeps on it until
    // a change (BrigadeLocking's `Locked` has no condition to wait on, so the properties sit here behind it).
    private let condition = NSCondition()
    private var hello: InspectorHello?
    private var events: [InspectorEvent] = []
    private var connected = false
    private var resumedAt: Int?
    private var notes: [String] = []

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
                resumedAt = nil
                notes = []
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
            // Drop the oldest in batches of a tenth of the limit, so that a full session does not move every event
            // on every new one.
            if events.count > limit + limit / 10 {
                events.removeFirst(events.count - limit)
            }
        }
    }

    /// Shows `session`, read from a file, as if its app had sent it and gone; `notes` say what was left out.
    func open(_ session: InspectorSession, notes newNotes: [String]) {
        change {
            hello = session.hello
            events = Array(session.events.suffix(limit))
            connected = false
            resumedAt = nil
            notes = newNotes
        }
    }

    /// The app went away.
    func disconnected() {
        change { connected = false }
    }

    /// The page asked the app to resume.
    func resumed() {
        change { resumedAt = events.last?.seq ?? 0 }
    }

    /// The hello, at most `count` events after seq `since`, and whether the app is connected; when nothing is newer
    /// than `since` and the connection is still `wasConnected`, waits up to `timeout` seconds for a change first.
    func events(since: Int, count: Int = .max, wasConnected: Bool? = nil, timeout: TimeInterval = 0) -> Page {
        condition.lock()
        defer { condition.unlock() }
        let deadline = Date(timeIntervalSinceNow: timeout)
        while (events.last?.seq ?? 0) <= since, wasConnected.map({ $0 == connected }) ?? true,
            condition.wait(until: deadline)
        {}
        // The seqs increase: the first event after `since` by bisection.
        var low = events.startIndex
        var high = events.endIndex
        while low < high {
            let middle = (low + high) / 2
            if events[middle].seq <= since { low = middle + 1 } else { high = middle }
        }
        let end = low + min(max(count, 1), events.endIndex - low)
        return Page(
            hello: hello, events: Array(events[low..<end]), connected: connected, resumedAt: resumedAt, notes: notes)
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
