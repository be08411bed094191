import BrigadeLocking

/// Subscribers that share one selection, read through a key path and compared with `==`: computed and compared once
/// per round, and when it did not change, none of them is visited.
///
/// The work of ``_refresh(_:)`` and ``_deliver(to:)`` is made by the initializer, which the store's inlinable
/// `subscribe` calls where `State` and `Selection` are known, so it runs specialized for them; an override's own body
/// runs as unspecialized generic code (docs/Performance.md has the measurement).
@usableFromInline
final class _SelectionGroup<State, Selection: Equatable>: _StateGroup<State> {
    @usableFromInline let _keyPath: KeyPath<State, Selection>
    /// The selection after the last refresh, in a cell (BrigadeLocking's `_ExclusiveCell`: the exclusivity check's
    /// one opt-out).
    @usableFromInline let _selection: _ExclusiveCell<Selection>
    @inlinable var _value: Selection {
        _read { yield _selection._value }
        _modify { yield &_selection._value }
    }
    private let refreshSelection: (_SelectionGroup, State) -> Bool
    private let deliverSelection: @MainActor (_SelectionGroup, _StoreSubscriberEntry) -> Void

    /// A group told when the value at `keyPath` changed.
    @inlinable
    convenience init(_ keyPath: KeyPath<State, Selection>, priority: Int?, state: State) {
        // A selection stored in the state is read at its offset, not through the key path's runtime projection.
        let offset = MemoryLayout<State>.offset(of: keyPath)
        self.init(
            keyPath, priority: priority, state: state,
            refresh: { group, state in
                let new =
                    if let offset {
                        _StoredMember._read(state, at: offset, as: Selection.self)
                    } else {
                        state[keyPath: group._keyPath]
                    }
                guard new != group._value else { return false }
                group._value = new
                return true
            },
            deliver: { group, entry in
                (entry as? _SelectionSubscriber<Selection>)?._handler?(group._value)
            })
    }

    @usableFromInline
    init(
        _ keyPath: KeyPath<State, Selection>,
        priority: Int?,
        state: State,
        refresh: @escaping (_SelectionGroup, State) -> Bool,
        deliver: @escaping @MainActor (_SelectionGroup, _StoreSubscriberEntry) -> Void
    ) {
        _keyPath = keyPath
        _selection = _ExclusiveCell(state[keyPath: keyPath])
        refreshSelection = refresh
        deliverSelection = deliver
        super.init(priority: priority)
    }

    @usableFromInline
    override func _refresh(_ state: State) -> Bool {
        refreshSelection(self, state)
    }

    @usableFromInline
    @MainActor
    override func _deliver(to entry: _StoreSubscriberEntry) {
        deliverSelection(self, entry)
    }
}
