/// A hash table keyed by a pair of types (an action type and a state type), for the reducer lookup on every
/// dispatch.
///
/// Type identities are already well-spread pointers, so a multiply-and-fold hash is enough; it costs a few
/// instructions where `Hasher` costs a full SipHash round. Open addressing with linear probing, at most half full.
struct TypePairTable<Value> {
    struct Entry {
        /// The action type's identity as an integer; 0 marks an empty slot.
        var action: UInt = 0
        var state: UInt = 0
        var value: Value?
        init() {}
    }

    var entries = [Entry](repeating: Entry(), count: 16)
    var count = 0
    init() {}
    static func identity(_ type: Any.Type) -> UInt {
        UInt(bitPattern: ObjectIdentifier(type))
    }
    static func slot(action: UInt, state: UInt, mask: Int) -> Int {
        var hash = action &* 0x9E37_79B9_7F4A_7C15
        hash ^= state &* 0xC2B2_AE3D_27D4_EB4F
        hash ^= hash >> 32
        return Int(truncatingIfNeeded: hash) & mask
    }

    /// The value stored for the action type `actionType` and the state type `stateType`. Not generic over them: a
    /// caller generic over its types (the reducer container's registration) still gets this table's code specialized
    /// for `Value`, so it looks up no generic metadata (at launch, once per new action type, a look-up in a cache as
    /// large as the process's types).
    func value(for actionType: Any.Type, _ stateType: Any.Type) -> Value? {
        let action = Self.identity(actionType)
        let state = Self.identity(stateType)
        let mask = entries.count - 1
        var index = Self.slot(action: action, state: state, mask: mask)
        while entries[index].action != 0 {
            if entries[index].action == action, entries[index].state == state {
                return entries[index].value
            }
            index = (index + 1) & mask
        }
        return nil
    }

    /// Stores `value` for the action type `actionType` and the state type `stateType`, replacing what was there; not
    /// generic, as ``value(for:_:)``.
    mutating func set(_ value: Value, for actionType: Any.Type, _ stateType: Any.Type) {
        if (count + 1) * 2 > entries.count {
            grow()
        }
        if insert(value, action: Self.identity(actionType), state: Self.identity(stateType)) {
            count += 1
        }
    }

    /// Inserts or replaces; returns whether a new key was added.
    private mutating func insert(_ value: Value, action: UInt, state: UInt) -> Bool {
        let mask = entries.count - 1
        var index = Self.slot(action: action, state: state, mask: mask)
        while entries[index].action != 0 {
            if entries[index].action == action, entries[index].state == state {
                entries[index].value = value
                return false
            }
            index = (index + 1) & mask
        }
        entries[index].action = action
        entries[index].state = state
        entries[index].value = value
        return true
    }

    private mutating func grow() {
        let old = entries
        entries = [Entry](repeating: Entry(), count: old.count * 2)
        for entry in old where entry.action != 0 {
            if let value = entry.value {
                _ = insert(value, action: entry.action, state: entry.state)
            }
        }
    }
}
