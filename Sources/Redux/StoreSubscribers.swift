import BrigadeCore
import BrigadeLocking
import BrigadeReactive

#if canImport(Synchronization)
import Synchronization
#endif

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
    ///   - initial: `false` to skip the current value: `handler` is first called on the next change.
    ///   - handler: Called with the value at `keyPath`: at once (unless `initial` is `false`), then on each change.
    /// - Returns: The subscription; it ends on ``BrigadeReactive/SubscriptionReference/dispose()`` (from any thread) or with
    ///   its bag.
    @inlinable
    @discardableResult
    public func subscribe<Selection: Equatable>(
        _ keyPath: KeyPath<State, Selection> & Sendable,
        priority: Int? = nil,
        initial: Bool = true,
        _ handler: @escaping (Selection) -> Void
    ) -> SubscriptionReference {
        let key = SelectionKey(selector: keyPath, priority: priority)
        let group = subscribers.group(for: key, canShare: !isDirty) {
            SelectionGroup(KeyPathAccess(keyPath), priority: priority, state: current)
        }
        return subscribers.add(handler, to: group, initial: initial)
    }

    /// Subscribes `handler` to what `selector` computes from the state: it is called at once, then only when the
    /// result changed, at most once per dispatch or transaction; `initial: false` skips the call with the current
    /// result. See ``subscribe(_:priority:initial:_:)``.
    ///
    /// Each selector subscriber keeps its own selection. The selectors of one selection type and priority are kept
    /// side by side with their selections, so a round over subscribers whose selection did not change reads memory in
    /// order, whatever their number.
    @inlinable
    @discardableResult
    public func subscribe<Selection: Equatable>(
        select selector: @escaping (State) -> Selection,
        priority: Int? = nil,
        initial: Bool = true,
        _ handler: @escaping (Selection) -> Void
    ) -> SubscriptionReference {
        // The selector is user code: it runs before the column is looked up, so that whatever it does to the store's
        // subscribers, the column the subscriber joins is one the store keeps.
        let value = selector(current)
        let key = SelectionKey(selector: SelectorColumnKey(Selection.self), priority: priority)
        let column = subscribers.group(for: key, canShare: true) {
            SelectorColumn<State, Selection>(priority: priority)
        }
        return subscribers.add(handler, selecting: selector, value: value, in: column, initial: initial)
    }

    /// Subscribes `handler` to the whole state: called at once with the current state, then once per dispatch or
    /// transaction that ran a reducer (including the one under way when it subscribes from inside a transaction or a
    /// priority round); `initial: false` skips the call with the current state. See
    /// ``subscribe(_:priority:initial:_:)``.
    @inlinable
    @discardableResult
    public func subscribe(
        priority: Int? = nil,
        initial: Bool = true,
        _ handler: @escaping (State) -> Void
    ) -> SubscriptionReference {
        let key = SelectionKey(selector: SelectionKey.wholeState, priority: priority)
        let group = subscribers.group(for: key, canShare: !isDirty) {
            SelectionGroup(wholeStatePriority: priority, state: current)
        }
        return subscribers.add(handler, to: group, initial: initial)
    }

    /// The number of active subscribers made with the store's `subscribe` methods.
    ///
    /// A subscription disposed on the main actor leaves at once. One disposed on another thread leaves when the main
    /// actor next notifies, subscribes or reads this count, and at the latest in a task the disposal starts on the main
    /// actor; reading the count is how a caller waits for it (`await` the store's main actor, then read it): by then
    /// the subscriber's handler and what it holds are released.
    public var subscriberCount: Int {
        subscribers.removeDisposed()
        return subscribers.count
    }
}

/// Identifies a shared selection: the same key path, the whole state or the selector column of one selection type, at
/// the same priority.
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

/// Identifies the selector column of one selection type.
@usableFromInline
struct SelectorColumnKey: Hashable, Sendable {
    let selection: ObjectIdentifier

    @usableFromInline
    init<Selection>(_: Selection.Type) {
        selection = ObjectIdentifier(Selection.self)
    }
}

