extension ActionLog {
    /// Notes the ``StoreDiagnostic``s of `store` in the log: each goes with the entry of the action being processed
    /// (the last one recorded), so an unhandled action or an empty undo shows in the log and its export.
    ///
    /// ```swift
    /// let log = ActionLog()
    /// let store = Store(initialState: AppState(), middleware: [log.middleware()])
    /// log.attach(to: store)
    /// ```
    ///
    /// Attach the log to the store whose middleware includes ``middleware()``: otherwise the last entry is not the
    /// action the diagnostic is about.
    public func attach<State: Sendable>(to store: Store<State>) {
        store.addDiagnosticHandler { [weak self] diagnostic in
            self?.note(diagnostic)
        }
    }

    /// Adds `diagnostic` to the last entry; nothing when the log is empty.
    public func note(_ diagnostic: StoreDiagnostic) {
        noteOnNewest(diagnostic)
    }
}
