import BrigadeLocking

/// A thread-safe value that tells its subscribers about every change.
///
/// ```swift
/// let count = ObservableProperty(0)
/// let bag = SubscriptionReferenceBag()
/// count.subscribe { print("count is", $0) }.add(to: bag)  // prints "count is 0" at once
/// count.value = 1                                         // prints "count is 1" before returning
/// ```
///
/// Guarantees:
/// - ``subscribe(_:)`` replays the current value first.
/// - Subscribers are called synchronously, in subscription order.
/// - Delivery never recurses: a value set from inside a subscriber is delivered after the current round, so every
///   subscriber sees every value, in the order the values were set.
/// - Setting from several threads loses no value. Values are delivered one round at a time; a value set while another
///   thread is delivering is delivered by that thread right after its current round, so every subscriber sees the
///   same order.
public final class ObservableProperty<Value: Sendable>: @unchecked Sendable {
    // `lock` guards `storage`; subscriber handlers are always called with the lock released. The delivery path is
    // inlinable so that it is specialized for the client's value type. `storage` is only accessed under the lock and
    // never while user code runs, so its accesses cannot overlap and skip the dynamic exclusivity check.
    @usableFromInline let lock = _Lock()
    @exclusivity(unchecked) @usableFromInline var storage: Storage

    /// Creates a property holding `value`.
    public init(_ value: Value) {
        storage = Storage(value: value)
    }

    deinit {
        for subscription in storage.upstream {
            subscription.dispose()
        }
    }

    /// The current value. Setting it notifies every subscriber before the setter returns, unless a delivery round
    /// is already under way (see the type's guarantees).
    public var value: Value {
        @inlinable get {
            withStorage { $0.value }
        }
        @inlinable set {
            let snapshot = withStorage { storage -> Snapshot? in
                storage.value = newValue
                storage.sequence &+= 1
                if storage.isDelivering {
                    storage.pending.append(.value(newValue, sequence: storage.sequence))
                    return nil
                }
                if storage.subscribers.isEmpty {
                    return nil
                }
                storage.isDelivering = true
                return Snapshot(storage)
            }
            guard let snapshot else { return }
            deliver(newValue, sequence: snapshot.sequence, to: snapshot)
            drain()
        }
    }

    /// The number of active subscribers.
    public var subscriberCount: Int {
        withStorage { $0.subscribers.count }
    }

    /// Subscribes `handler` to the property: it is called with the current value at once, then with every new value.
    ///
    /// If a delivery round is under way (a subscriber subscribes from inside a handler, or another thread is
    /// delivering), the replay follows that round, still before any later value.
    /// - Parameter handler: Called on the thread that set the value, never concurrently with itself.
    /// - Returns: The subscription; keep it in a ``SubscriptionReferenceBag`` or call ``SubscriptionReference/dispose()``.
    @discardableResult
    public func subscribe(_ handler: @escaping @Sendable (Value) -> Void) -> SubscriptionReference {
        subscribe(initial: true, handler)
    }

    /// Subscribes `handler` to the property, skipping the current value when `initial` is `false`: it is then called
    /// only with the values set after it subscribed (``subscribe(_:)`` when `initial` is `true`).
    ///
    /// ```swift
    /// count.subscribe(initial: false) { print("count is now", $0) }.add(to: bag)  // prints nothing yet
    /// ```
    /// - Returns: The subscription; keep it in a ``SubscriptionReferenceBag`` or call ``SubscriptionReference/dispose()``.
    @discardableResult
    public func subscribe(initial: Bool, _ handler: @escaping @Sendable (Value) -> Void) -> SubscriptionReference {
        guard initial else {
            let subscriber = withStorage { $0.addSubscriber(handler) }
            return subscription(for: subscriber)
        }
        let (subscriber, current, deliverNow) = withStorage { storage in
            let subscriber = storage.addSubscriber(handler)
            if storage.isDelivering {
                storage.pending.append(.replay(subscriber, storage.value))
                return (subscriber, storage.value, false)
            }
            storage.isDelivering = true
            return (subscriber, storage.value, true)
        }
        if deliverNow {
            subscriber.handler(current)
            drain()
        }
        return subscription(for: subscriber)
    }

