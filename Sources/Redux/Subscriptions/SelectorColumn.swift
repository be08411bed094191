import BrigadeLocking

/// The selector subscribers of one selection type and priority, each with its own selector and selection.
///
/// Row by row, `_selectors`, `_values` and `_members` hold a subscriber's selector, its selection after the last
/// refresh and the subscriber itself (whose ``_StoreSubscriberEntry/_row`` is its index). A round reads the first two
/// in order and touches a subscriber only when its selection changed, so the cost of an idle subscriber does not grow
/// with their number as separate objects' would.
///
/// As in ``_SelectionGroup``, the work of ``_refresh(_:)`` and ``_deliver(to:)`` is made by the inlinable initializer,
/// so that the row loop runs specialized for `State` and `Selection`.
@usableFromInline
final class _SelectorColumn<State, Selection: Equatable>: _StateGroup<State> {
    /// The fields below, in one cell (BrigadeLocking's `_ExclusiveCell`: the exclusivity check's one opt-out).
    @usableFromInline final let _rows = _ExclusiveCell(_ColumnRows<State, Selection>())
    @inlinable final var _selectors: [(State) -> Selection] {
        _read { yield _rows._value._selectors }
        _modify { yield &_rows._value._selectors }
    }
    @inlinable final var _values: [Selection] {
        _read { yield _rows._value._values }
        _modify { yield &_rows._value._values }
    }
    /// The members whose selection the last refresh changed, in subscription order.
    @inlinable final var _changedMembers: [_StoreSubscriberEntry] {
        _read { yield _rows._value._changedMembers }
        _modify { yield &_rows._value._changedMembers }
    }
    private let refreshRows: (_SelectorColumn, State) -> Bool
    private let deliverRow: @MainActor (_SelectorColumn, _StoreSubscriberEntry) -> Void

    /// An empty column.
    ///
    /// The refresh recomputes every row's selection, returns whether any changed, and keeps the subscribers of those
    /// that did in `_changedMembers`. A selector may subscribe (rows are appended; the loop runs over the rows it
    /// started with) but no row is removed while a refresh runs (see ``StoreSubscribers``), so a row's index stays its
    /// own.
    @inlinable
    override convenience init(priority: Int?) {
        self.init(
            priority: priority,
            refresh: { column, state in
                if !column._changedMembers.isEmpty {
                    column._changedMembers.removeAll(keepingCapacity: true)
                }
                let selectors = column._selectors
                for row in selectors.indices {
                    let new = selectors[row](state)
                    if new != column._values[row] {
                        column._values[row] = new
                        column._changedMembers.append(column._members[row])
                    }
                }
                return !column._changedMembers.isEmpty
            },
            deliver: { column, entry in
                guard let subscriber = entry as? _SelectionSubscriber<Selection> else { return }
                subscriber._handler?(column._values[subscriber._row])
            })
    }

    @usableFromInline
    init(
        priority: Int?,
        refresh: @escaping (_SelectorColumn, State) -> Bool,
        deliver: @escaping @MainActor (_SelectorColumn, _StoreSubscriberEntry) -> Void
    ) {
        refreshRows = refresh
        deliverRow = deliver
        super.init(priority: priority)
    }

    @usableFromInline
    override func _refresh(_ state: State) -> Bool {
        refreshRows(self, state)
    }

    @usableFromInline
    override var _membersToTell: [_StoreSubscriberEntry] {
        _changedMembers
    }

    @usableFromInline
    @MainActor
    override func _deliver(to entry: _StoreSubscriberEntry) {
        deliverRow(self, entry)
    }

    /// Appends a row for `entry`, selecting with `selector`, whose selection is now `value`.
    @MainActor
    func append(_ entry: _StoreSubscriberEntry, selecting selector: @escaping (State) -> Selection, value: Selection) {
        entry._row = _selectors.count
        _selectors.append(selector)
        _values.append(value)
    }

    /// Replaces the selectors of the inactive `entries` with one that returns the row's selection, so that what they
    /// captured is released now and the row stays unchanged until the column is compacted.
    @MainActor
    override func releaseRows(of entries: [_StoreSubscriberEntry]) -> [Any] {
        var released: [Any] = []
        for entry in entries where entry._row < _selectors.count && _members[entry._row] === entry {
            let value = _values[entry._row]
            released.append(_selectors[entry._row])
            _selectors[entry._row] = { _ in value }
        }
        return released
    }

    @MainActor
    override func removeInactiveMembers() -> [Any] {
        var removed: [Any] = []
        var kept = 0
        for row in _members.indices {
            guard _members[row]._isActive else {
                removed.append((_selectors[row], _values[row]))
                continue
            }
            if kept != row {
                _members[kept] = _members[row]
                _selectors[kept] = _selectors[row]
                _values[kept] = _values[row]
                _members[kept]._row = kept
            }
            kept += 1
        }
        let count = _members.count - kept
        _members.removeLast(count)
        _selectors.removeLast(count)
        _values.removeLast(count)
        // A round may be under way (its selectors ran, its subscribers are to be told): the changed members that are
        // still active are told.
        _changedMembers.removeAll { !$0._isActive }
        return removed
    }
}

/// The mutable fields of `_SelectorColumn`, in one cell.
@usableFromInline
struct _ColumnRows<State, Selection> {
    @usableFromInline var _selectors: [(State) -> Selection] = []
    @usableFromInline var _values: [Selection] = []
    @usableFromInline var _changedMembers: [_StoreSubscriberEntry] = []

    @usableFromInline
    init() {}
}
