import BrigadeLocking

/// Errors a ``SignalBus`` reports to its caller.
public enum SignalBusError: Error, Equatable, CustomStringConvertible {
    /// The observer already observes this signal; the second observation was not added.
    case alreadyObserving(signal: String, observer: String)

    /// What went wrong, naming the signal and the observer.
    public var description: String {
        switch self {
        case .alreadyObserving(let signal, let observer):
            return "\(observer) already observes signal '\(signal)'; the second observation was not added"
        }
    }
}

/// An app-wide bus of typed signals: observers register for a signal, any code sends it.
///
/// ```swift
/// let bus = SignalBus()
/// try bus.observe(.orderPlaced, observer: self) { id in print("order", id) }
/// bus.send(.orderPlaced, "42")
/// bus.stopObserving(.orderPlaced, observer: self)
/// ```
///
/// Observers are called synchronously on the sending thread, in the order they started observing. An observer object
/// is held weakly: when it is released its observations end.
public final class SignalBus: Sendable {
    /// The name of a signal on a ``SignalBus``, carrying the type of its payload.
    ///
    /// ```swift
    /// extension SignalBus.Signal where Payload == String {
    ///     static let orderPlaced = Self("orderPlaced")
    /// }
    /// ```
    public struct Signal<Payload: Sendable>: Hashable, Sendable, CustomStringConvertible {
        /// The signal's name; two signals with the same name and payload type are the same signal.
        public let name: String

        /// Creates the signal called `name`.
        public init(_ name: String) {
            self.name = name
        }

        /// The name and the payload type, as in `orderPlaced(String)`.
        public var description: String {
            "\(name)(\(Payload.self))"
        }
    }

    private struct Key: Hashable {
        let name: String
        let payload: ObjectIdentifier
    }

    private struct Observation: @unchecked Sendable {
        // Kept in the bus's locked state: `object` (a weak reference to an observer of any type) is read only under
        // the bus's lock; the other members are immutable and Sendable. `handler` takes the payload as `Any` and casts
        // it back to the signal's payload type, which the `Key` guarantees.
        let observer: ObjectIdentifier
        weak var object: AnyObject?
        let once: Bool
        let handler: @Sendable (Any) -> Void
    }

    private struct State {
        var observations: [Key: [Observation]] = [:]
    }

    private let state = Locked(State())

    /// Creates an empty bus.
    public init() {}

    /// Starts calling `handler` with the payload of every `signal` sent.
    ///
    /// - Throws: ``SignalBusError/alreadyObserving(signal:observer:)`` if `observer` already observes `signal`.
    public func observe<Payload>(
        _ signal: SignalBus.Signal<Payload>,
        observer: AnyObject,
        handler: @escaping @Sendable (Payload) -> Void
    ) throws(SignalBusError) {
        try add(signal, observer: observer, once: false, handler: handler)
    }

    /// Like ``observe(_:observer:handler:)``, but the observation ends after the first signal.
    ///
    /// - Throws: ``SignalBusError/alreadyObserving(signal:observer:)`` if `observer` already observes `signal`.
    public func observeOnce<Payload>(
        _ signal: SignalBus.Signal<Payload>,
        observer: AnyObject,
        handler: @escaping @Sendable (Payload) -> Void
    ) throws(SignalBusError) {
        try add(signal, observer: observer, once: true, handler: handler)
    }

    /// Ends `observer`'s observation of `signal`; other observers of the signal keep observing.
    public func stopObserving<Payload>(_ signal: SignalBus.Signal<Payload>, observer: AnyObject) {
        let key = Self.key(signal)
        let id = ObjectIdentifier(observer)
        state.withLock { state in
            state.observations[key]?.removeAll { $0.observer == id }
            if state.observations[key]?.isEmpty == true {
                state.observations[key] = nil
            }
        }
    }

    /// Whether any live observer observes `signal`.
    public func hasObservers<Payload>(_ signal: SignalBus.Signal<Payload>) -> Bool {
        state.withLock { state in
            state.observations[Self.key(signal)]?.contains { $0.object != nil } ?? false
        }
    }

    /// Sends `payload` to every observer of `signal`, in the order they started observing.
    public func send<Payload>(_ signal: SignalBus.Signal<Payload>, _ payload: Payload) {
        let key = Self.key(signal)
        let receivers = state.withLock { state -> [Observation] in
            guard var observations = state.observations[key] else { return [] }
            let live = observations.filter { $0.object != nil }
            observations = live.filter { !$0.once }
            state.observations[key] = observations.isEmpty ? nil : observations
            return live
        }
        for observation in receivers {
            observation.handler(payload)
        }
    }

    /// An asynchronous sequence of the payloads of `signal`. The observation ends when the iteration ends or its task
    /// is cancelled.
    ///
    /// Signals are events, not values, so by default every payload is kept until read: a reader that falls behind
    /// gets them all, in order, and holds them in memory meanwhile. Give a bounded policy where a reader may fall far
    /// behind and some signals may be skipped:
    ///
    /// ```swift
    /// for await order in bus.signals(.orderPlaced, buffering: .bufferingNewest(100)) { show(order) }
    /// ```
    /// - Parameters:
    ///   - signal: The signal whose payloads the sequence yields.
    ///   - buffering: What the sequence keeps while its reader is busy: `.unbounded` (the default), or the newest or
    ///     oldest payloads up to a limit.
    public func signals<Payload>(
        _ signal: SignalBus.Signal<Payload>,
        buffering: AsyncStream<Payload>.Continuation.BufferingPolicy = .unbounded
    ) -> AsyncStream<Payload> {
        AsyncStream(bufferingPolicy: buffering) { continuation in
            let token = StreamToken()
            do {
                try observe(signal, observer: token) { continuation.yield($0) }
            } catch {
                continuation.finish()
                return
            }
            continuation.onTermination = { [self] _ in
                stopObserving(signal, observer: token)
            }
        }
    }

    private func add<Payload>(
        _ signal: SignalBus.Signal<Payload>,
        observer: AnyObject,
        once: Bool,
        handler: @escaping @Sendable (Payload) -> Void
    ) throws(SignalBusError) {
        let key = Self.key(signal)
        let id = ObjectIdentifier(observer)
        let added = state.withLock { state -> Bool in
            var observations = (state.observations[key] ?? []).filter { $0.object != nil }
            if observations.contains(where: { $0.observer == id }) {
                return false
            }
            let observation = Observation(observer: id, object: observer, once: once) { payload in
                if let payload = payload as? Payload {
                    handler(payload)
                }
            }
            observations.append(observation)
            state.observations[key] = observations
            return true
        }
        if !added {
            throw .alreadyObserving(signal: signal.name, observer: String(describing: type(of: observer)))
        }
    }

    private static func key<Payload>(_ signal: SignalBus.Signal<Payload>) -> Key {
        Key(name: signal.name, payload: ObjectIdentifier(Payload.self))
    }

    /// The observer object behind a ``signals(_:buffering:)`` stream; the stream's termination handler keeps it alive.
    private final class StreamToken: Sendable {}
}
