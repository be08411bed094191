// The names Filzanzug's signal bus (and Brigade before issue 26) used for what this module now calls by descriptive
// names. Each is deprecated: code written for them compiles, with a warning that names the replacement. A type alias
// must live in the module of the type it names, so every module with renamed names has its own VISPERNames.swift.

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
    /// Filzanzug's name for ``observe(_:observer:handler:)``.
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

    /// Filzanzug's name for ``observeOnce(_:observer:handler:)``.
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

    /// Filzanzug's name for ``stopObserving(_:observer:)``.
    @available(*, deprecated, renamed: "stopObserving(_:observer:)")
    public func stop<Payload>(_ signal: SignalBus.Signal<Payload>, scanner: AnyObject) {
        stopObserving(signal, observer: scanner)
    }

    /// Filzanzug's name for ``send(_:_:)``.
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
