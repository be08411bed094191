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

    /// A property holding the latest value that satisfies `isIncluded`, or `nil` until one has.
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
    public func combineLatest<Other: Sendable>(
        _ other: ObservableProperty<Other>
    ) -> ObservableProperty<(Value, Other)> {
        let combined = derive(initial: { ($0, other.value) }) { derived, value in
            derived.value = (value, other.value)
        }
        let fromOther = other.derive(initial: { $0 }) { [weak combined] _, value in
            combined?.value = (self.value, value)
        }
        combined.keepAlive(SubscriptionReference { _ = fromOther })
        return combined
    }
}

extension ObservableProperty where Value: Equatable {
    /// A property that skips a value equal to the one before it.
    public func distinct() -> ObservableProperty<Value> {
        distinct(by: ==)
    }
}
