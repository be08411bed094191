// The names Brigade used before issue 26 (docs/Glossary.md says where they came from) for what this module now calls
// by descriptive names. Each is deprecated: code written for them compiles, with a warning that names the
// replacement. A type alias must live in the module of the type it names, so every module with renamed names has its
// own VISPERNames.swift.

/// The earlier name of ``SignalBus/Signal``.
@available(*, deprecated, renamed: "SignalBus.Signal")
public typealias Signal<Payload: Sendable> = SignalBus.Signal<Payload>

extension SignalBusError {
    /// The earlier name of ``alreadyObserving(signal:observer:)``; it makes that case (matching needs the new name).
    @available(*, deprecated, renamed: "alreadyObserving(signal:observer:)")
    public static func alreadyScanning(signal: String, scanner: String) -> SignalBusError {
        .alreadyObserving(signal: signal, observer: scanner)
    }
}

extension SignalBus {
    /// The earlier name of ``observe(_:observer:handler:)``.
    ///
    /// - Throws: ``SignalBusError/alreadyObserving(signal:observer:)`` if `scanner` already observes `signal`.
    @available(*, deprecated, renamed: "observe(_:observer:handler:)")
    public func scan<Payload>(
        _ signal: SignalBus.Signal<Payload>,
        scanner: AnyObject,
        handler: @escaping @Sendable (Payload) -> Void
    ) throws(SignalBusError) {
        try observe(signal, observer: scanner, handler: handler)
    }

    /// The earlier name of ``observeOnce(_:observer:handler:)``.
    ///
    /// - Throws: ``SignalBusError/alreadyObserving(signal:observer:)`` if `scanner` already observes `signal`.
    @available(*, deprecated, renamed: "observeOnce(_:observer:handler:)")
    public func scanOnce<Payload>(
        _ signal: SignalBus.Signal<Payload>,
        scanner: AnyObject,
        handler: @escaping @Sendable (Payload) -> Void
    ) throws(SignalBusError) {
        try observeOnce(signal, observer: scanner, handler: handler)
    }

    /// The earlier name of ``stopObserving(_:observer:)``.
    @available(*, deprecated, renamed: "stopObserving(_:observer:)")
    public func stop<Payload>(_ signal: SignalBus.Signal<Payload>, scanner: AnyObject) {
        stopObserving(signal, observer: scanner)
    }

    /// The earlier name of ``send(_:_:)``.
    @available(*, deprecated, renamed: "send(_:_:)")
    public func transmit<Payload>(_ signal: SignalBus.Signal<Payload>, _ payload: Payload) {
        send(signal, payload)
    }

    /// The earlier name of ``hasObservers(_:)``.
    @available(*, deprecated, renamed: "hasObservers(_:)")
    public func hasScanners<Payload>(_ signal: SignalBus.Signal<Payload>) -> Bool {
        hasObservers(signal)
    }
}
