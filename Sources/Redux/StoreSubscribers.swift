import BrigadeCore
import BrigadeReactive

extension Store {
    /// Subscribes `handler` to the part of the state at `keyPath`: it is called at once with the current value, then
    /// only when that value changed, at most once per dispatch or transaction.
    ///
    /// ```swift
    /// store.subscribe(\.order.dishes) { dishes in render(dishes) }.add(to: bag)
    /// ```
    ///
    /// Subscribers of the same key path at the same priority share one selection, computed and compared once per
    /// notification round; when it did not change, none of them is visited. Ordinary subscribers are called in
    /// subscription order. The first call carries the current value, also when subscribing inside a transaction or a
    /// priority round whose changes the other subscribers of the key path have not been told yet; the next call
    /// comes only when the value changes again.
    /// - Parameters:
    ///   - keyPath: The part of the state the subscriber reads; it is told when that part changed.
    ///   - priority: `nil` for an ordinary subscriber. A priority subscriber is told before every ordinary one,
    ///     higher priorities first, and may dispatch: those actions are processed, and priority subscribers told
    ///     again about what they changed, before any ordinary subscriber is told about the settled state.
    ///   - handler: Called with the value at `keyPath`: at once, then on each change.
    /// - Returns: The subscription; it ends on ``BrigadeReactive/Subscription/dispose()`` (from any thread) or with
    ///   its bag.
    @inlinable
    @discardableResult
    public func subscribe<Selection: Equatable>(
        _ keyPath: KeyPath<State, Selection> & Sendable,
        priority: Int? = nil,
        _ handler: @escaping (Selection) -> Void
    ) -> Subscription {
        let key = SelectionKey(selector: keyPath, priority: priority)
        let group = subscribers.group(for: key, canShare: !isDirty) {
            SelectionGroup(.keyPath(KeyPathAccess(keyPath)), priority: priority, state: current)
        }
        return subscribers.add(handler, to: group)
    }

    /// Subscribes `handler` to what `selector` computes from the state: it is called at once, then only when the
    /// result changed, at most once per dispatch or transaction. See ``subscribe(_:priority:_:)``; a selector is not
    /// shared with other subscribers.
    @inlinable
    @discardableResult
    public func subscribe<Selection: Equatable>(
        select selector: @escaping (State) -> Selection,
        priority: Int? = nil,
        _ handler: @escaping (Selection) -> Void
    ) -> Subscription {
        let group = SelectionGroup(.selector(selector), priority: priority, state: current)
        subscribers.insert(group)
        return subscribers.add(handler, to: group)
    }

    /// Subscribes `handler` to the whole state: called at once with the current state, then once per dispatch or
    /// transaction that ran a reducer (including the one under way when it subscribes from inside a transaction or a
    /// priority round). See ``subscribe(_:priority:_:)``.
    @inlinable
    @discardableResult
    public func subscribe(priority: Int? = nil, _ handler: @escaping (State) -> Void) -> Subscription {
        let key = SelectionKey(selector: SelectionKey.wholeState, priority: priority)
        let group = subscribers.group(for: key, canShare: !isDirty) {
            SelectionGroup(wholeStatePriority: priority, state: current)
        }
        return subscribers.add(handler, to: group)
    }

    /// The number of active subscribers made with the store's `subscribe` methods.
    public var subscriberCount: Int {
        subscribers.removeDisposed()
        return subscribers.count
    }
}

/// Identifies a shared selection: the same key path (or the whole state) at the same priority.
@usableFromInline
struct SelectionKey: Hashable {
    @usableFromInline static let wholeState = "whole state"
    let selector: AnyHashable
    let priority: Int?

    @usableFromInline
    init(selector: some Hashable & Sendable, priority: Int?) {
        self.selector = AnyHashable(selector)
        self.priority = priority
    }
}

