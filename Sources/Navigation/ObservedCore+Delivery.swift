import BrigadeReactive
import Observation

// What an observable view does with each new value: the readers whose member changed are told, through Observation.
@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
extension _ObservedCore {
    /// Stores `new`, finds the readers whose member changed and forgets them in one locked section, then tells
    /// Observation (outside the lock, so an observer may read this state): a reader added after that section reads
    /// `new`, and an observer that reads a member again registers it again. A delivery no view can follow (nothing
    /// read, or nothing read changed) stores the value only.
    @inlinable
    func _receive(_ new: Value) {
        let (changed, tellsValue) = _withStorage {
            $0._store(new, equality: _valueEquality, dropsGone: _dropsGoneReaders)
        }
        if changed.isEmpty {
            if tellsValue {
                _invalidations?._add(1)
                _registrar.willSet(self, keyPath: _valueKeyPath)
                _registrar.didSet(self, keyPath: _valueKeyPath)
            }
            return
        }
        _invalidations?._add(changed.count + (tellsValue ? 1 : 0))
        _tell(changed, isValueRead: tellsValue)
    }

    /// Tells Observation that the members of `changed` (and the value, when `isValueRead`: it was read and changed)
    /// changed.
    @usableFromInline
    func _tell(_ changed: [_ObservedMember<Value>], isValueRead: Bool) {
        // The changed readers hold their key paths until Observation was told: telling one observer may end the
        // last tracking that held a key path another observer still expects a didSet for.
        defer { withExtendedLifetime(changed) {} }
        if isValueRead {
            _registrar.willSet(self, keyPath: _valueKeyPath)
        }
        for reader in changed {
            reader._willSet(_registrar, of: self)
        }
        for reader in changed {
            reader._didSet(_registrar, of: self)
        }
        if isValueRead {
            _registrar.didSet(self, keyPath: _valueKeyPath)
        }
    }
}
