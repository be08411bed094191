import BrigadeReactive

/// The name of a temporary value, carrying its type.
///
/// ```swift
/// extension TemporaryKey where Value == String {
///     static let draftNote = TemporaryKey("draftNote")
/// }
/// ```
public struct TemporaryKey<Value: Sendable>: Hashable, Sendable {
    /// The key's name; two keys with the same name and value type are the same key.
    public let name: String

    /// Creates the key called `name`.
    public init(_ name: String) {
        self.name = name
    }
}

/// Typed values kept in memory for a while: a draft, a selection, a pending form.
/// Each key is observable.
///
/// ```swift
/// let temporary = TemporaryValues()
/// temporary.observe(.draftNote).subscribe { note in render(note) }.add(to: bag)
/// temporary.set("no onions", for: .draftNote)
/// temporary.remove(.draftNote)   // subscribers see nil
/// ```
///
/// Memory follows the values, not the keys ever used: a key holds memory while it has a value, or while someone
/// holds its observable property (a subscription does); a removed key that nobody observes is freed.
public final class TemporaryValues: Sendable {
    private struct Key: Hashable {
        let name: String
        let type: ObjectIdentifier
    }

    /// A key's property: kept alive by the store only while it holds a value.
    private struct Slot {
        /// The property, while it holds a value.
        var strong: AnyObject?
        /// The property, for as long as anyone holds it.
        weak var property: AnyObject?
        /// Sets the property's value to nil, if it is still alive.
        let clear: @Sendable () -> Void
        /// Whether the property is alive and holds a value.
        let hasValue: @Sendable () -> Bool
    }

    private struct State {
        var slots: [Key: Slot] = [:]
        /// The number of slots at which the next sweep for slots whose property is gone runs.
        var sweepAt = 64
    }

    private let state = Locked(State())

    /// Creates an empty store.
    public init() {}

    /// The number of keys that hold a value, counted in time linear in the keys kept.
    public var count: Int {
        state.withLock { state in state.slots.values.filter { $0.strong != nil }.count }
    }

    /// Sets the value for `key`; its observers are told.
    public func set<Value>(_ value: Value, for key: TemporaryKey<Value>) {
        let property = observe(key)
        property.value = value
        settle(key)
    }

    /// The value for `key`, if one is set.
    public func value<Value>(for key: TemporaryKey<Value>) -> Value? {
        existing(key)?.value
    }

    /// The observable value for `key`: `nil` while none is set. The same property is returned for as long as
    /// anyone holds it (or the key has a value).
    public func observe<Value>(_ key: TemporaryKey<Value>) -> ObservableProperty<Value?> {
        let id = Self.id(key)
        return state.withLock { state -> ObservableProperty<Value?> in
            if let property = state.slots[id]?.property as? ObservableProperty<Value?> {
                return property
            }
            let property = ObservableProperty<Value?>(nil)
            state.slots[id] = Slot(
                strong: nil, property: property,
                clear: { [weak property] in property?.value = nil },
                hasValue: { [weak property] in property?.value != nil })
            if state.slots.count >= state.sweepAt {
                // Amortised: slots whose property is gone are dropped when their number could have doubled.
                state.slots = state.slots.filter { $0.value.property != nil }
                state.sweepAt = max(64, 2 * state.slots.count)
            }
            return property
        }
    }

    /// Removes the value for `key`; its observers see `nil`. The key's memory is freed unless someone observes it.
    public func remove<Value>(_ key: TemporaryKey<Value>) {
        if let property = existing(key) {
            property.value = nil
        }
        settle(key)
    }

    /// Removes every value; every observer sees `nil`.
    public func removeAll() {
        let clears = state.withLock { $0.slots.values.map(\.clear) }
        for clear in clears {
            clear()
        }
        state.withLock { state in
            for (id, slot) in state.slots {
                Self.settle(id, slot, in: &state)
            }
        }
    }

    private static func id<Value>(_ key: TemporaryKey<Value>) -> Key {
        Key(name: key.name, type: ObjectIdentifier(Value.self))
    }

    /// The key's property, if it is alive; never creates one.
    private func existing<Value>(_ key: TemporaryKey<Value>) -> ObservableProperty<Value?>? {
        let id = Self.id(key)
        return state.withLock { $0.slots[id]?.property as? ObservableProperty<Value?> }
    }

    /// Keeps the key's property alive if it holds a value, lets it go otherwise, and drops the slot once the
    /// property is gone. Decided from the property's value after a change, so concurrent set and remove agree.
    private func settle<Value>(_ key: TemporaryKey<Value>) {
        let id = Self.id(key)
        state.withLock { state in
            if let slot = state.slots[id] {
                Self.settle(id, slot, in: &state)
            }
        }
    }

    private static func settle(_ id: Key, _ slot: Slot, in state: inout State) {
        var slot = slot
        slot.strong = slot.hasValue() ? slot.property : nil
        state.slots[id] = slot.property == nil ? nil : slot
    }
}
