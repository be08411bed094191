/// A read-only view of an ``ObservableProperty``: its value and its changes, without the setter.
///
/// The owner of a property hands this view out when it alone writes the value; the Redux store's `state` is one.
///
/// ```swift
/// let count = ObservableProperty(0)
/// let view = count.readOnly
/// view.subscribe { print("count is", $0) }.add(to: bag)  // prints "count is 0" at once
/// count.value = 1                                        // prints "count is 1": the view sees every change
/// ```
///
/// It gives the same guarantees as the property it views: subscribers get the current value first, then its changes in
/// the order they were set, in subscription order; one that falls behind writers on other threads gets the latest
/// value (see ``ObservableProperty``).
public final class ReadOnlyObservableProperty<Value: Sendable>: Sendable {
    let source: ObservableProperty<Value>

    /// A view of `source`.
    public init(_ source: ObservableProperty<Value>) {
        self.source = source
    }

    /// The current value.
    public var value: Value { source.value }

    /// The number of active subscribers of the viewed property.
    public var subscriberCount: Int { source.subscriberCount }

    /// Subscribes `handler`: it is called with the current value at once, then with the new values. See
    /// ``ObservableProperty/subscribe(_:)``.
    /// - Returns: The subscription; keep it in a ``SubscriptionReferenceBag`` or call ``SubscriptionReference/dispose()``.
    @discardableResult
    public func subscribe(_ handler: @escaping @Sendable (Value) -> Void) -> SubscriptionReference {
        source.subscribe(handler)
    }

    /// Subscribes `handler`, skipping the current value when `initial` is `false`. See
    /// ``ObservableProperty/subscribe(initial:_:)``.
    @discardableResult
    public func subscribe(initial: Bool, _ handler: @escaping @Sendable (Value) -> Void) -> SubscriptionReference {
        source.subscribe(initial: initial, handler)
    }

    /// An asynchronous sequence of the values: the current value first, then each newer one; a reader slower than the
    /// writers skips to the latest value. See ``ObservableProperty/values``.
    public var values: AsyncStream<Value> { source.values }

    /// A property holding `transform` of the value, updated on every change; see ``ObservableProperty/map(_:)``.
    public func map<Mapped: Sendable>(_ transform: @escaping @Sendable (Value) -> Mapped) -> ObservableProperty<Mapped>
    {
        source.map(transform)
    }

    /// A property holding the latest value that satisfies `isIncluded`; see ``ObservableProperty/filter(_:)``.
    public func filter(_ isIncluded: @escaping @Sendable (Value) -> Bool) -> ObservableProperty<Value?> {
        source.filter(isIncluded)
    }

    /// A property that skips a value equivalent to the one before it; see ``ObservableProperty/distinct(by:)``.
    public func distinct(by areEquivalent: @escaping @Sendable (Value, Value) -> Bool) -> ObservableProperty<Value> {
        source.distinct(by: areEquivalent)
    }
}

extension ReadOnlyObservableProperty {
    /// A property holding this value and `other`'s, updated when either changes; see
    /// ``ObservableProperty/combineLatest(_:)``.
    public func combineLatest<Other: Sendable>(
        _ other: ObservableProperty<Other>
    ) -> ObservableProperty<(Value, Other)> {
        source.combineLatest(other)
    }

    /// A property holding this value and `other`'s, updated when either changes.
    public func combineLatest<Other: Sendable>(
        _ other: ReadOnlyObservableProperty<Other>
    ) -> ObservableProperty<(Value, Other)> {
        source.combineLatest(other.source)
    }
}

extension ReadOnlyObservableProperty where Value: Equatable {
    /// A property that skips a value equal to the one before it.
    public func distinct() -> ObservableProperty<Value> {
        source.distinct()
    }
}

extension ObservableProperty {
    /// A read-only view of this property, for handing out when only its owner may set it.
    public var readOnly: ReadOnlyObservableProperty<Value> {
        ReadOnlyObservableProperty(self)
    }
}
