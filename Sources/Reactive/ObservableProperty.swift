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
/// - _Delivery never recurses: a value set from inside a subscriber is delivered after the current round, so every
///   subscriber sees every value, in the order the values were set.
/// - Setting from several threads loses no value. Values are delivered one round at a time; a value set while another
///   thread is delivering is delivered by that thread right after its current round, so every subscriber sees the
///   same order.
public final class ObservableProperty<Value: Sendable>: @unchecked Sendable {
    // `_lock` guards `_storage`; subscriber handlers are always called with the lock released. The delivery path is
    // inlinable so that it is specialized for the client's value type (unspecialized, a set spends most of its time
    // looking up generic metadata: about 1 µs instead of 50 ns).
    @usableFromInline let _lock = _Lock()
    @usableFromInline var _storage: _Storage

    /// Creates a property holding `value`.
    public init(_ value: Value) {
        _storage = _Storage(value: value)
    }

    deinit {
        for subscription in _storage.upstream {
            subscription.dispose()
        }
    }

    /// The current value. Setting it notifies every subscriber before the setter returns, unless a delivery round
    /// is already under way (see the type's guarantees).
    public var value: Value {
        @inlinable get {
            _withStorage { $0._value }
        }
        @inlinable set {
            let snapshot = _withStorage { storage -> _Snapshot? in
                storage._value = newValue
                storage._sequence &+= 1
                if storage._isDelivering {
                    storage._pending.append(.value(newValue, sequence: storage._sequence))
                    return nil
                }
                if storage._subscribers.isEmpty {
                    return nil
                }
                storage._isDelivering = true
                return _Snapshot(storage)
            }
            guard let snapshot else { return }
            _deliver(newValue, sequence: snapshot._sequence, to: snapshot)
            _drain()
        }
    }

    /// The number of active subscribers.
    public var subscriberCount: Int {
        _withStorage { $0._subscribers.count }
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
            let subscriber = _withStorage { $0.addSubscriber(handler) }
            return subscription(for: subscriber)
        }
        let (subscriber, current, deliverNow) = _withStorage { storage in
            let subscriber = storage.addSubscriber(handler)
            if storage._isDelivering {
                storage._pending.append(.replay(subscriber, storage._value))
                return (subscriber, storage._value, false)
            }
            storage._isDelivering = true
            return (subscriber, storage._value, true)
        }
        if deliverNow {
            subscriber._handler(current)
            _drain()
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
        let (subscriber, current) = _withStorage { storage in
            let subscriber = storage.addSubscriber { value in
                if let derived = box.value {
                    update(derived, value)
                }
            }
            return (subscriber, storage._value)
        }
        let derived = ObservableProperty<Derived>(initial(current))
        box.value = derived
        derived.keepAlive(subscription(for: subscriber))
        // A value set by another thread before `box` was filled reached nobody: catch up with the latest one. The
        // catch-up goes through the delivery rounds like a replay, so a value set meanwhile is delivered after it
        // and the derived property ends on the source's latest value.
        let latest = _withStorage { storage -> Value? in
            guard storage._sequence != subscriber._startSequence else { return nil }
            if storage._isDelivering {
                storage._pending.append(.replay(subscriber, storage._value))
                return nil
            }
            storage._isDelivering = true
            return storage._value
        }
        if let latest {
            subscriber._handler(latest)
            _drain()
        }
        return derived
    }

    package func keepAlive(_ subscription: SubscriptionReference) {
        _withStorage { $0.upstream.append(subscription) }
    }

    // MARK: - _Delivery

    /// Everything the lock guards.
    @usableFromInline
    struct _Storage {
        @usableFromInline var _value: Value
        @usableFromInline var _sequence: UInt64 = 0
        @usableFromInline var _subscribers: [_Subscriber] = []
        /// How many subscribers were removed so far; a delivery round compares it with its snapshot's.
        @usableFromInline var _removals: UInt64 = 0
        @usableFromInline var _pending: [_Delivery] = []
        @usableFromInline var _pendingHead = 0
        @usableFromInline var _isDelivering = false
        var nextSubscriberID: UInt64 = 0
        var upstream: [SubscriptionReference] = []

        init(value: Value) {
            _value = value
        }

