import BrigadeLocking
import BrigadeReactive

/// The subscribers of a store, kept in their selection groups, and the notification rounds that tell them.
///
/// The notification rounds are inlinable, so that they run specialized for the store's state type (unspecialized, each
/// round looked up generic metadata: about 1 µs per dispatch instead of 0.2 µs).
@MainActor
@usableFromInline
final class _StoreSubscribers<State> {
    /// The fields below, in one cell (BrigadeLocking's `_ExclusiveCell`: the exclusivity check's one opt-out).
    @usableFromInline final let _lists = _ExclusiveCell(_SubscriberLists<State>())
    @inlinable final var _ordinaryGroups: [_StateGroup<State>] {
        _read { yield _lists._value._ordinaryGroups }
        _modify { yield &_lists._value._ordinaryGroups }
    }
    @inlinable final var _priorityGroups: [_StateGroup<State>] {
        _read { yield _lists._value._priorityGroups }
        _modify { yield &_lists._value._priorityGroups }
    }
    /// Whether a subscriber was deactivated since the groups were last cleaned.
    @inlinable final var _needsCleaning: Bool {
        _read { yield _lists._value._needsCleaning }
        _modify { yield &_lists._value._needsCleaning }
    }
    /// The observers of the states (``Store/observeStates(_:)``), in subscription order: told the settled state of
    /// each round that ran a reducer, before the groups, without a selection.
    @inlinable final var _stateObservers: [_SelectionSubscriber<State>] {
        _read { yield _lists._value._stateObservers }
        _modify { yield &_lists._value._stateObservers }
    }
    /// Whether the groups are being refreshed, or the state observers told: no member leaves the groups or the
    /// observers' list meanwhile, so that a column's rows and the list's entries keep their places.
    @inlinable final var _isRefreshing: Bool {
        _read { yield _lists._value._isRefreshing }
        _modify { yield &_lists._value._isRefreshing }
    }
    /// Subscribers disposed, from any thread, and not yet deactivated: see ``DisposalQueue`` for when the main actor
    /// takes them in.
    private let disposals = DisposalQueue()
    private var groupsByKey: [SelectionKey: _StateGroup<State>] = [:]
    /// Every group in the lists, by number: where a deactivated member finds its group.
    private var groupsByNumber: [UInt64: _StateGroup<State>] = [:]
    private var nextGroupNumber: UInt64 = 0
    /// The groups with members deactivated since they were last cleaned.
    private var groupsToClean: [_StateGroup<State>] = []
    /// How many groups in the lists were removed (their members all gone) and wait for the lists to be compacted.
    private var removedGroups = 0
    /// How many state observers are inactive and wait for their list to be compacted.
    private var inactiveObservers = 0
    private var nextID: UInt64 = 0
    private(set) var count = 0

    init() {
        // Disposed subscribers leave with their groups, so that a selector or a handler that holds the store does not
        // keep it alive.
        disposals.onDisposal { [weak self] in
            self?.removeDisposed()
        }
    }

    deinit {
        disposals.close()
    }

    /// Whether any priority subscriber exists.
    @inlinable
    var _hasPriority: Bool { !_priorityGroups.isEmpty }

    // MARK: - Subscribing

    /// Adds a subscriber of the value at `keyPath` to the shared group of the key path at `priority`, made by `make`
    /// when there is none to join; see ``Store/subscribe(_:priority:initial:_:)``. `canShare` is false while the state
    /// has changes the subscribers were not told yet.
    func subscribe<Selection: Equatable>(
        _ keyPath: KeyPath<State, Selection>,
        priority: Int?,
        initial: Bool,
        canShare: Bool,
        _ handler: @escaping (Selection) -> Void,
        make: () -> _SelectionGroup<State, Selection>
    ) -> SubscriptionReference {
        let key = SelectionKey(.keyPath(keyPath), priority: priority)
        let group = group(for: key, canShare: canShare, make: make)
        return add(_SelectionSubscriber(disposals: disposals, handler), to: group, initial: initial)
    }

    /// Adds an observer of the states; see ``Store/observeStates(_:)``.
    func observeStates(_ handler: @escaping (State) -> Void) -> SubscriptionReference {
        let entry = _SelectionSubscriber(disposals: disposals, handler)
        nextID &+= 1
        entry.id = nextID
        _stateObservers.append(entry)
        count += 1
        return SubscriptionReference(entry)
    }

    /// Whether any observer of the states exists.
    @inlinable
    var _hasStateObservers: Bool { !_stateObservers.isEmpty }

    /// Tells the observers of the states about `state`, in subscription order; one disposed meanwhile, by
    /// an earlier one too, is not told.
    /// - Returns: How many observers were told.
    @inlinable
    @discardableResult
    func _notifyStateObservers(_ state: State) -> Int {
        // Marked as a round, so that no entry leaves the list while it is walked (an observer may dispose, and its
        // disposal is then taken in at the next cleaning); one added meanwhile is told too, as a late subscriber of a
        // round is. Rounds never nest: an observer's dispatch is queued.
        assert(!_isRefreshing, "a notification round started inside another")
        _isRefreshing = true
        var index = 0
        var told = 0
        while index < _stateObservers.count {
            let entry = _stateObservers[index]
            _deactivateDisposed()
            if entry._isActive, let handler = entry._handler {
                handler(state)
                told += 1
            }
            index += 1
        }
        _isRefreshing = false
        return told
    }