/// Subscribers whose selections a notification round refreshes together: a shared selection (``SelectionGroup``) or
/// the selector subscribers of one selection type (``SelectorColumn``).
///
/// A round calls ``refresh`` through an unretained reference to the group, held alive by the round's copy of the
/// group list: no reference count changes on the path of the groups whose selection did not change.
@usableFromInline
class StateGroup<State> {
    @usableFromInline final let priority: Int?
    /// Recomputes the selections of the group passed to it (always the group that holds the function) from the state;
    /// returns whether any changed. Made where the selection's type is known, and capturing nothing, so calling it
    /// retains nothing.
    @usableFromInline final let refresh: (StateGroup<State>, State) -> Bool
    /// Calls the subscriber passed to it, a member of the group passed to it, with its selection.
    @usableFromInline final let deliver: @MainActor (StateGroup<State>, StoreSubscriberEntry) -> Void
    /// The subscribers, in subscription order.
    @exclusivity(unchecked) @usableFromInline final var members: [StoreSubscriberEntry] = []
    /// Whether the group is a ``SelectorColumn``, whose members each have their own selection.
    @usableFromInline final let isColumn: Bool
    /// In a column, the members whose selection the last refresh changed, in subscription order.
    @exclusivity(unchecked) @usableFromInline final var changedMembers: [StoreSubscriberEntry] = []
    final var key: SelectionKey?

    @usableFromInline
    init(
        priority: Int?,
        isColumn: Bool,
        refresh: @escaping (StateGroup<State>, State) -> Bool,
        deliver: @escaping @MainActor (StateGroup<State>, StoreSubscriberEntry) -> Void
    ) {
        self.priority = priority
        self.isColumn = isColumn
        self.refresh = refresh
        self.deliver = deliver
    }

    /// The members to tell after a refresh that returned `true`: every member of a shared selection, the changed
    /// ones of a column.
    @inlinable
    final var membersToTell: [StoreSubscriberEntry] {
        isColumn ? changedMembers : members
    }

