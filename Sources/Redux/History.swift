import BrigadeCore
import BrigadeReactive

/// An action whose changes can be undone: the store records the state before it.
///
/// ```swift
/// struct AddDish: UndoableAction { let dish: String }
/// store.dispatch(AddDish(dish: "soup"))
/// store.dispatch(.undo)  // the order is as it was before the soup
/// ```
public protocol UndoableAction: Action {}

/// The undo and redo stacks of a store: the states before the ``UndoableAction``s it processed.
///
/// Only actions marked ``UndoableAction`` that ran a reducer are recorded. ``HistoryAction/Undo`` restores, as they were before the
/// last of them, the parts of the state its reducers write — the key paths of key-path reducers, or the whole state
/// when a reducer of the action reduces the whole state — and leaves the rest alone (a language switched meanwhile
/// stays switched). ``HistoryAction/Redo`` reapplies an undone step. A new undoable action after an undo clears the redo stack.
/// At most ``limit`` steps are kept; the oldest is dropped first.
@MainActor
public final class History<State: Sendable> {
    /// The most undo steps kept.
    public let limit: Int
    /// Whether ``HistoryAction/Undo`` would change the state; observable and read-only (the history alone writes it), for
    /// enabling an Undo button.
    public var canUndo: ReadOnlyObservableProperty<Bool> { canUndoPublisher.readOnly }
    /// Whether ``HistoryAction/Redo`` would change the state; observable and read-only.
    public var canRedo: ReadOnlyObservableProperty<Bool> { canRedoPublisher.readOnly }
    private let canUndoPublisher = ObservableProperty(false)
    private let canRedoPublisher = ObservableProperty(false)
    private var undoStack: [Step] = []
    private var redoStack: [Step] = []

    /// A state, and how to put its recorded parts back into another state.
    private struct Step {
        let state: State
        let restore: (inout State, State) -> Void
    }

    /// Creates an empty history keeping at most `limit` steps (at least 0).
    public init(limit: Int) {
        self.limit = max(0, limit)
    }

    /// The number of steps that can be undone.
    public var undoCount: Int { undoStack.count }

    /// The number of steps that can be redone.
    public var redoCount: Int { redoStack.count }

    /// Empties both stacks: what came before cannot be undone any more (after an action that cannot be taken back,
    /// such as placing an order).
    public func clear() {
        undoStack.removeAll()
        redoStack.removeAll()
        publish()
    }

    /// Records `state`, the state before an undoable action, with how to restore the parts the action writes, and
    /// clears the redo stack.
    @usableFromInline
    func _record(_ state: State, restoring restore: @escaping (inout State, State) -> Void) {
        guard limit > 0 else { return }
        undoStack.append(Step(state: state, restore: restore))
        if undoStack.count > limit {
            undoStack.removeFirst(undoStack.count - limit)
        }
        redoStack.removeAll()
        publish()
    }

    /// The state to restore for an undo from `current`, which goes onto the redo stack; `nil` when there is none.
    @usableFromInline
    func _undo(from current: State) -> State? {
        let restored = step(from: &undoStack, to: &redoStack, current: current)
        publish()
        return restored
    }

    /// The state to restore for a redo from `current`, which goes back onto the undo stack; `nil` when there is none.
    @usableFromInline
    func _redo(from current: State) -> State? {
        let restored = step(from: &redoStack, to: &undoStack, current: current)
        publish()
        return restored
    }

    /// Takes the last step of `source`, records `current` on `destination` with the same restore, and returns
    /// `current` with the step's parts restored. The caller publishes once both stacks are released: reading
    /// them here, during the `inout` accesses, would be an exclusivity violation.
    private func step(from source: inout [Step], to destination: inout [Step], current: State) -> State? {
        guard let step = source.popLast() else { return nil }
        destination.append(Step(state: current, restore: step.restore))
        var restored = current
        step.restore(&restored, step.state)
        return restored
    }

    private func publish() {
        if canUndoPublisher.value != !undoStack.isEmpty {
            canUndoPublisher.value = !undoStack.isEmpty
        }
        if canRedoPublisher.value != !redoStack.isEmpty {
            canRedoPublisher.value = !redoStack.isEmpty
        }
    }
}
