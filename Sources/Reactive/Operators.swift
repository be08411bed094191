extension ObservableProperty {
    /// A property holding `transform` of this property's value, updated on every change.
    ///
    /// The result lives as long as someone holds it or a subscription to it; it keeps this property alive.
    public func map<Mapped: Sendable>(_ transform: @escaping @Sendable (Value) -> Mapped) -> ObservableProperty<Mapped>
    {
        derive(initial: transform) { derived, value in
            derived.value = transform(value)
        }
    }

    /// A property holding the latest value delivered to it that satisfies `isIncluded`, or `nil` until one has.
    ///
    /// The filter sees what a subscriber of this property sees: with one writer, or writers that take turns, every
    /// value. While other threads set values during a delivery, the values set in between are skipped (see
    /// ``ObservableProperty``), the ones that satisfy `isIncluded` too: the filter then holds the latest *included
    /// value it was shown*, which may be older than the latest included value set, or `nil` if it was shown none.
    /// Once the writers stop, the final value is delivered to it: when that satisfies `isIncluded`, the filter holds
    /// it; otherwise it keeps the included value it held (the soak checks both under two writers).
    ///
    /// A consumer that must see every included value is a subscriber with a buffer of its own, or a `SignalBus`
    /// signal, which delivers every value sent.
    public func filter(_ isIncluded: @escaping @Sendable (Value) -> Bool) -> ObservableProperty<Value?> {
        derive(initial: { isIncluded($0) ? $0 : nil }) { derived, value in
            if isIncluded(value) {
                derived.value = value
            }
        }
    }

    /// A property that skips a value when `areEquivalent` says it equals the one before it.
    ///
    /// ```swift
    /// // 10, 10, 20, 20, 30 reaches the subscribers of `changes` as 10, 20, 30.
    /// let changes = temperature.distinct(by: { $0 == $1 })
    /// ```
    public func distinct(
        by areEquivalent: @escaping @Sendable (Value, Value) -> Bool
    ) -> ObservableProperty<Value> {
        derive(initial: { $0 }) { derived, value in
            if !areEquivalent(derived.value, value) {
                derived.value = value
            }
        }
    }

    /// A property holding this property's value and `other`'s, updated when either changes.
    ///
    /// The pairs are made in one order for both sources: the combined property never holds (or delivers) a pair
    /// older than one it held, in either member, and once both sources stop changing it holds their latest values.
    public func combineLatest<Other: Sendable>(
        _ other: ObservableProperty<Other>
    ) -> ObservableProperty<(Value, Other)> {
        let (first, firstSequence) = read()
        let (second, secondSequence) = other.read()
        let combined = ObservableProperty<(Value, Other)>((first, second))
        let box = WeakBox<ObservableProperty<(Value, Other)>>()
        box.value = combined
        // Each side replaces its member of the pair under the combined property's lock: the pairs are ordered by that
        // lock, and each side's values arrive in the order they were set.
        let fromFirst = register(after: firstSequence, initial: true) { value in
            box.value?.modify { $0.0 = value }
        }
        combined.keepAlive(subscription(for: fromFirst))
        let fromSecond = other.register(after: secondSequence, initial: true) { value in
            box.value?.modify { $0.1 = value }
        }
        combined.keepAlive(other.subscription(for: fromSecond))
        return combined
    }
}

extension ObservableProperty where Value: Equatable {
    /// A property that skips a value equal to the one before it.
    public func distinct() -> ObservableProperty<Value> {
        distinct(by: ==)
    }
}