/// Subscribers that select the same thing, and what they select, computed and compared once per notification round.
///
/// A round calls ``refresh`` through an unretained reference to the group, held alive by the round's copy of the
/// group list: no reference count changes on the path of the groups whose selection did not change.
@usableFromInline
class StateGroup<State> {
    @usableFromInline final let priority: Int?
    /// Recomputes the selection of the group passed to it (always the group that holds the function) from the state;
    /// returns whether the selection changed. Made where the selection's type is known, and capturing nothing, so
    /// calling it retains nothing.
    @usableFromInline final let refresh: (StateGroup<State>, State) -> Bool
    /// Calls the subscriber passed to it, a member of the group passed to it, with the group's selection.
    @usableFromInline final let deliver: @MainActor (StateGroup<State>, StoreSubscriberEntry) -> Void
    /// The subscribers, in subscription order.
    @exclusivity(unchecked) @usableFromInline final var members: [StoreSubscriberEntry] = []
    final var key: SelectionKey?

    @usableFromInline
    init(
        priority: Int?,
        refresh: @escaping (StateGroup<State>, State) -> Bool,
        deliver: @escaping @MainActor (StateGroup<State>, StoreSubscriberEntry) -> Void
    ) {
        self.priority = priority
        self.refresh = refresh
        self.deliver = deliver
    }
}

extension StateGroup {
    /// Refreshes `groups` in order; returns the first whose selection changed and the others that changed after it.
    ///
    /// Not isolated, so that the loop runs no executor check per group. `groups` keeps every group alive for the
    /// call, whatever a selector does to the store's lists, so each group is called through an unretained reference.
    @inlinable
    static func refresh(
        _ groups: [StateGroup<State>],
        _ state: State
    ) -> (first: StateGroup<State>?, others: [StateGroup<State>]) {
        var first: StateGroup<State>?
        var others: [StateGroup<State>] = []
        for index in groups.indices {
            let changed = Unmanaged.passUnretained(groups[index])._withUnsafeGuaranteedRef { $0.refresh($0, state) }
            if changed {
                if first == nil {
                    first = groups[index]
                } else {
                    others.append(groups[index])
                }
            }
        }
        return (first, others)
    }
}

/// A group whose selection is read through a key path or computed by a selector and compared with `==`, or is the
/// whole state.
@usableFromInline
final class SelectionGroup<State, Selection>: StateGroup<State> {
    @usableFromInline
    enum Reader {
        case keyPath(KeyPathAccess<State, Selection>)
        case selector((State) -> Selection)
    }

    @usableFromInline let reader: Reader
    /// The selection after the last refresh.
    @exclusivity(unchecked) @usableFromInline var value: Selection

    /// A group told when what `reader` reads changed.
    @inlinable
    init(_ reader: Reader, priority: Int?, state: State) where Selection: Equatable {
        self.reader = reader
        value = Self.read(reader, state)
        // `refresh` and `deliver` are only ever called with the group that holds them, and the group only holds
        // subscribers made by `StoreSubscribers.add(_:to:)` for its selection type: the downcasts cannot fail.
        super.init(
            priority: priority,
            refresh: { group, state in
                let group = unsafeDowncast(group, to: SelectionGroup<State, Selection>.self)
                let new = Self.read(group.reader, state)
                guard new != group.value else { return false }
                group.value = new
                return true
            },
            deliver: Self.deliver)
    }

    /// A group of the subscribers to the whole state, told after every round that ran a reducer.
    @inlinable
    init(wholeStatePriority priority: Int?, state: State) where Selection == State {
        reader = .selector { $0 }
        value = state
        super.init(
            priority: priority,
            refresh: { group, state in
                unsafeDowncast(group, to: SelectionGroup<State, Selection>.self).value = state
                return true
            },
            deliver: Self.deliver)
    }

    @inlinable
    static func read(_ reader: Reader, _ state: State) -> Selection {
        switch reader {
        case .keyPath(let access): access.read(state)
        case .selector(let selector): selector(state)
        }
    }

    @inlinable
    @MainActor
    static func deliver(_ group: StateGroup<State>, _ entry: StoreSubscriberEntry) {
        let value = unsafeDowncast(group, to: SelectionGroup<State, Selection>.self).value
        unsafeDowncast(entry, to: SelectionSubscriber<Selection>.self).handler?(value)
    }
}