        /// Registers a subscriber that receives the values set after this point.
        mutating func addSubscriber(_ handler: @escaping @Sendable (Value) -> Void) -> _Subscriber {
            nextSubscriberID &+= 1
            let subscriber = _Subscriber(id: nextSubscriberID, startSequence: _sequence, handler: handler)
            _subscribers.append(subscriber)
            return subscriber
        }
    }

    /// The subscribers at the start of one delivery round.
    @usableFromInline
    struct _Snapshot {
        @usableFromInline let _subscribers: [_Subscriber]
        @usableFromInline let _removals: UInt64
        @usableFromInline let _sequence: UInt64

        @inlinable
        init(_ storage: _Storage) {
            _subscribers = storage._subscribers
            _removals = storage._removals
            _sequence = storage._sequence
        }
    }

    @usableFromInline
    final class _Subscriber: @unchecked Sendable {
        // `_isActive` is guarded by the owning property's lock; the other members are immutable.
        let id: UInt64
        @usableFromInline let _startSequence: UInt64
        @usableFromInline let _handler: @Sendable (Value) -> Void
        @usableFromInline var _isActive = true

        init(id: UInt64, startSequence: UInt64, handler: @escaping @Sendable (Value) -> Void) {
            self.id = id
            self._startSequence = startSequence
            _handler = handler
        }
    }

    @usableFromInline
    enum _Delivery {
        case value(Value, sequence: UInt64)
        case replay(_Subscriber, Value)
    }

    @inlinable
    func _withStorage<Result>(_ body: (inout _Storage) -> Result) -> Result {
        _lock.lock()
        defer { _lock.unlock() }
        return body(&_storage)
    }

    private func subscription(for subscriber: _Subscriber) -> SubscriptionReference {
        SubscriptionReference { [self] in
            remove(subscriber)
        }
    }

    private func remove(_ subscriber: _Subscriber) {
        _withStorage { storage in
            subscriber._isActive = false
            if let index = storage._subscribers.firstIndex(where: { $0 === subscriber }) {
                storage._subscribers.remove(at: index)
                storage._removals &+= 1
            }
        }
    }

    /// Delivers the value numbered `sequence` to the subscribers of `snapshot` that subscribed before it was set.
    ///
    /// The first subscriber is called without a check: nothing on this thread can have disposed it since the
    /// snapshot. Each later one is skipped when it was disposed meanwhile, for instance by an earlier subscriber.
    @inlinable
    func _deliver(_ value: Value, sequence: UInt64, to snapshot: _Snapshot) {
        let subscribers = snapshot._subscribers
        for index in subscribers.indices where subscribers[index]._startSequence < sequence {
            if index > 0, !_isStillActive(subscribers[index], since: snapshot) {
                continue
            }
            subscribers[index]._handler(value)
        }
    }

    @inlinable
    func _isStillActive(_ subscriber: _Subscriber, since snapshot: _Snapshot) -> Bool {
        _withStorage { storage in
            storage._removals == snapshot._removals || subscriber._isActive
        }
    }

    /// Ends a delivery round: delivers what was queued during it, until nothing is left. Call with `isDelivering`
    /// set.
    @inlinable
    func _drain() {
        let isIdle = _withStorage { storage -> Bool in
            guard storage._pendingHead == storage._pending.count else { return false }
            storage._isDelivering = false
            return true
        }
        if !isIdle {
            _drainQueue()
        }
    }

    /// Delivers queued values and replays, in order, until nothing is left; then ends delivery.
    @usableFromInline
    func _drainQueue() {
        while true {
            let next = _withStorage { storage -> (_Delivery, _Snapshot, isReplayActive: Bool)? in
                if storage._pendingHead == storage._pending.count {
                    if storage._pendingHead > 0 {
                        storage._pending.removeAll(keepingCapacity: storage._pending.count <= 64)
                        storage._pendingHead = 0
                    }
                    storage._isDelivering = false
                    return nil
                }
                let delivery = storage._pending[storage._pendingHead]
                storage._pendingHead += 1
                var isReplayActive = false
                if case .replay(let subscriber, _) = delivery {
                    isReplayActive = subscriber._isActive
                }
                return (delivery, _Snapshot(storage), isReplayActive)
            }
            guard let (delivery, snapshot, isReplayActive) = next else { return }
            switch delivery {
            case .replay(let subscriber, let value):
                if isReplayActive {
                    subscriber._handler(value)
                }
            case .value(let value, let sequence):
                _deliver(value, sequence: sequence, to: snapshot)
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