    /// An asynchronous sequence of the values: the current value first, then each new one, buffered without limit
    /// until read. The subscription ends when the iteration ends or its task is cancelled.
    public var values: AsyncStream<Value> {
        AsyncStream { continuation in
            let subscription = subscribe { continuation.yield($0) }
            continuation.onTermination = { _ in subscription.dispose() }
        }
    }

    // MARK: - Derived properties

    /// Makes a property that lives off this one: created with `initial(current value)`, then updated by `update`
    /// on every later value. The derived property holds this one, and this one holds the derived property weakly,
    /// so it is released when nobody holds it or a subscription to it.
    package func derive<Derived: Sendable>(
        initial: (Value) -> Derived,
        update: @escaping @Sendable (ObservableProperty<Derived>, Value) -> Void
    ) -> ObservableProperty<Derived> {
        let box = WeakBox<ObservableProperty<Derived>>()
        let (subscriber, current) = withStorage { storage in
            let subscriber = storage.addSubscriber { value in
                if let derived = box.value {
                    update(derived, value)
                }
            }
            return (subscriber, storage.value)
        }
        let derived = ObservableProperty<Derived>(initial(current))
        box.value = derived
        derived.keepAlive(subscription(for: subscriber))
        // A value set by another thread before `box` was filled reached nobody: catch up with the latest one. The
        // catch-up goes through the delivery rounds like a replay, so a value set meanwhile is delivered after it
        // and the derived property ends on the source's latest value.
        let latest = withStorage { storage -> Value? in
            guard storage.sequence != subscriber.startSequence else { return nil }
            if storage.isDelivering {
                storage.pending.append(.replay(subscriber, storage.value))
                return nil
            }
            storage.isDelivering = true
            return storage.value
        }
        if let latest {
            subscriber.handler(latest)
            drain()
        }
        return derived
    }

    package func keepAlive(_ subscription: SubscriptionReference) {
        withStorage { $0.upstream.append(subscription) }
    }

    // MARK: - Delivery

    /// Everything the lock guards.
    @usableFromInline
    struct Storage {
        @usableFromInline var value: Value
        @usableFromInline var sequence: UInt64 = 0
        @usableFromInline var subscribers: [Subscriber] = []
        /// How many subscribers were removed so far; a delivery round compares it with its snapshot's.
        @usableFromInline var removals: UInt64 = 0
        @usableFromInline var pending: [Delivery] = []
        @usableFromInline var pendingHead = 0
        @usableFromInline var isDelivering = false
        var nextSubscriberID: UInt64 = 0
        var upstream: [SubscriptionReference] = []

        init(value: Value) {
            self.value = value
        }

        /// Registers a subscriber that receives the values set after this point.
        mutating func addSubscriber(_ handler: @escaping @Sendable (Value) -> Void) -> Subscriber {
            nextSubscriberID &+= 1
            let subscriber = Subscriber(id: nextSubscriberID, startSequence: sequence, handler: handler)
            subscribers.append(subscriber)
            return subscriber
        }
    }

    /// The subscribers at the start of one delivery round.
    @usableFromInline
    struct Snapshot {
        @usableFromInline let subscribers: [Subscriber]
        @usableFromInline let removals: UInt64
        @usableFromInline let sequence: UInt64

        @inlinable
        init(_ storage: Storage) {
            subscribers = storage.subscribers
            removals = storage.removals
            sequence = storage.sequence
        }
    }

    @usableFromInline
    final class Subscriber: @unchecked Sendable {
        // `isActive` is guarded by the owning property's lock; the other members are immutable.
        let id: UInt64
        @usableFromInline let startSequence: UInt64
        @usableFromInline let handler: @Sendable (Value) -> Void
        @exclusivity(unchecked) @usableFromInline var isActive = true