/// One subscriber of a store, until it is disposed.
@MainActor
@usableFromInline
class StoreSubscriberEntry {
    /// Increasing with each subscription: the order subscribers are called in. Set when the entry joins the store.
    @exclusivity(unchecked) @usableFromInline final var id: UInt64 = 0
    @usableFromInline final let priority: Int
    /// `false` once the subscription is disposed.
    @exclusivity(unchecked) @usableFromInline final var isActive = true

    @usableFromInline
    init(priority: Int?) {
        self.priority = priority ?? .min
    }

    /// Marks the subscriber disposed; a subclass also releases its handler, and with it what the handler holds (a
    /// handler that captures the store would otherwise keep it alive).
    @usableFromInline
    func deactivate() {
        isActive = false
    }
}

/// A subscriber of a selection of type `Selection`.
@MainActor
@usableFromInline
final class SelectionSubscriber<Selection>: StoreSubscriberEntry {
    @exclusivity(unchecked) @usableFromInline var handler: ((Selection) -> Void)?

    @inlinable
    init(priority: Int?, _ handler: @escaping (Selection) -> Void) {
        self.handler = handler
        super.init(priority: priority)
    }

    @usableFromInline
    override func deactivate() {
        super.deactivate()
        handler = nil
    }
}

/// The store's subscribers, kept in their selection groups.
@MainActor
@usableFromInline
final class StoreSubscribers<State> {
    @exclusivity(unchecked) @usableFromInline var ordinaryGroups: [StateGroup<State>] = []
    @exclusivity(unchecked) @usableFromInline var priorityGroups: [StateGroup<State>] = []
    /// Whether a subscriber was deactivated since the groups were last cleaned.
    @exclusivity(unchecked) @usableFromInline var needsCleaning = false
    /// Subscribers disposed, from any thread, and not yet deactivated: the main actor deactivates them before it calls
    /// the first subscriber of a round (after the selectors ran) and before each later one, and in the clean-up task
    /// each disposal queues.
    @usableFromInline let disposed = Locked<[StoreSubscriberEntry]>([])
    private var groupsByKey: [SelectionKey: StateGroup<State>] = [:]
    private var nextID: UInt64 = 0
    private(set) var count = 0

    init() {}

    /// Whether any priority subscriber exists.
    @inlinable
    var hasPriority: Bool { !priorityGroups.isEmpty }

    /// The group for `key`, made by `make` when there is none yet or when `canShare` is false.
    ///
    /// A group's selection is the one its subscribers were told last. While the state has changes the subscribers
    /// were not told yet (`canShare` false), a new subscriber, which is told the current selection at once, cannot
    /// join an existing group: the group's next refresh would tell it the same change again. It gets a new group,
    /// which later subscribers of the key join.
    @inlinable
    func group<Group: StateGroup<State>>(for key: SelectionKey, canShare: Bool, make: () -> Group) -> Group {
        if canShare, let existing = existingGroup(for: key) as? Group {
            return existing
        }
        let group = make()
        register(group, for: key)
        return group
    }

    @usableFromInline
    func existingGroup(for key: SelectionKey) -> StateGroup<State>? {
        removeDisposed()
        return groupsByKey[key]
    }

    @usableFromInline
    func register(_ group: StateGroup<State>, for key: SelectionKey) {
        group.key = key
        groupsByKey[key] = group
        insert(group)
    }

    /// Adds a group that no key shares.
    @usableFromInline
    func insert(_ group: StateGroup<State>) {
        if group.priority == nil {
            ordinaryGroups.append(group)
        } else {
            priorityGroups.append(group)
        }
    }

    /// Adds a subscriber calling `handler` to `group`, calls it once with the current selection, and returns its
    /// subscription.
    @inlinable
    func add<Selection>(
        _ handler: @escaping (Selection) -> Void,
        to group: SelectionGroup<State, Selection>
    ) -> Subscription {
        add(SelectionSubscriber(priority: group.priority, handler), to: group)
    }