    /// Adds a subscriber of the whole state to the shared group of the whole state at `priority`.
    func subscribe(
        priority: Int?,
        initial: Bool,
        state: State,
        canShare: Bool,
        _ handler: @escaping (State) -> Void
    ) -> SubscriptionReference {
        let key = SelectionKey(.wholeState, priority: priority)
        let group = group(for: key, canShare: canShare) {
            WholeStateGroup(priority: priority, state: state)
        }
        return add(_SelectionSubscriber(disposals: disposals, handler), to: group, initial: initial)
    }

    /// Adds a subscriber calling `handler` with what `selector` selects, whose selection is now `value`, to the
    /// selector column of its selection type at `priority`, made by `make` when there is none.
    func subscribe<Selection: Equatable>(
        select selector: @escaping (State) -> Selection,
        value: Selection,
        priority: Int?,
        initial: Bool,
        _ handler: @escaping (Selection) -> Void,
        make: () -> _SelectorColumn<State, Selection>
    ) -> SubscriptionReference {
        let key = SelectionKey(.column(ObjectIdentifier(Selection.self)), priority: priority)
        let column = group(for: key, canShare: true, make: make)
        let entry = _SelectionSubscriber(disposals: disposals, handler)
        column.append(entry, selecting: selector, value: value)
        return add(entry, to: column, initial: initial)
    }

    /// The group for `key`, made by `make` when there is none yet or when `canShare` is false.
    ///
    /// A shared group's selection is the one its subscribers were told last. While the state has changes the
    /// subscribers were not told yet (`canShare` false), a new subscriber, which is told the current selection at
    /// once, cannot join an existing group: the group's next refresh would tell it the same change again. It gets a
    /// new group, which later subscribers of the key join. (A column can always be shared: each row has its own
    /// selection.)
    private func group<Group: _StateGroup<State>>(for key: SelectionKey, canShare: Bool, make: () -> Group) -> Group {
        if canShare {
            removeDisposed()
            if let existing = groupsByKey[key] as? Group {
                return existing
            }
        }
        let group = make()
        group.key = key
        nextGroupNumber += 1
        group.number = nextGroupNumber
        groupsByNumber[group.number] = group
        groupsByKey[key] = group
        if group.priority == nil {
            _ordinaryGroups.append(group)
        } else {
            _priorityGroups.append(group)
        }
        return group
    }

    /// Adds `entry` to `group`; tells it the current selection at once unless `initial` is `false`.
    private func add(
        _ entry: _StoreSubscriberEntry, to group: _StateGroup<State>, initial: Bool
    ) -> SubscriptionReference {
        nextID &+= 1
        entry.id = nextID
        entry.groupNumber = group.number
        group._members.append(entry)
        count += 1
        if initial {
            group._deliver(to: entry)
        }
        return SubscriptionReference(entry)
    }

    // MARK: - Disposals

    /// Deactivates the subscribers disposed since the last call.
    @inlinable
    func _deactivateDisposed() {
        if _hasDisposals {
            _deactivateDisposedEntries()
        }
    }

    /// Whether a disposal waits to be taken in.
    @usableFromInline
    var _hasDisposals: Bool { !disposals.isEmpty }

    @usableFromInline
    func _deactivateDisposedEntries() {
        let taken = disposals.take()
        for entry in taken {
            entry._isActive = false
            if let group = groupsByNumber[entry.groupNumber] {
                if group.noteDeactivated(entry) {
                    groupsToClean.append(group)
                }
            } else {
                inactiveObservers += 1
            }
        }
        // Each entry is queued once (see `DisposalQueue.dispose(_:)`), so it leaves the count once, when it stops
        // being told, even while its row waits to be removed.
        count -= taken.count
        // The handlers go last, when every taken entry is inactive and counted out: what they hold may run user code
        // as it goes, which may dispose, subscribe or dispatch.
        for entry in taken {
            entry.releaseHandler()
        }
        _needsCleaning = true
    }

    /// Deactivates the subscribers disposed since the last call, then drops the inactive subscribers, and the groups
    /// left empty.
    func removeDisposed() {
        _deactivateDisposed()
        _removeInactive()
    }

    /// Drops the inactive subscribers, and the groups left empty, if any subscriber was deactivated; not while the
    /// groups are being refreshed (a selector may subscribe, or read ``Store/subscriberCount``): the next call does.
    @inlinable
    func _removeInactive() {
        if _needsCleaning, !_isRefreshing {
            _removeInactiveEntries()
        }
    }

