// The names VISPER (and Brigade before issue 26) gave to what this module now calls by Swift-style names. Each is a
// deprecated alias: code written for them compiles, with a warning that names the replacement. A type alias must live
// in the module of the type it names, so every module with renamed names has its own VISPERNames.swift.

/// VISPER's name for ``ActionReducer``.
@available(*, deprecated, renamed: "ActionReducer")
public typealias ActionReducerType = ActionReducer

/// VISPER's name for ``AsyncActionReducer``.
@available(*, deprecated, renamed: "AsyncActionReducer")
public typealias AsyncActionReducerType = AsyncActionReducer

/// The earlier name of ``HistoryAction/Undo``.
@available(*, deprecated, renamed: "HistoryAction.Undo")
public typealias Undo = HistoryAction.Undo

/// The earlier name of ``HistoryAction/Redo``.
@available(*, deprecated, renamed: "HistoryAction.Redo")
public typealias Redo = HistoryAction.Redo

extension ActionReducer {
    /// VISPER's name for ``ReducedAction``.
    @available(*, deprecated, renamed: "ReducedAction")
    public typealias ReducerActionType = ReducedAction

    /// VISPER's name for ``ReducedState``.
    @available(*, deprecated, renamed: "ReducedState")
    public typealias ReducerStateType = ReducedState
}

extension AsyncActionReducer {
    /// VISPER's name for ``ReducedAction``.
    @available(*, deprecated, renamed: "ReducedAction")
    public typealias ReducerActionType = ReducedAction

    /// VISPER's name for ``ReducedState``.
    @available(*, deprecated, renamed: "ReducedState")
    public typealias ReducerStateType = ReducedState
}

extension AppReducer {
    /// VISPER's name for ``ReducedState``.
    @available(*, deprecated, renamed: "ReducedState")
    public typealias StateType = ReducedState
}
