/// Subscribers whose selections a notification round refreshes together: a shared selection (``_SelectionGroup``,
/// ``WholeStateGroup``) or the selector subscribers of one selection type (``_SelectorColumn``).
///
/// Subclasses override ``_refresh(_:)`` and ``_deliver(to:)``; the base class keeps the members and their order.
@usableFromInline
class _StateGroup<State> {
    /// `nil` for ordinary subscribers; priority subscribers are told first, higher priorities first.
    final let priority: Int?
    /// The subscribers, in subscription order.
    // brigade:allow-unsafe main-actor state, no access spans user code; the set checked: dispatch 2.0x (329 vs 166 ns)
    @exclusivity(unchecked) @usableFromInline final var _members: [_StoreSubscriberEntry] = []
    /// The key the group is registered under in ``StoreSubscribers``.
    final var key: SelectionKey?

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

    /// Drops the members that are no longer active; returns what they alone held, for the caller to release.
    @MainActor
    func removeInactiveMembers() -> [Any] {
        _members.removeAll { !$0._isActive }
        return []
    }
}
