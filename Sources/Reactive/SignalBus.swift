/// The name of a signal on a ``SignalBus``, carrying the type of its payload.
///
/// ```swift
/// extension SignalBus.Signal where Payload == String {
///     static let orderPlaced = SignalBus.Signal("orderPlaced")
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

/// Errors a ``SignalBus`` reports to its caller.
public enum SignalBusError: Error, Equatable, CustomStringConvertible {
    /// The scanner already scans this signal; the second scan was not added.
    case alreadyObserving(signal: String, observer: String)

    /// What went wrong, naming the signal and the scanner.
    public var description: String {
        switch self {
        case .alreadyObserving(let signal, let scanner):
            return "\(scanner) already scans signal '\(signal)'; the second scan was not added"
        }
    }
}

/// An app-wide bus of typed signals (Filzanzug's signals): scanners register for a signal, transmitters send it.
///
/// ```swift
/// let bus = SignalBus()
/// try bus.observe(.orderPlaced, observer: self) { id in print("order", id) }
/// bus.send(.orderPlaced, "42")
/// bus.stopObserving(.orderPlaced, observer: self)
/// ```
///
/// Scanners are called synchronously on the transmitting thread, in the order they started scanning. A scanner
/// object is held weakly: when it is released its scans end.
public final class SignalBus: Sendable {
    private struct Key: Hashable {
        let name: String
        let payload: ObjectIdentifier
    }

    private struct Scan: @unchecked Sendable {
        // Kept in the bus's locked state: `object` (a weak reference to a scanner of any type) is read only under
        // the bus's lock; the other members are immutable and Sendable. `handler` takes the payload as `Any` and casts
        // it back to the signal's payload type, which the `Key` guarantees.
        let scanner: ObjectIdentifier
        weak var object: AnyObject?
        let once: Bool
        let handler: @Sendable (Any) -> Void
    }

    private struct State {
        var scans: [Key: [Scan]] = [:]
    }

    private let state = Locked(State())

    /// Creates an empty bus.
    public init() {}

    /// Starts calling `handler` with the payload of every `signal` transmitted.
    ///
    /// - Throws: ``SignalBusError/alreadyObserving(signal:observer:)`` if `scanner` already scans `signal`.
    public func scan<Payload>(
        _ signal: SignalBus.Signal<Payload>,
        scanner: AnyObject,
        handler: @escaping @Sendable (Payload) -> Void
    ) throws(SignalBusError) {
        try add(signal, observer: scanner, once: false, handler: handler)
    }

    /// Like ``observe(_:observer:handler:)``, but the scan ends after the first signal.
    public func scanOnce<Payload>(
        _ signal: SignalBus.Signal<Payload>,
        scanner: AnyObject,
        handler: @escaping @Sendable (Payload) -> Void
    ) throws(SignalBusError) {
        try add(signal, observer: scanner, once: true, handler: handler)
    }

    /// Ends `scanner`'s scan of `signal`; other scanners of the signal keep scanning.
    public func stop<Payload>(_ signal: SignalBus.Signal<Payload>, observer: AnyObject) {
        let key = Self.key(signal)
        let id = ObjectIdentifier(scanner)
        state.withLock { state in
            state.scans[key]?.removeAll { $0.scanner == id }
            if state.scans[key]?.isEmpty == true {
                state.scans[key] = nil
            }
        }
    }

    /// Whether any live scanner scans `signal`.
    public func hasScanners<Payload>(_ signal: SignalBus.Signal<Payload>) -> Bool {
        state.withLock { state in
            state.scans[Self.key(signal)]?.contains { $0.object != nil } ?? false
        }
    }

    /// Sends `payload` to every scanner of `signal`, in the order they started scanning.
    public func transmit<Payload>(_ signal: SignalBus.Signal<Payload>, _ payload: Payload) {
        let key = Self.key(signal)
        let receivers = state.withLock { state -> [Scan] in
            guard var scans = state.scans[key] else { return [] }
            let live = scans.filter { $0.object != nil }
            scans = live.filter { !$0.once }
            state.scans[key] = scans.isEmpty ? nil : scans
            return live
        }
        for scan in receivers {
            scan.handler(payload)
        }
    }

    /// An asynchronous sequence of the payloads of `signal`, buffered without limit until read. The scan ends when
    /// the iteration ends or its task is cancelled.
    public func signals<Payload>(_ signal: SignalBus.Signal<Payload>) -> AsyncStream<Payload> {
        AsyncStream { continuation in
            let token = StreamToken()
            do {
                try scan(signal, observer: token) { continuation.yield($0) }
            } catch {
                continuation.finish()
                return
            }
            continuation.onTermination = { [self] _ in
                stop(signal, observer: token)
            }
        }
    }

    private func add<Payload>(
        _ signal: SignalBus.Signal<Payload>,
        scanner: AnyObject,
        once: Bool,
        handler: @escaping @Sendable (Payload) -> Void
    ) throws(SignalBusError) {
        let key = Self.key(signal)
        let id = ObjectIdentifier(scanner)
        let added = state.withLock { state -> Bool in
            var scans = (state.scans[key] ?? []).filter { $0.object != nil }
            if scans.contains(where: { $0.scanner == id }) {
                return false
            }
            let scan = Scan(scanner: id, object: scanner, once: once) { payload in
                if let payload = payload as? Payload {
                    handler(payload)
                }
            }
            scans.append(scan)
            state.scans[key] = scans
            return true
        }
        if !added {
            throw .alreadyObserving(signal: signal.name, observer: String(describing: type(of: scanner)))
        }
    }

    private static func key<Payload>(_ signal: SignalBus.Signal<Payload>) -> Key {
        Key(name: signal.name, payload: ObjectIdentifier(Payload.self))
    }

    /// The scanner object behind a ``signals(_:)`` stream; the stream's termination handler keeps it alive.
    private final class StreamToken: Sendable {}
}