    /// Drops the members that are no longer active; returns what they alone held, for the caller to release.
    @MainActor
    func removeInactiveMembers() -> [Any] {
        members.removeAll { !$0.isActive }
        return []
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

/// Subscribers that share one selection, read through a key path and compared with `==`, or the whole state:
/// computed and compared once per round, and when it did not change, none of them is visited.
@usableFromInline
final class SelectionGroup<State, Selection>: StateGroup<State> {
    @usableFromInline let access: KeyPathAccess<State, Selection>
    /// The selection after the last refresh.
    @exclusivity(unchecked) @usableFromInline var value: Selection

    /// A group told when the value at `access` changed.
    @inlinable
    init(_ access: KeyPathAccess<State, Selection>, priority: Int?, state: State) where Selection: Equatable {
        self.access = access
        value = access.read(state)
        // `refresh` and `deliver` are only ever called with the group that holds them, and the group only holds
        // subscribers made by `StoreSubscribers.add(_:to:)` for its selection type: the downcasts cannot fail.
        super.init(
            priority: priority,
            isColumn: false,
            refresh: { group, state in
                let group = unsafeDowncast(group, to: SelectionGroup<State, Selection>.self)
                let new = group.access.read(state)
                guard new != group.value else { return false }
                group.value = new
                return true
            },
            deliver: Self.deliver)
    }

    /// A group of the subscribers to the whole state, told after every round that ran a reducer.
    @inlinable
    init(wholeStatePriority priority: Int?, state: State) where Selection == State {
        access = KeyPathAccess(\State.self)
        value = state
        super.init(
            priority: priority,
            isColumn: false,
            refresh: { group, state in
                unsafeDowncast(group, to: SelectionGroup<State, Selection>.self).value = state
                return true
            },
            deliver: Self.deliver)
    }

    @inlinable
    @MainActor
    static func deliver(_ group: StateGroup<State>, _ entry: StoreSubscriberEntry) {
        let value = unsafeDowncast(group, to: SelectionGroup<State, Selection>.self).value
        unsafeDowncast(entry, to: SelectionSubscriber<Selection>.self).handler?(value)
    }
}

/// The selector subscribers of one selection type and priority, each with its own selector and selection.
///
/// Row by row, `selectors`, `values` and `members` hold a subscriber's selector, its selection after the last refresh
/// and the subscriber itself (whose ``StoreSubscriberEntry/row`` is its index). A round reads the first two in order
/// and touches a subscriber only when its selection changed, so the cost of an idle subscriber does not grow with
/// their number as separate objects' would.
@usableFromInline
final class SelectorColumn<State, Selection: Equatable>: StateGroup<State> {
    @exclusivity(unchecked) @usableFromInline var selectors: [(State) -> Selection] = []
    @exclusivity(unchecked) @usableFromInline var values: [Selection] = []

    @inlinable
    init(priority: Int?) {
        // The functions are only called with the column that holds them, and its members are the subscribers made by
        // `StoreSubscribers.add(_:selecting:value:in:)`, so the casts succeed. They are checked: a column casts once
        // per round, not once per row, and measured no slower than unchecked ones (docs/Performance.md).
        super.init(
            priority: priority,
            isColumn: true,
            refresh: { group, state in
                guard let column = group as? SelectorColumn<State, Selection> else { return false }
                return column.refreshRows(state)
            },
            deliver: { group, entry in
                guard let column = group as? SelectorColumn<State, Selection>,
                    let subscriber = entry as? SelectionSubscriber<Selection>
                else { return }
                subscriber.handler?(column.values[subscriber.row])
            })
    }

    /// Recomputes every row's selection; returns whether any changed, and keeps the subscribers of those that did in
    /// ``StateGroup/changedMembers``.
    ///
    /// A selector may subscribe (rows are appended; the loop runs over the rows it started with) but no row is
    /// removed while a refresh runs (see ``StoreSubscribers/removeInactive()``), so a row's index stays its own.
    @inlinable
    func refreshRows(_ state: State) -> Bool {
        changedMembers.removeAll(keepingCapacity: true)
        let selectors = self.selectors
        for row in selectors.indices {
            let new = selectors[row](state)
            if new != values[row] {
                values[row] = new
                changedMembers.append(members[row])
            }
        }
        return !changedMembers.isEmpty
    }

    /// Appends a row for `entry`, selecting with `selector`, whose selection is now `value`.
    @inlinable
    @MainActor
    func append(_ entry: StoreSubscriberEntry, selecting selector: @escaping (State) -> Selection, value: Selection) {
        entry.row = selectors.count
        selectors.append(selector)
        values.append(value)
    }

    @MainActor
    override func removeInactiveMembers() -> [Any] {
        var removed: [Any] = []
        var kept = 0
        for row in members.indices {
            guard members[row].isActive else {
                removed.append((selectors[row], values[row]))
                continue
            }
            if kept != row {
                members[kept] = members[row]
                selectors[kept] = selectors[row]
                values[kept] = values[row]
                members[kept].row = kept
            }
            kept += 1
        }
        let count = members.count - kept
        members.removeLast(count)
        selectors.removeLast(count)
        values.removeLast(count)
        // A round may be under way (its selectors ran, its subscribers are to be told): the changed members that are
        // still active are told.
        changedMembers.removeAll { !$0.isActive }
        return removed
    }
}

/// One subscriber of a store, until it is disposed; it is also its subscription's disposal (see ``DisposalQueue``).
@MainActor
@usableFromInline
class StoreSubscriberEntry {
    /// Increasing with each subscription: the order subscribers are called in. Set when the entry joins the store.
    @exclusivity(unchecked) @usableFromInline final var id: UInt64 = 0
    /// In a ``SelectorColumn``, the subscriber's row.
    @exclusivity(unchecked) @usableFromInline final var row = 0
    /// `false` once the subscription is disposed and the main actor took that in.
    @exclusivity(unchecked) @usableFromInline final var isActive = true
    /// Whether the subscription was disposed, from any thread. Guarded by the lock of `disposals`.
    nonisolated(unsafe) final var isDisposalQueued = false
    /// Where a disposal is queued for the main actor.
    nonisolated final let disposals: DisposalQueue

    @usableFromInline
    init(disposals: DisposalQueue) {
        self.disposals = disposals
    }

    /// Releases what the subscriber calls, and with it what that holds (a handler that captures the store would
    /// otherwise keep it alive). Called after ``isActive`` was cleared, when the store's lists are consistent: what
    /// the handler held may run user code as it goes.
    @usableFromInline
    func releaseHandler() {}

    /// Marks the subscriber disposed and releases its handler.
    final func deactivate() {
        isActive = false
        releaseHandler()
    }
}

extension StoreSubscriberEntry: Disposable {
    /// Queues the subscriber's disposal; any thread.
    @usableFromInline
    nonisolated func dispose() {
        disposals.dispose(self)
    }

    /// Whether ``dispose()`` was called.
    @usableFromInline
    nonisolated var isDisposed: Bool {
        disposals.isDisposed(self)
    }
}

/// A subscriber of a selection of type `Selection`.
@MainActor
@usableFromInline
final class SelectionSubscriber<Selection>: StoreSubscriberEntry {
    @exclusivity(unchecked) @usableFromInline var handler: ((Selection) -> Void)?

    @inlinable
    init(disposals: DisposalQueue, _ handler: @escaping (Selection) -> Void) {
        self.handler = handler
        super.init(disposals: disposals)
    }

    @usableFromInline
    override func releaseHandler() {
        handler = nil
    }
}

/// The subscribers of a store disposed, from any thread, and not yet deactivated by the main actor.
///
/// A disposal made on the main actor is taken in before ``dispose(_:)`` returns: the subscriber is deactivated and its
/// handler released at once (its row in a ``SelectorColumn`` goes when no refresh is running, at the latest at the end
/// of the round). A disposal made on another thread waits for the main actor: the store takes the queue in before it
/// calls subscribers, when subscribing and when counting subscribers, and the first disposal of a batch also starts a
/// task on the main actor, so that an idle store does not keep a disposed handler, and what it holds, indefinitely.
/// That task is the only way to reach the main actor without blocking a thread; a caller waits for it through
/// ``Store/subscriberCount``.
///
/// The store also checks the queue before the first subscriber call of each notification round and before each later
/// one: where the Synchronization module's `Atomic` exists, ``make()`` returns an ``AtomicDisposalQueue``, whose check
/// is one atomic load instead of a lock.
@usableFromInline
class DisposalQueue: @unchecked Sendable {
    // `lock` guards `entries`, `takeIn` and the `isDisposalQueued` flag of every entry made with this queue.
    fileprivate let lock = Lock()
    fileprivate var entries: [StoreSubscriberEntry] = []
    /// Takes the queued disposals in: set by the store's subscribers, `nil` once they are gone, when the queue
    /// releases the handlers itself.
    private var takeIn: (@MainActor @Sendable () -> Void)?

    fileprivate init() {}

    /// A queue whose emptiness check takes no lock where the platform allows.
    static func make() -> DisposalQueue {
        #if canImport(Synchronization)
        if #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) {
            return AtomicDisposalQueue()
        }
        #endif
        return DisposalQueue()
    }

    /// Sets what takes the queued disposals in, on the main actor.
    final func onDisposal(_ takeIn: @escaping @MainActor @Sendable () -> Void) {
        lock.withLock { self.takeIn = takeIn }
    }

    /// Queues `entry`, unless it was queued already, and takes it in now on the main actor, else soon.
    final func dispose(_ entry: StoreSubscriberEntry) {
        let startsBatch = lock.withLock { () -> Bool? in
            guard !entry.isDisposalQueued else { return nil }
            entry.isDisposalQueued = true
            entries.append(entry)
            entriesChanged()
            return entries.count == 1
        }
        if let startsBatch {
            takeInQueued(startingTask: startsBatch)
        }
    }

    /// Marks the store's subscribers gone: the queue then releases the handlers of the entries queued, and of those
    /// queued later, itself. A queued entry holds the queue, so they would keep each other alive, and their
    /// subscriptions may still be held by what their handlers hold.
    final func close() {
        let hasEntries = lock.withLock {
            takeIn = nil
            return !entries.isEmpty
        }
        if hasEntries {
            takeInQueued(startingTask: true)
        }
    }

    /// Takes the queued disposals in at once on the main thread; elsewhere, in a task on the main actor if
    /// `startingTask` (a batch's first disposal), else in the task an earlier disposal started.
    private func takeInQueued(startingTask: Bool) {
        if MainThread.isCurrent {
            MainActor.assumeIsolated { takeInNow() }
        } else if startingTask {
            Task { @MainActor in self.takeInNow() }
        }
    }

    /// Deactivates the queued entries, through the store's subscribers while they exist.
    @MainActor
    private func takeInNow() {
        if let takeIn = lock.withLock({ takeIn }) {
            takeIn()
        } else {
            for entry in take() {
                entry.deactivate()
            }
        }
    }

    /// Whether `entry` was disposed.
    final func isDisposed(_ entry: StoreSubscriberEntry) -> Bool {
        lock.withLock { entry.isDisposalQueued }
    }

    /// Whether no disposal is waiting.
    @usableFromInline
    var isEmpty: Bool {
        lock.withLock { entries.isEmpty }
    }

    /// The waiting disposals, leaving none.
    final func take() -> [StoreSubscriberEntry] {
        lock.withLock {
            defer {
                entries.removeAll()
                entriesChanged()
            }
            return entries
        }
    }

    /// Called with the lock held whenever `entries` changed.
    fileprivate func entriesChanged() {}
}

#if canImport(Synchronization)
/// A ``DisposalQueue`` that publishes its number of entries in an atomic, so that the check each round makes is one
/// load.
@available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
final class AtomicDisposalQueue: DisposalQueue, @unchecked Sendable {
    // `count` is written under the lock of `DisposalQueue`, after `entries` changed (releasing), and read without it
    // (acquiring): a disposal that returned is seen by the next check.
    private let count = Atomic<Int>(0)

