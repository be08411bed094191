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
    /// subscription order.
    /// - Parameters:
    ///   - priority: `nil` for an ordinary subscriber. A priority subscriber is told before every ordinary one,
    ///     higher priorities first, and may dispatch: those actions are processed, and priority subscribers told
    ///     again about what they changed, before any ordinary subscriber is told about the settled state.
    /// - Returns: The subscription; it ends on ``Subscription/dispose()`` (from any thread) or with its bag.
    @inlinable
    @discardableResult
    public func subscribe<Selection: Equatable>(
        _ keyPath: KeyPath<State, Selection> & Sendable,
        priority: Int? = nil,
        _ handler: @escaping (Selection) -> Void
    ) -> Subscription {
        let key = SelectionKey(selector: keyPath, priority: priority)
        let (group, box) = subscribers.group(for: key) { () -> (SelectionGroup<State>, SelectionBox<Selection>) in
            let access = KeyPathAccess(keyPath)
            let box = SelectionBox(access.read(current))
            let group = SelectionGroup<State>(priority: priority, selection: box) { state in
                let new = access.read(state)
                guard new != box.value else { return false }
                box.value = new
                return true
            }
            return (group, box)
        }
        return subscribers.add(to: group) { handler(box.value) }
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
        let box = SelectionBox(selector(current))
        let group = SelectionGroup<State>(priority: priority, selection: box) { state in
            let new = selector(state)
            guard new != box.value else { return false }
            box.value = new
            return true
        }
        subscribers.insert(group)
        return subscribers.add(to: group) { handler(box.value) }
    }

    /// Subscribes `handler` to the whole state: called at once, then once per dispatch or transaction that ran a
    /// reducer. See ``subscribe(_:priority:_:)``.
    @inlinable
    @discardableResult
    public func subscribe(priority: Int? = nil, _ handler: @escaping (State) -> Void) -> Subscription {
        let key = SelectionKey(selector: SelectionKey.wholeState, priority: priority)
        let (group, box) = subscribers.group(for: key) { () -> (SelectionGroup<State>, SelectionBox<State>) in
            let box = SelectionBox(current)
            let group = SelectionGroup<State>(priority: priority, selection: box) { state in
                box.value = state
                return true
            }
            return (group, box)
        }
        return subscribers.add(to: group) { handler(box.value) }
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

/// The latest value of a selection, shared by the group's refresh and its subscribers.
@MainActor
@usableFromInline
final class SelectionBox<Value> {
    @exclusivity(unchecked) @usableFromInline var value: Value

    @usableFromInline
    init(_ value: Value) {
        self.value = value
    }
}

/// What several subscribers select, computed and compared once per notification round, and those subscribers in
/// subscription order.
@MainActor
@usableFromInline
final class SelectionGroup<State> {
    /// Recomputes the selection from the state; returns whether it changed.
    @usableFromInline let refresh: (State) -> Bool
    @usableFromInline let priority: Int?
    /// The group's ``SelectionBox``, for subscribers that join it later.
    @usableFromInline let selection: AnyObject
    @exclusivity(unchecked) @usableFromInline var members: [StoreSubscriberEntry] = []
    var key: SelectionKey?

    @usableFromInline
    init(priority: Int?, selection: AnyObject, refresh: @escaping (State) -> Bool) {
        self.priority = priority
        self.selection = selection
        self.refresh = refresh
    }
}

/// One subscriber: the call that hands it its group's selection, until it is disposed.
@MainActor
@usableFromInline
final class StoreSubscriberEntry {
    /// Increasing with each subscription: the order subscribers are called in.
    @usableFromInline let id: UInt64
    @usableFromInline let priority: Int
    /// The call; `nil` once the subscription is disposed, from any thread, which also releases what the call holds
    /// (a handler that captures the store would otherwise keep it alive until the next notification round).
    @usableFromInline let call: ClosureBox<Void>

    init(id: UInt64, priority: Int, notify: @escaping () -> Void) {
        self.id = id
        self.priority = priority
        call = ClosureBox { _ in notify() }
    }

    /// Whether the subscription was disposed.
    @inlinable
    var isDisposed: Bool { call.current == nil }

    /// Calls the subscriber unless it was disposed; a disposal made by an earlier subscriber of the same round takes
    /// effect at once.
    @inlinable
    func notifyIfActive() {
        if let notify = call.current {
            notify(())
        }
    }
}

/// The store's subscribers, kept in their selection groups.
@MainActor
@usableFromInline
final class StoreSubscribers<State> {
    @exclusivity(unchecked) @usableFromInline var ordinaryGroups: [SelectionGroup<State>] = []
    @exclusivity(unchecked) @usableFromInline var priorityGroups: [SelectionGroup<State>] = []
    /// How many subscriptions were disposed, from any thread, since the groups were last cleaned.
    @usableFromInline let removals = Locked(0)
    private var groupsByKey: [SelectionKey: SelectionGroup<State>] = [:]
    private var nextID: UInt64 = 0
    private(set) var count = 0

    init() {}

    /// Whether any priority subscriber exists.
    @inlinable
    var hasPriority: Bool { !priorityGroups.isEmpty }

    /// The group for `key` with its selection box, made by `make` when there is none yet.
    @inlinable
    func group<Selection>(
        for key: SelectionKey,
        make: () -> (SelectionGroup<State>, SelectionBox<Selection>)
    ) -> (SelectionGroup<State>, SelectionBox<Selection>) {
        if let existing = existingGroup(for: key), let box = existing.selection as? SelectionBox<Selection> {
            return (existing, box)
        }
        let (group, box) = make()
        register(group, for: key)
        return (group, box)
    }

    @usableFromInline
    func existingGroup(for key: SelectionKey) -> SelectionGroup<State>? {
        removeDisposed()
        return groupsByKey[key]
    }

    @usableFromInline
    func register(_ group: SelectionGroup<State>, for key: SelectionKey) {
        group.key = key
        groupsByKey[key] = group
        insert(group)
    }

    /// Adds a group that no key shares.
    @usableFromInline
    func insert(_ group: SelectionGroup<State>) {
        if group.priority == nil {
            ordinaryGroups.append(group)
        } else {
            priorityGroups.append(group)
        }
    }

    /// Adds a subscriber to `group`, calls it once with the current selection, and returns its subscription.
    @usableFromInline
    func add(to group: SelectionGroup<State>, notify: @escaping () -> Void) -> Subscription {
        nextID &+= 1
        let entry = StoreSubscriberEntry(id: nextID, priority: group.priority ?? .min, notify: notify)
        group.members.append(entry)
        count += 1
        notify()
        let call = entry.call
        let removals = self.removals
        return Subscription { [weak self] in
            // Any thread: drop the call at once so that nothing reaches it and what it holds is released. The entry,
            // and its group when it was the last member, leave the lists on the main actor: in a task now, or before
            // the next notification round, whichever comes first — so a selector that holds the store does not keep
            // it alive.
            _ = call.take()
            removals.withLock { $0 += 1 }
            Task { @MainActor in
                self?.removeDisposed()
            }
        }
    }

    /// Drops disposed subscribers, and groups left empty, if any subscription was disposed.
    @inlinable
    func removeDisposed() {
        if removals.withLock({ $0 }) > 0 {
            removeDisposedEntries()
        }
    }

    @usableFromInline
    func removeDisposedEntries() {
        removals.withLock { $0 = 0 }
        for group in ordinaryGroups + priorityGroups {
            let before = group.members.count
            group.members.removeAll { $0.isDisposed }
            count -= before - group.members.count
            if group.members.isEmpty, let key = group.key {
                groupsByKey[key] = nil
            }
        }
        ordinaryGroups.removeAll { $0.members.isEmpty }
        priorityGroups.removeAll { $0.members.isEmpty }
    }

    /// Refreshes the priority groups and tells the subscribers of those that changed, highest priority first, then
    /// in subscription order.
    @inlinable
    func notifyPriority(_ state: State) {
        removeDisposed()
        var changed: [StoreSubscriberEntry] = []
        for group in priorityGroups where group.refresh(state) {
            changed.append(contentsOf: group.members)
        }
        changed.sort { $0.priority != $1.priority ? $0.priority > $1.priority : $0.id < $1.id }
        for entry in changed {
            entry.notifyIfActive()
        }
    }

    /// Refreshes the ordinary groups and tells the subscribers of those that changed, in subscription order. Groups
    /// whose selection did not change cost their refresh only; their subscribers are not visited.
    @inlinable
    func notifyOrdinary(_ state: State) {
        removeDisposed()
        var first: SelectionGroup<State>?
        var others: [SelectionGroup<State>] = []
        // Borrowing the groups from the buffer spares a retain and a release per group on this, the per-subscriber
        // path of unchanged selections.
        ordinaryGroups.withUnsafeBufferPointer { groups in
            for index in groups.indices where groups[index].refresh(state) {
                if first == nil {
                    first = groups[index]
                } else {
                    others.append(groups[index])
                }
            }
        }
        guard let first else { return }
        if others.isEmpty {
            for entry in first.members {
                entry.notifyIfActive()
            }
        } else {
            notifyInOrder([first] + others)
        }
    }

    /// Calls the members of several changed groups in subscription order.
    @usableFromInline
    func notifyInOrder(_ groups: [SelectionGroup<State>]) {
        let entries = groups.flatMap(\.members).sorted { $0.id < $1.id }
        for entry in entries {
            entry.notifyIfActive()
        }
    }
}
