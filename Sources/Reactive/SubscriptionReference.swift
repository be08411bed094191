import BrigadeLocking

/// A handle on one subscriber of an ``ObservableProperty``, a ``SignalBus`` or a store.
///
/// The subscription ends when ``dispose()`` is called, or when the ``SubscriptionReferenceBag`` it was added to goes
/// away. Dropping the handle alone does not end it; keep it in a bag. A subscription to a property keeps the property
/// alive, so a derived property lives as long as someone subscribes to it; a subscription to a store does not keep the
/// store alive.
public final class SubscriptionReference: Sendable {
    private let disposable: any Disposable

    /// Creates a subscription that runs `onDispose` once, on the first call to ``dispose()``.
    public init(onDispose: @escaping @Sendable () -> Void) {
        disposable = ClosureBox(onDispose)
    }

    /// Creates a subscription that ends `disposable`: a component that keeps its own subscriber objects makes them
    /// the disposal, with no closure and no lock of their own.
    package init(_ disposable: any Disposable) {
        self.disposable = disposable
    }

    /// Whether ``dispose()`` has been called.
    public var isDisposed: Bool {
        disposable.isDisposed
    }

    /// Ends the subscription. Calling it again does nothing.
    ///
    /// After it returns, the subscriber is not called for values set afterwards.
    public func dispose() {
        disposable.dispose()
    }

    /// Hands the subscription to `bag`, which disposes it when the bag is disposed or released.
    public func add(to bag: SubscriptionReferenceBag) {
        bag.add(self)
    }
}

/// Holds subscriptions and disposes all of them when it is released or when ``dispose()`` is called.
///
/// ```swift
/// let bag = SubscriptionReferenceBag()
/// property.subscribe { print($0) }.add(to: bag)
/// ```
public final class SubscriptionReferenceBag: Sendable {
    private let subscriptions = Locked<[SubscriptionReference]>([])

    /// Creates an empty bag.
    public init() {}

    deinit {
        dispose()
    }

    /// Adds `subscription` to the bag.
    public func add(_ subscription: SubscriptionReference) {
        subscriptions.withLock { $0.append(subscription) }
    }

    /// The number of subscriptions the bag holds.
    public var count: Int {
        subscriptions.withLock { $0.count }
    }

    /// Disposes every subscription in the bag, in the order they were added, and empties it.
    public func dispose() {
        let taken = subscriptions.withLock { held -> [SubscriptionReference] in
            defer { held.removeAll() }
            return held
        }
        for subscription in taken {
            subscription.dispose()
        }
    }
}

/// What a ``SubscriptionReference`` ends, once, from any thread.
package protocol Disposable: AnyObject, Sendable {
    /// Ends what the subscription stands for; only the first call has an effect.
    func dispose()
    /// Whether ``dispose()`` was called.
    var isDisposed: Bool { get }
}

extension ClosureBox: Disposable {
    /// Runs the closure, unless it was run already.
    package func dispose() {
        take()?()
    }

    /// Whether the closure was run.
    package var isDisposed: Bool {
        isEmpty
    }
}
