import BrigadeCore

/// Something a ``Store`` noticed that is probably a mistake but does not stop it, reported to the handlers added with
/// ``Store/addDiagnosticHandler(_:)`` (and, through ``ActionLog/attach(to:)``, noted in the action log).
///
/// ```swift
/// store.addDiagnosticHandler { diagnostic in print("store: \(diagnostic)") }
/// store.dispatch(HistoryAction.Undo())  // store: undo did nothing: the history is empty ...
/// ```
public enum StoreDiagnostic: Sendable, Equatable, CustomStringConvertible {
    /// No reducer handles the action: none is registered for its type on the store's state type (synchronous or
    /// asynchronous) and the store has no app reducer. The state is unchanged.
    case unhandledAction(type: String, state: String)
    /// ``HistoryAction/Undo`` with an empty undo history: the state is unchanged.
    case nothingToUndo
    /// An effect's work threw `error` and the effect has no error handler (see
    /// ``Effect/run(id:cancelInFlight:priority:operation:catch:)``); it dispatched nothing more.
    case effectFailed(effect: String, error: String)
    /// ``HistoryAction/Redo`` with nothing undone to reapply: the state is unchanged.
    case nothingToRedo
    /// Code a reducer of `action` called read the store's state while the reducers changed it in place (see
    /// ``Store/reducesInPlace``): the read got the state the store was made with. The state is as the reducers left
    /// it.
    case stateReadDuringReduce(action: String)

    /// What happened and what to check, naming the action and state types.
    public var description: String {
        switch self {
        case .unhandledAction(let type, let state):
            return "action \(type) changed nothing: no reducer is registered for it on \(state)"
                + " (register one with store.reducers.add(on:) or a LogicFeature, and check that the feature was added)"
        case .nothingToUndo:
            return "undo did nothing: the history is empty (no undoable action since the start or the last clear)"
        case .nothingToRedo:
            return "redo did nothing: nothing was undone since the last undoable action"
        case .stateReadDuringReduce(let action):
            return "a reducer of \(action) read the store's state while changing it: the read got the initial state"
                + " (read the rest of the state with the three-argument add(on:reduce:), or set reducesInPlace = false)"
        case .effectFailed(let effect, let error):
            return "\(effect) failed: \(error) (give the effect a catch: handler that dispatches a failure action)"
        }
    }
}

extension Store {
    /// Adds `handler`, called on the main actor with each ``StoreDiagnostic`` as the store notices it, while it
    /// processes the action concerned (before subscribers are told). Handlers run in the order they were added.
    ///
    /// With no handler the store checks nothing, so diagnostics cost nothing unless asked for.
    public func addDiagnosticHandler(_ handler: @escaping @MainActor (StoreDiagnostic) -> Void) {
        _diagnosticHandlers.append(handler)
    }

    /// Reports that no reducer handled an action of type `A`, unless an asynchronous reducer will.
    @usableFromInline
    func _reportUnhandled<A: Action>(_: A.Type) {
        guard !reducers.hasAsyncReducer(A.self, State.self) else { return }
        report(.unhandledAction(type: String(describing: A.self), state: String(describing: State.self)))
    }

    /// Tells every diagnostic handler about `diagnostic`.
    func report(_ diagnostic: StoreDiagnostic) {
        for handler in _diagnosticHandlers {
            handler(diagnostic)
        }
    }
}
