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

/// Typed values kept in memory for a while (Filzanzug's temporary values): a draft, a selection, a pending form.
/// Each key is observable.
///
/// ```swift
/// let temporary = TemporaryValues()
/// temporary.observe(.draftNote).subscribe { note in render(note) }.add(to: bag)
/// temporary.set("no onions", for: .draftNote)
/// temporary.remove(.draftNote)   // subscribers see nil
/// ```
public final class TemporaryValues: Sendable {
    private struct Key: Hashable {
        let name: String
        let type: ObjectIdentifier
    }

    private struct Slot: Sendable {
        /// An `ObservableProperty<Value?>` for the key's value type.
        let property: any Sendable
        let clear: @Sendable () -> Void
    }

    private let slots = Locked<[Key: Slot]>([:])

    /// Creates an empty store.
    public init() {}

    /// Sets the value for `key`; its observers are told.
    public func set<Value>(_ value: Value, for key: TemporaryKey<Value>) {
        observe(key).value = value
    }

    /// The value for `key`, if one is set.
    public func value<Value>(for key: TemporaryKey<Value>) -> Value? {
        observe(key).value
    }

    /// The observable value for `key`: `nil` while none is set.
    public func observe<Value>(_ key: TemporaryKey<Value>) -> ObservableProperty<Value?> {
        let id = Key(name: key.name, type: ObjectIdentifier(Value.self))
        return slots.withLock { slots -> ObservableProperty<Value?> in
            if let slot = slots[id], let property = slot.property as? ObservableProperty<Value?> {
                return property
            }
            let property = ObservableProperty<Value?>(nil)
            slots[id] = Slot(property: property, clear: { property.value = nil })
            return property
        }
    }

    /// Removes the value for `key`; its observers see `nil`.
    public func remove<Value>(_ key: TemporaryKey<Value>) {
        observe(key).value = nil
    }

    /// Removes every value; every observer sees `nil`.
    public func removeAll() {
        let clears = slots.withLock { $0.values.map(\.clear) }
        for clear in clears {
            clear()
        }
    }
}
