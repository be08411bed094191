import BrigadeCore

/// The actions that travel in a store's ``History``: ``HistoryAction/Undo`` and ``HistoryAction/Redo``.
///
/// Both are ordinary actions: they pass middleware and reach the action log (recorded with the type names
/// `"Undo"` and `"Redo"`, as before they were nested).
///
/// ```swift
/// store.dispatch(.undo)                      // where the action's type is inferred, as in `Store.dispatch`
/// dispatcher.dispatch(HistoryAction.Redo())  // where any action is accepted
/// ```
public enum HistoryAction {
    /// Restores the state before the last undoable action still in the history; does nothing when there is none.
    public struct Undo: Action, Codable, Equatable {
        /// Creates the action.
        public init() {}
    }

    /// Reapplies the last undone step; does nothing when there is none.
    public struct Redo: Action, Codable, Equatable {
        /// Creates the action.
        public init() {}
    }
}

extension Action where Self == HistoryAction.Undo {
    /// `HistoryAction.Undo()`, for `store.dispatch(.undo)`.
    public static var undo: HistoryAction.Undo { HistoryAction.Undo() }
}

extension Action where Self == HistoryAction.Redo {
    /// `HistoryAction.Redo()`, for `store.dispatch(.redo)`.
    public static var redo: HistoryAction.Redo { HistoryAction.Redo() }
}