    /// Cleans what disposals left: each group with newly inactive members (compacted when more than half of its
    /// members are inactive), the groups left empty, the observers. Each step costs what was disposed since the last
    /// call, or a compaction that the disposals since the previous one pay for: O(1) per disposal, amortized.
    @usableFromInline
    func _removeInactiveEntries() {
        _needsCleaning = false
        // What leaves the lists (selectors, selections, empty groups) is released when they are consistent again:
        // releasing it may run user code.
        var removed: [Any] = []
        let groups = groupsToClean
        groupsToClean.removeAll()
        for group in groups {
            removed += group.clean()
            if group._members.isEmpty, !group.isRemoved {
                group.isRemoved = true
                removedGroups += 1
                if let key = group.key, groupsByKey[key] === group {
                    groupsByKey[key] = nil
                }
                groupsByNumber[group.number] = nil
            }
        }
        if removedGroups * 2 > _ordinaryGroups.count + _priorityGroups.count {
            removed += _ordinaryGroups.filter(\.isRemoved) as [Any]
            removed += _priorityGroups.filter(\.isRemoved) as [Any]
            _ordinaryGroups.removeAll(where: \.isRemoved)
            _priorityGroups.removeAll(where: \.isRemoved)
            removedGroups = 0
        }
        if inactiveObservers * 2 > _stateObservers.count {
            removed += _stateObservers.filter { !$0._isActive } as [Any]
            _stateObservers.removeAll { !$0._isActive }
            inactiveObservers = 0
        }
        withExtendedLifetime(removed) {}
    }

    // MARK: - Notifying

    /// Calls `entry` of `group` unless it was disposed. `isFirst` is whether it is the first call of the round: the
    /// round took in the disposals made until then (by selectors too) just before it. A disposal made by an earlier
    /// subscriber of the same round takes effect at once.
    /// - Returns: Whether the entry was told (it was active).
    @inlinable
    func _deliver(_ group: _StateGroup<State>, _ entry: _StoreSubscriberEntry, isFirst: Bool) -> Bool {
        if !isFirst {
            _deactivateDisposed()
        }
        guard entry._isActive else { return false }
        group._deliver(to: entry)
        return true
    }

    /// Refreshes the priority groups and tells the subscribers of those that changed, highest priority first, then
    /// in subscription order.
    /// - Returns: How many subscribers were told.
    @usableFromInline
    func _notifyPriority(_ state: State) -> Int {
        assert(!_isRefreshing, "a notification round started inside another")
        _removeInactive()
        var changed: [(_StateGroup<State>, _StoreSubscriberEntry)] = []
        _isRefreshing = true
        for group in _priorityGroups where group._refresh(state) {
            changed += group._membersToTell.map { (group, $0) }
        }
        _isRefreshing = false
        _removeInactive()
        changed.sort { first, second in
            let (firstPriority, secondPriority) = (first.0.priority ?? .min, second.0.priority ?? .min)
            return firstPriority != secondPriority ? firstPriority > secondPriority : first.1.id < second.1.id
        }
        _deactivateDisposed()
        var told = 0
        for (index, (group, entry)) in changed.enumerated() where _deliver(group, entry, isFirst: index == 0) {
            told += 1
        }
        return told
    }

    /// Refreshes the ordinary groups and tells the subscribers of those that changed, in subscription order. Groups
    /// whose selection did not change cost their refresh only; their subscribers are not visited.
    /// - Returns: How many subscribers were told.
    @inlinable
    func _notifyOrdinary(_ state: State) -> Int {
        // The unchecked exclusivity of the lists relies on rounds never nesting (a round reads them while selectors run).
        assert(!_isRefreshing, "a notification round started inside another")
        _removeInactive()
        if _ordinaryGroups.isEmpty {
            return 0
        }
        _isRefreshing = true
        // `groups` keeps every group alive for the loop, whatever a selector does to the store's lists.
        let groups = _ordinaryGroups
        var changed: _StateGroup<State>?
        var others: [_StateGroup<State>] = []
        for group in groups where group._refresh(state) {
            if changed == nil {
                changed = group
            } else {
                others.append(group)
            }
        }
        _isRefreshing = false
        _removeInactive()
        guard let first = changed else { return 0 }
        _deactivateDisposed()
        guard others.isEmpty else { return _notifyInOrder([first] + others) }
        var told = 0
        for (index, entry) in first._membersToTell.enumerated() where _deliver(first, entry, isFirst: index == 0) {
            told += 1
        }
        return told
    }

    /// Calls the members to tell of several changed groups in subscription order.
    /// - Returns: How many subscribers were told.
    @usableFromInline
    func _notifyInOrder(_ groups: [_StateGroup<State>]) -> Int {
        let entries = groups.flatMap { group in group._membersToTell.map { (group, $0) } }.sorted { $0.1.id < $1.1.id }
        var told = 0
        for (index, (group, entry)) in entries.enumerated() where _deliver(group, entry, isFirst: index == 0) {
            told += 1
        }
        return told
    }
}

/// The mutable fields of `_StoreSubscribers`, in one cell.
@usableFromInline
struct _SubscriberLists<State> {
    @usableFromInline var _ordinaryGroups: [_StateGroup<State>] = []
    @usableFromInline var _priorityGroups: [_StateGroup<State>] = []
    @usableFromInline var _needsCleaning: Bool = false
    @usableFromInline var _stateObservers: [_SelectionSubscriber<State>] = []
    @usableFromInline var _isRefreshing: Bool = false

    @usableFromInline
    init() {}
}