    @usableFromInline
    func add(_ entry: StoreSubscriberEntry, to group: StateGroup<State>) -> Subscription {
        nextID &+= 1
        entry.id = nextID
        group.members.append(entry)
        count += 1
        group.deliver(group, entry)
        let disposed = self.disposed
        return Subscription { [weak self] in
            // Any thread. The entry is deactivated on the main actor before the store calls another subscriber,
            // and leaves the lists soon after, with its group when it was the last member, so that a selector that
            // holds the store does not keep it alive.
            disposed.withLock { $0.append(entry) }
            Task { @MainActor in
                self?.removeDisposed()
            }
        }
    }

    /// Deactivates the subscribers disposed since the last call.
    @inlinable
    func deactivateDisposed() {
        if !disposed.isEmpty {
            deactivateDisposedEntries()
        }
    }

    @usableFromInline
    func deactivateDisposedEntries() {
        let taken = disposed.withLock { taken -> [StoreSubscriberEntry] in
            defer { taken.removeAll() }
            return taken
        }
        for entry in taken {
            entry.deactivate()
        }
        needsCleaning = true
    }

    /// Deactivates the subscribers disposed since the last call, then drops the inactive subscribers, and the groups
    /// left empty.
    @inlinable
    func removeDisposed() {
        deactivateDisposed()
        removeInactive()
    }

    /// Drops the inactive subscribers, and the groups left empty, if any subscriber was deactivated.
    @inlinable
    func removeInactive() {
        if needsCleaning {
            removeInactiveEntries()
        }
    }

    @usableFromInline
    func removeInactiveEntries() {
        needsCleaning = false
        for group in ordinaryGroups + priorityGroups {
            let before = group.members.count
            group.members.removeAll { !$0.isActive }
            count -= before - group.members.count
            if group.members.isEmpty, let key = group.key, groupsByKey[key] === group {
                groupsByKey[key] = nil
            }
        }
        ordinaryGroups.removeAll { $0.members.isEmpty }
        priorityGroups.removeAll { $0.members.isEmpty }
    }

    /// Calls `entry` of `group` unless it was disposed. `isFirst` is whether it is the first call of the round: the
    /// round took in the disposals made until then (by selectors too) just before it. A disposal made by an earlier
    /// subscriber of the same round takes effect at once.
    @inlinable
    func deliver(_ group: StateGroup<State>, _ entry: StoreSubscriberEntry, isFirst: Bool) {
        if !isFirst {
            deactivateDisposed()
        }
        if entry.isActive {
            group.deliver(group, entry)
        }
    }

    /// Refreshes the priority groups and tells the subscribers of those that changed, highest priority first, then
    /// in subscription order.
    @inlinable
    func notifyPriority(_ state: State) {
        removeInactive()
        var changed: [(StateGroup<State>, StoreSubscriberEntry)] = []
        for group in priorityGroups where group.refresh(group, state) {
            changed += group.members.map { (group, $0) }
        }
        changed.sort { $0.1.priority != $1.1.priority ? $0.1.priority > $1.1.priority : $0.1.id < $1.1.id }
        deactivateDisposed()
        for (index, (group, entry)) in changed.enumerated() {
            deliver(group, entry, isFirst: index == 0)
        }
    }

    /// Refreshes the ordinary groups and tells the subscribers of those that changed, in subscription order. Groups
    /// whose selection did not change cost their refresh only; their subscribers are not visited.
    @inlinable
    func notifyOrdinary(_ state: State) {
        removeInactive()
        let (changed, others) = StateGroup.refresh(ordinaryGroups, state)
        guard let first = changed else { return }
        deactivateDisposed()
        if others.isEmpty {
            for (index, entry) in first.members.enumerated() {
                deliver(first, entry, isFirst: index == 0)
            }
        } else {
            notifyInOrder([first] + others)
        }
    }

    /// Calls the members of several changed groups in subscription order.
    @usableFromInline
    func notifyInOrder(_ groups: [StateGroup<State>]) {
        let entries = groups.flatMap { group in group.members.map { (group, $0) } }.sorted { $0.1.id < $1.1.id }
        for (index, (group, entry)) in entries.enumerated() {
            deliver(group, entry, isFirst: index == 0)
        }
    }
}