        init(id: UInt64, startSequence: UInt64, handler: @escaping @Sendable (Value) -> Void) {
            self.id = id
            self.startSequence = startSequence
            self.handler = handler
        }
    }

    @usableFromInline
    enum Delivery {
        case value(Value, sequence: UInt64)
        case replay(Subscriber, Value)
    }

    @inlinable
    func withStorage<Result>(_ body: (inout Storage) -> Result) -> Result {
        lock.lock()
        defer { lock.unlock() }
        return body(&storage)
    }

    private func subscription(for subscriber: Subscriber) -> SubscriptionReference {
        SubscriptionReference { [self] in
            remove(subscriber)
        }
    }

    private func remove(_ subscriber: Subscriber) {
        withStorage { storage in
            subscriber.isActive = false
            if let index = storage.subscribers.firstIndex(where: { $0 === subscriber }) {
                storage.subscribers.remove(at: index)
                storage.removals &+= 1
            }
        }
    }

    /// Delivers the value numbered `sequence` to the subscribers of `snapshot` that subscribed before it was set.
    ///
    /// The first subscriber is called without a check: nothing on this thread can have disposed it since the
    /// snapshot. Each later one is skipped when it was disposed meanwhile, for instance by an earlier subscriber.
    @inlinable
    func deliver(_ value: Value, sequence: UInt64, to snapshot: Snapshot) {
        let subscribers = snapshot.subscribers
        for index in subscribers.indices where subscribers[index].startSequence < sequence {
            if index > 0, !isStillActive(subscribers[index], since: snapshot) {
                continue
            }
            subscribers[index].handler(value)
        }
    }

    @inlinable
    func isStillActive(_ subscriber: Subscriber, since snapshot: Snapshot) -> Bool {
        withStorage { storage in
            storage.removals == snapshot.removals || subscriber.isActive
        }
    }

    /// Ends a delivery round: delivers what was queued during it, until nothing is left. Call with `isDelivering`
    /// set.
    @inlinable
    func drain() {
        let isIdle = withStorage { storage -> Bool in
            guard storage.pendingHead == storage.pending.count else { return false }
            storage.isDelivering = false
            return true
        }
        if !isIdle {
            drainQueue()
        }
    }

    /// Delivers queued values and replays, in order, until nothing is left; then ends delivery.
    @usableFromInline
    func drainQueue() {
        while true {
            let next = withStorage { storage -> (Delivery, Snapshot, isReplayActive: Bool)? in
                if storage.pendingHead == storage.pending.count {
                    if storage.pendingHead > 0 {
                        storage.pending.removeAll(keepingCapacity: storage.pending.count <= 64)
                        storage.pendingHead = 0
                    }
                    storage.isDelivering = false
                    return nil
                }
                let delivery = storage.pending[storage.pendingHead]
                storage.pendingHead += 1
                var isReplayActive = false
                if case .replay(let subscriber, _) = delivery {
                    isReplayActive = subscriber.isActive
                }
                return (delivery, Snapshot(storage), isReplayActive)
            }
            guard let (delivery, snapshot, isReplayActive) = next else { return }
            switch delivery {
            case .replay(let subscriber, let value):
                if isReplayActive {
                    subscriber.handler(value)
                }
            case .value(let value, let sequence):
                deliver(value, sequence: sequence, to: snapshot)
            }
        }
    }
}

/// A weak reference that can be filled in after the closure capturing it was made.
package final class WeakBox<Object: AnyObject>: @unchecked Sendable {
    // `lock` guards `object`.
    private let lock = Lock()
    private weak var object: Object?

    /// Creates an empty box.
    package init() {}

    /// The object, while it is alive.
    package var value: Object? {
        get { lock.withLock { object } }
        set { lock.withLock { object = newValue } }
    }
}