    override var isEmpty: Bool {
        count.load(ordering: .acquiring) == 0
    }

    override func entriesChanged() {
        count.store(entries.count, ordering: .releasing)
    }
}
#endif

/// The store's subscribers, kept in their selection groups.
@MainActor
@usableFromInline
final class StoreSubscribers<State> {
    @exclusivity(unchecked) @usableFromInline var ordinaryGroups: [StateGroup<State>] = []
    @exclusivity(unchecked) @usableFromInline var priorityGroups: [StateGroup<State>] = []
    /// Whether a subscriber was deactivated since the groups were last cleaned.
    @exclusivity(unchecked) @usableFromInline var needsCleaning = false
    /// Whether the groups are being refreshed: no member leaves them meanwhile, so that a column's rows keep their
    /// places.
    @exclusivity(unchecked) @usableFromInline var isRefreshing = false
    /// Subscribers disposed, from any thread, and not yet deactivated: see ``DisposalQueue`` for when the main actor
    /// takes them in.
    @usableFromInline let disposals = DisposalQueue.make()
    private var groupsByKey: [SelectionKey: StateGroup<State>] = [:]
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
    var hasPriority: Bool { !priorityGroups.isEmpty }

    /// The group for `key`, made by `make` when there is none yet or when `canShare` is false.
    ///
    /// A shared group's selection is the one its subscribers were told last. While the state has changes the
    /// subscribers were not told yet (`canShare` false), a new subscriber, which is told the current selection at
    /// once, cannot join an existing group: the group's next refresh would tell it the same change again. It gets a
    /// new group, which later subscribers of the key join. (A column can always be shared: each row has its own
    /// selection.)
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
        to group: SelectionGroup<State, Selection>,
        initial: Bool = true
    ) -> SubscriptionReference {
        add(SelectionSubscriber(disposals: disposals, handler), to: group, initial: initial)
    }

