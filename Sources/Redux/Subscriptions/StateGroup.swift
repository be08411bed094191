import BrigadeLocking

/// Subscribers whose selections a notification round refreshes together: a shared selection (``_SelectionGroup``,
/// ``WholeStateGroup``) or the selector subscribers of one selection type (`_SelectorColumn`).
///
/// Subclasses override ``_refresh(_:)`` and ``_deliver(to:)``; the base class keeps the members and their order.
///
/// A disposed member stays in ``_members``, inactive, until more than half of the members are inactive: the group is
/// then compacted in one pass, so that releasing n subscribers costs O(n) in all, not a pass per subscriber. What a
/// member calls is released when it is deactivated (its handler) or when the group is next cleaned (a column row's
/// selector), never later than the end of the round.
@usableFromInline
class _StateGroup<State> {
    /// `nil` for ordinary subscribers; priority subscribers are told first, higher priorities first.
    final let priority: Int?
    /// ``_members``, in a cell (BrigadeLocking's `_ExclusiveCell`: the exclusivity check's one opt-out).
    @usableFromInline final let _membersCell = _ExclusiveCell([_StoreSubscriberEntry]())
    /// The subscribers, in subscription order, inactive ones included until the group is compacted.
    @inlinable final var _members: [_StoreSubscriberEntry] {
        _read { yield _membersCell._value }
        _modify { yield &_membersCell._value }
    }
    /// The key the group is registered under in ``StoreSubscribers``.
    final var key: SelectionKey?
    /// The group's number in ``StoreSubscribers``, which its members keep.
    final var number: UInt64 = 0
    /// The members deactivated since the group was last cleaned.
    final var deactivated: [_StoreSubscriberEntry] = []
    /// How many of ``_members`` are inactive.
    final var inactiveCount = 0
    /// Whether the group left the store (all its members gone); it stays in the store's lists until they are
    /// compacted, refreshed with no member to tell.
    final var isRemoved = false

    @usableFromInline
    init(priority: Int?) {
        self.priority = priority
    }

    /// Recomputes the group's selections from `state`; returns whether any changed.
    @usableFromInline
    func _refresh(_ state: State) -> Bool {
        false
    }

    /// Calls `entry`, a member of the group, with its selection.
    @usableFromInline
    @MainActor
    func _deliver(to entry: _StoreSubscriberEntry) {}

    /// The members to tell after a refresh that returned `true`: every member of a shared selection, the changed
    /// ones of a column.
    @usableFromInline
    var _membersToTell: [_StoreSubscriberEntry] {
        _members
    }

    /// Notes that `entry`, a member, was deactivated; returns whether the group was clean until now.
    @MainActor
    final func noteDeactivated(_ entry: _StoreSubscriberEntry) -> Bool {
        inactiveCount += 1
        deactivated.append(entry)
        return deactivated.count == 1
    }

    /// Cleans the group after members were deactivated: compacts it when more than half of its members are inactive,
    /// else releases what the newly inactive ones alone held. Returns that, for the caller to release once the store's
    /// lists are consistent. Not while a round refreshes the group.
    @MainActor
    final func clean() -> [Any] {
        defer { deactivated.removeAll() }
        guard inactiveCount * 2 > _members.count else {
            return releaseRows(of: deactivated)
        }
        inactiveCount = 0
        return removeInactiveMembers()
    }

    /// Releases what the inactive `entries` alone hold, leaving them in place; nothing in a shared selection.
    @MainActor
    func releaseRows(of entries: [_StoreSubscriberEntry]) -> [Any] {
        []
    }

    /// Drops the members that are no longer active; returns what they alone held, for the caller to release.
    @MainActor
    func removeInactiveMembers() -> [Any] {
        _members.removeAll { !$0._isActive }
        return []
    }
}
