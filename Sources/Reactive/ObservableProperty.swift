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
    // `lock` guards every stored property below it. Subscriber handlers are always called with the lock released.
    private let lock = Lock()
    private var storedValue: Value
    private var sequence: UInt64 = 0
    private var nextSubscriberID: UInt64 = 0
    private var subscribers: [Subscriber] = []
    private var pending: [Delivery] = []
    private var pendingHead = 0
    private var isDelivering = false
    private var upstream: [Subscription] = []

    /// Creates a property holding `value`.
    public init(_ value: Value) {
        storedValue = value
    }

    deinit {
        for subscription in upstream {
            subscription.dispose()
        }
    }

    /// The current value. Setting it notifies every subscriber before the setter returns, unless a delivery round
    /// is already under way (see the type's guarantees).
    public var value: Value {
        get {
            lock.lock()
            defer { lock.unlock() }
            return storedValue
        }
        set {
            lock.lock()
            storedValue = newValue
            sequence &+= 1
            let delivery = Delivery.value(newValue, sequence: sequence)
            if isDelivering {
                pending.append(delivery)
                lock.unlock()
                return
            }
            isDelivering = true
            let snapshot = subscribers
            lock.unlock()
            deliver(delivery, to: snapshot)
            drain()
        }
    }

    /// The number of active subscribers.
    public var subscriberCount: Int {
        lock.withLock { subscribers.count }
    }

    /// Subscribes `handler` to the property: it is called with the current value at once, then with every new value.
    ///
    /// If a delivery round is under way (a subscriber subscribes from inside a handler, or another thread is
    /// delivering), the replay follows that round, still before any later value.
    /// - Parameter handler: Called on the thread that set the value, never concurrently with itself.
    /// - Returns: The subscription; keep it in a ``SubscriptionReferenceBag`` or call ``Subscription/dispose()``.
    @discardableResult
    public func subscribe(_ handler: @escaping @Sendable (Value) -> Void) -> Subscription {
        lock.lock()
        let subscriber = makeSubscriber(handler)
        let delivery = Delivery.replay(subscriber, storedValue)
        if isDelivering {
            pending.append(delivery)
            lock.unlock()
        } else {
            isDelivering = true
            lock.unlock()
            deliver(delivery, to: [])
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
        lock.lock()
        let current = storedValue
        let subscriber = makeSubscriber { value in
            if let derived = box.value {
                update(derived, value)
            }
        }
        lock.unlock()
        let derived = ObservableProperty<Derived>(initial(current))
        box.value = derived
        derived.keepAlive(subscription(for: subscriber))
        // A value set by another thread before `box` was filled reached nobody: catch up with the latest one.
        let latest = lock.withLock { sequence == subscriber.startSequence ? nil : storedValue }
        if let latest {
            update(derived, latest)
        }
        return derived
    }

    package func keepAlive(_ subscription: Subscription) {
        lock.withLock { upstream.append(subscription) }
    }

    // MARK: - Delivery

    private final class Subscriber: @unchecked Sendable {
        // `isActive` is guarded by the owning property's lock; the other members are immutable.
        let id: UInt64
        let startSequence: UInt64
        let handler: @Sendable (Value) -> Void
        var isActive = true

        init(id: UInt64, startSequence: UInt64, handler: @escaping @Sendable (Value) -> Void) {
            self.id = id
            self.startSequence = startSequence
            self.handler = handler
        }
    }

    private enum Delivery {
        case value(Value, sequence: UInt64)
        case replay(Subscriber, Value)
    }

    /// Registers a subscriber that receives values set after this point. Call with the lock held.
    private func makeSubscriber(_ handler: @escaping @Sendable (Value) -> Void) -> Subscriber {
        nextSubscriberID &+= 1
        let subscriber = Subscriber(id: nextSubscriberID, startSequence: sequence, handler: handler)
        subscribers.append(subscriber)
        return subscriber
    }

    private func subscription(for subscriber: Subscriber) -> Subscription {
        Subscription { [self] in
            remove(subscriber)
        }
    }

    private func remove(_ subscriber: Subscriber) {
        lock.withLock {
            subscriber.isActive = false
            if let index = subscribers.firstIndex(where: { $0 === subscriber }) {
                subscribers.remove(at: index)
            }
        }
    }

    private func deliver(_ delivery: Delivery, to snapshot: [Subscriber]) {
        switch delivery {
        case .replay(let subscriber, let value):
            if isActive(subscriber) {
                subscriber.handler(value)
            }
        case .value(let value, let sequence):
            for subscriber in snapshot where subscriber.startSequence < sequence && isActive(subscriber) {
                subscriber.handler(value)
            }
        }
    }

    @inline(__always)
    private func isActive(_ subscriber: Subscriber) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        return subscriber.isActive
    }

    /// Delivers what was queued during the last round until nothing is left. Call with `isDelivering` set.
    private func drain() {
        while true {
            lock.lock()
            if pendingHead == pending.count {
                if pendingHead > 0 {
                    pending.removeAll(keepingCapacity: pending.count <= 64)
                    pendingHead = 0
                }
                isDelivering = false
                lock.unlock()
                return
            }
            let delivery = pending[pendingHead]
            pendingHead += 1
            let snapshot = subscribers
            lock.unlock()
            deliver(delivery, to: snapshot)
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