    /// Adds a subscriber calling `handler` with what `selector` selects to `column`, calls it once with `value`, the
    /// selection now, and returns its subscription.
    @inlinable
    func add<Selection>(
        _ handler: @escaping (Selection) -> Void,
        selecting selector: @escaping (State) -> Selection,
        value: Selection,
        in column: SelectorColumn<State, Selection>,
        initial: Bool = true
    ) -> SubscriptionReference {
        let entry = SelectionSubscriber(disposals: disposals, handler)
        column.append(entry, selecting: selector, value: value)
        return add(entry, to: column, initial: initial)
    }

    /// Adds `entry` to `group`; tells it the current selection at once unless `initial` is `false`.
    @usableFromInline
    func add(_ entry: StoreSubscriberEntry, to group: StateGroup<State>, initial: Bool = true) -> SubscriptionReference
    {
        nextID &+= 1
        entry.id = nextID
        group.members.append(entry)
        count += 1
        if initial {
            group.deliver(group, entry)
        }
        return SubscriptionReference(entry)
    }

    /// Deactivates the subscribers disposed since the last call.
    @inlinable
    func deactivateDisposed() {
        if !disposals.isEmpty {
            deactivateDisposedEntries()
        }
    }

    @usableFromInline
    func deactivateDisposedEntries() {
        let taken = disposals.take()
        for entry in taken {
            entry.isActive = false
        }
        // Each entry is queued once (see `DisposalQueue.dispose(_:)`), so it leaves the count once, when it stops
        // being told, even while its row waits to be removed.
        count -= taken.count
        // The handlers go last, when every taken entry is inactive and counted out: what they hold may run user code
        // as it goes, which may dispose, subscribe or dispatch.
        for entry in taken {
            entry.releaseHandler()
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

    /// Drops the inactive subscribers, and the groups left empty, if any subscriber was deactivated; not while the
    /// groups are being refreshed (a selector may subscribe, or read ``Store/subscriberCount``): the next call does.
    @inlinable
    func removeInactive() {
        if needsCleaning, !isRefreshing {
            removeInactiveEntries()
        }
    }

    @usableFromInline
    func removeInactiveEntries() {
        needsCleaning = false
        // What leaves the lists (selectors, selections, empty groups) is released when they are consistent again:
        // releasing it may run user code.
        var removed: [Any] = []
        for group in ordinaryGroups + priorityGroups {
            removed += group.removeInactiveMembers()
            if group.members.isEmpty, let key = group.key, groupsByKey[key] === group {
                groupsByKey[key] = nil
            }
        }
        removed += ordinaryGroups.filter { $0.members.isEmpty } as [Any]
        removed += priorityGroups.filter { $0.members.isEmpty } as [Any]
        ordinaryGroups.removeAll { $0.members.isEmpty }
        priorityGroups.removeAll { $0.members.isEmpty }
        withExtendedLifetime(removed) {}
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
        isRefreshing = true
        for group in priorityGroups where group.refresh(group, state) {
            changed += group.membersToTell.map { (group, $0) }
        }
        isRefreshing = false
        removeInactive()
        changed.sort { first, second in
            let (firstPriority, secondPriority) = (first.0.priority ?? .min, second.0.priority ?? .min)
            return firstPriority != secondPriority ? firstPriority > secondPriority : first.1.id < second.1.id
        }
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
        isRefreshing = true
        let (changed, others) = StateGroup.refresh(ordinaryGroups, state)
        isRefreshing = false
        removeInactive()
        guard let first = changed else { return }
        deactivateDisposed()
        if others.isEmpty {
            for (index, entry) in first.membersToTell.enumerated() {
                deliver(first, entry, isFirst: index == 0)
            }
        } else {
            notifyInOrder([first] + others)
        }
    }

    /// Calls the members to tell of several changed groups in subscription order.
    @usableFromInline
    func notifyInOrder(_ groups: [StateGroup<State>]) {
        let entries = groups.flatMap { group in group.membersToTell.map { (group, $0) } }.sorted { $0.1.id < $1.1.id }
        for (index, (group, entry)) in entries.enumerated() {
            deliver(group, entry, isFirst: index == 0)
        }
    }
}
