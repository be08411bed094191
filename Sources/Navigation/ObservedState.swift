import BrigadeLocking
import BrigadeReactive
import Observation

/// An `Observable` view of an ``BrigadeReactive/ObservableProperty`` (a store's state, the language of `Translations`,
/// any property), for SwiftUI views and anything else that reads through Swift's Observation module.
///
/// ```swift
/// let notes = ObservedState(store: store)
/// // In a SwiftUI body, or inside withObservationTracking:
/// let titles = notes.titles          // registers \.titles only
/// store.dispatch(AddNote(title: "x"))  // changes titles: the view is invalidated
/// ```
///
/// Read a nested member through the key-path subscript (`state[\.owner.name]`) and an element by its id
/// (`state[\.notes, id: id]`): a view is then re-evaluated only when what it read changed. A member chain
/// (`state.owner.name`) registers its first member only (`\.owner`), as Apple's `@Observable` does.
///
/// Guarantees:
/// - Reading a member (``subscript(dynamicMember:)`` or ``subscript(_:)``) registers that key path only. A new
///   value tells Observation about a key path of stored properties (`\.notes`, `\.user.name`) only when its value
///   changed (compared with `==`), so a view that read `a` is not invalidated by a change of `b`.
/// - A key path through a subscript or a computed property (`\.notes[2]`, `\.notes.count`) is never evaluated on
///   a new value, since it may not be valid there (note 2 deleted): any new value tells it. Read an element by its
///   id instead (``subscript(_:id:)``, precise and safe), or through its stored parent (`state.notes[2]` registers
///   `\.notes`). Tracking never traps on a value the view has not read.
/// - Tracking follows what the views read last: a key path is forgotten once Observation was told about it (an
///   observer is told once, then reads again what it still needs), and once Observation follows it no more (every
///   view that read it is gone: its tracking was cancelled or ended by another change). Such a key path is dropped at
///   the next delivery, never evaluated after that, and a view is not told about it again: the cost of a delivery
///   and the memory follow the views alive now, not every key path ever read. ``trackedMemberCount`` says how many
///   are followed.
/// - Reading ``value`` registers the whole value: every value the property delivers invalidates it, but one equal to
///   the value before when the two can be compared (see below).
/// - It changes at most once per delivery of the property: for a BrigadeRedux `Store`, once per dispatch or
///   transaction that changed the state, so `withObservationTracking`'s `onChange` fires once per transaction. A
///   delivery that changes nothing a view read (and ``value`` was never read) tells Observation nothing: it only
///   stores the value. A value equal to the one before (a store tells every round that ran a reducer) changes
///   nothing, when it can be compared: an `Equatable` value, or a source that compares its states.
/// - Thread-safe: the property may be set on any thread; Observation is told on that thread, after the new value
///   is stored (an `onChange` that reads this state reads the new value). A member read for the first time while a
///   value is delivered reads the new value or is told about it.
/// - It holds the property it follows, not the other way round (the subscription holds only what a delivery writes,
///   not this view), and it ends its subscription when it is released. It does not hold a store: once the store is
///   gone, it keeps the last state.
@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
@dynamicMemberLookup
public final class ObservedState<Value: Sendable>: Observable, @unchecked Sendable {
    // Unchecked Sendable: `_core` is Sendable, `subscription` is a lock, and `source` is an immutable reference that is
    // only held, never read (a property followed; `nil` for a store, which the view does not keep alive).
    /// What the followed property delivers to and views read through: the value, the members read, and the
    /// registrar. The subscription holds it strongly, so a delivery loads no weak reference (issue 32: the weak
    /// reference's load and the side table it gave this class's reference counting took 15 % of a dispatch).
    @usableFromInline let _core: _ObservedCore<Value>
    /// The property followed, held so that it lives as long as this view; `nil` for a store.
    private let source: AnyObject?
    private let subscription = Locked<SubscriptionReference?>(nil)

    /// Creates an observable view of `property`; it follows every value the property delivers.
    @inlinable
    public convenience init(_ property: ObservableProperty<Value>) {
        self.init(_source: property, value: property.value)
        _keep(property.subscribe(_makeHandler()))
    }

    /// Creates an observable view of `property` (a store's state, say); it follows every value the property
    /// delivers.
    @inlinable
    public convenience init(_ property: ReadOnlyObservableProperty<Value>) {
        self.init(_source: property, value: property.value)
        _keep(property.subscribe(_makeHandler()))
    }

    @usableFromInline
    init(
        _source source: AnyObject?, value: Value, equality: ((Value, Value) -> Bool)? = nil,
        counting store: AnyObject? = nil
    ) {
        self.source = source
        // One conformance look-up per view made: a store tells an attached inspector what its views invalidated.
        _core = _ObservedCore(
            value: value, equality: equality,
            invalidations: (store as? InvalidationCounting)?.invalidationCounter)
    }

    /// Creates an observable view of `store`'s state: a BrigadeRedux `Store`, or any other
    /// ``BrigadeReactive/ObservableStateSource``. For a store, it changes once per dispatch or transaction that changed
    /// what a view read, after the store's priority subscribers ran; a state equal to the one before is recognised
    /// with the store's ``BrigadeReactive/ObservableStateSource/stateEquality`` (a store of an `Equatable` state).
    /// The view does not keep the store alive.
    @MainActor
    @inlinable
    public convenience init<Source: ObservableStateSource>(store: Source) where Source.StateValue == Value {
        self.init(_source: nil, value: store.currentState, equality: store.stateEquality, counting: store)
        _keep(store.observeStates(_makeHandler()))
    }

    /// Creates an observable view of `store`'s `Equatable` state: like `init(store:)` for any state, and a state equal
    /// to the one before (compared with `==`) changes nothing a view read.
    @MainActor
    @inlinable
    public convenience init<Source: ObservableStateSource>(
        store: Source
    ) where Source.StateValue == Value, Value: Equatable {
        self.init(_source: nil, value: store.currentState, equality: { $0 == $1 }, counting: store)
        _keep(store.observeStates(_makeHandler()))
    }

    deinit {
        subscription.withLock { $0?.dispose() }
    }

    /// The subscriber of the followed property, made where the value type is known (it is specialized for it).
    @inlinable
    func _makeHandler() -> @Sendable (Value) -> Void {
        { [core = _core] value in
            core._receive(value)
        }
    }

    /// Keeps the subscription to the followed property, ended when this view is released.
    @usableFromInline
    func _keep(_ made: SubscriptionReference) {
        subscription.withLock { $0 = made }
    }

    /// The whole value; reading it registers every change.
    public var value: Value {
        _core.value
    }

    /// The part of the value at `keyPath`; reading it registers that key path only.
    @inlinable
    public subscript<Member: Equatable>(dynamicMember keyPath: KeyPath<Value, Member>) -> Member {
        self[keyPath]
    }

    /// The part of the value at `keyPath`; reading it registers that key path only.
    @inlinable
    public subscript<Member: Equatable>(_ keyPath: KeyPath<Value, Member>) -> Member {
        _core._member(keyPath)
    }

    /// The element of the collection at `keyPath` whose id is `id`, or `nil` when it has none; reading it registers
    /// that element only. A change of the element, its removal or its arrival tells it; a change of another element,
    /// or a move, does not (when `keyPath` goes through stored properties only; else any new value tells it).
    ///
    /// ```swift
    /// Text(state[\.notes, id: noteID]?.title ?? "deleted")   // redrawn when this note changes or goes
    /// ```
    ///
    /// Complexity: a read searches the collection, O(n); so does each new value that changed the collection while
    /// the element is registered (an unchanged `Array` is recognised in O(1)).
    @inlinable
    public subscript<Elements: Collection>(
        _ keyPath: KeyPath<Value, Elements>,
        id id: Elements.Element.ID
    ) -> Elements.Element? where Elements: Equatable, Elements.Element: Identifiable & Equatable {
        _core._element(keyPath, id: id)
    }

    /// How many members (key paths, elements read by id) are followed: read by a view that Observation still follows
    /// for them. It returns to 0 once the views that read them are gone; a diagnostic for tests and for a leak
    /// hunt. Complexity: O(n) in the members kept, which it drops when no view follows them.
    public var trackedMemberCount: Int {
        _core.trackedMemberCount
    }
}

/// What an ``ObservedState`` keeps and tells Observation about: the value, the members views read, the registrar.
/// It is the subject Observation is told about (the key paths views register are rooted here); Observation uses a
/// subject only to type its key paths, so a view reading through the ``ObservedState`` is told as if it were the
/// subject.
@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
@usableFromInline
final class _ObservedCore<Value: Sendable>: Observable, @unchecked Sendable {
    /// Everything the core's lock guards.
    @usableFromInline
    struct _Storage {
        @usableFromInline var _value: Value
        /// Keyed by the key path read, or by an `ElementKey` for an element read by id.
        @usableFromInline var _readers: [AnyHashable: _ObservedMember<Value>] = [:]
        /// The readers of ``_readers`` by the identity of the key path a view last read them with, and by that and the
        /// id for an element: a read finds its reader without hashing the key path's components. A reader holds the
        /// key path of its identity, so the identity is not reused while the entry is here.
        @usableFromInline var _byIdentity: [_ReadIdentity: _ObservedMember<Value>] = [:]
        /// Whether ``value`` was ever read: only then may Observation follow `\.value` on this instance.
        @usableFromInline var _isValueRead = false

        init(value: Value) {
            _value = value
        }

        /// Stores `new`; returns the readers whose member changed, forgotten here, and whether ``value``'s readers are
        /// to be told; drops the readers no view follows any more (unevaluated). A reader whose member cannot be
        /// compared, and ``value``, are told unless `equality` says the whole value is equal to the one before.
        @inlinable
        mutating func _store(
            _ new: Value, equality: ((Value, Value) -> Bool)?, dropsGone: Bool
        ) -> (changed: [_ObservedMember<Value>], tellsValue: Bool) {
            guard !_readers.isEmpty else {
                let tellsValue = _isValueRead && (equality.map { !$0(_value, new) } ?? true)
                _value = new
                return ([], tellsValue)
            }
            // The new value goes in and the old one comes out without another copy; the readers compare them where
            // they lie.
            var old = new
            swap(&old, &_value)
            let readers = _readers
            let isValueRead = _isValueRead
            let (changed, forgotten, tellsValue) = _StoredMember._inPlace(&old, &_value) { old, new in
                Self._compare(readers, old, new, equality: equality, isValueRead: isValueRead, dropsGone: dropsGone)
            }
            for key in forgotten {
                _forget(key)
            }
            return (changed, tellsValue)
        }

        /// Makes `reader` known by `identity`, the identity of `source`, which it holds (so the identity is not reused
        /// while it is known), instead of the identity it was known by.
        @usableFromInline
        mutating func _know(_ reader: _ObservedMember<Value>, as identity: _ReadIdentity, source: AnyKeyPath) {
            if let old = reader._identity, old != identity, _byIdentity[old] === reader {
                _byIdentity[old] = nil
            }
            reader._identity = identity
            reader._source = source
            _byIdentity[identity] = reader
        }

        /// Forgets the reader of `key`, and its identity.
        @inlinable
        mutating func _forget(_ key: AnyHashable) {
            guard let reader = _readers.removeValue(forKey: key) else { return }
            reader._isCurrent = false
            if let identity = reader._identity, _byIdentity[identity] === reader {
                _byIdentity[identity] = nil
            }
        }

        /// The readers of `readers` whose member differs between the values at `old` and `new`, the keys of those to
        /// forget (the changed ones, and those no view follows any more, unevaluated), and whether ``value``'s readers
        /// are to be told. The whole values are compared with `equality` at most once, only when a reader cannot
        /// compare its member or ``value`` was read.
        @inlinable
        static func _compare(
            _ readers: [AnyHashable: _ObservedMember<Value>],
            _ old: _StoredMember._Place<Value>,
            _ new: _StoredMember._Place<Value>,
            equality: ((Value, Value) -> Bool)?,
            isValueRead: Bool,
            dropsGone: Bool
        ) -> (changed: [_ObservedMember<Value>], forgotten: [AnyHashable], tellsValue: Bool) {
            var wholeChanged: Bool?
            func hasWholeChanged() -> Bool {
                if let wholeChanged {
                    return wholeChanged
                }
                let changed =
                    equality.map { !$0(_StoredMember._value(at: old), _StoredMember._value(at: new)) } ?? true
                wholeChanged = changed
                return changed
            }
            var changed: [_ObservedMember<Value>] = []
            var forgotten: [AnyHashable] = []
            var index = readers.startIndex
            while index != readers.endIndex {
                let reader = readers.values[index]
                if dropsGone && !reader._isFollowed() {
                    forgotten.append(readers.keys[index])
                } else if reader._compare.map({ $0(old, new) }) ?? hasWholeChanged() {
                    changed.append(reader)
                    forgotten.append(readers.keys[index])
                }
                readers.formIndex(after: &index)
            }
            return (changed, forgotten, isValueRead && hasWholeChanged())
        }
    }

    // Unchecked Sendable: `_lock` guards `_storage`; `_registrar` is Sendable; `_valueKeyPath` is an immutable key path;
    // `_valueEquality` is an immutable function that compares two values (`==`, or the source's) and captures no state
    // of its own.
    // Observation is called with the lock released. The delivery path is inlinable, so that it is specialized for the
    // client's value type: unspecialized, it looked up the generic metadata of its storage and readers on every
    // delivery (issue 32).
    @usableFromInline let _registrar = ObservationRegistrar()
    @usableFromInline let _lock = _Lock()
    /// Everything the core keeps, guarded by `_lock`: every access is in `_withStorage` (`_member` and `_element` read
    /// in one of its sections), which already makes them exclusive; it lives in a cell (BrigadeLocking's
    /// `_ExclusiveCell`, the one opt-out of the exclusivity check), so the runtime's check (a thread-local access set,
    /// measured: bridge dispatch 1.7x, 313 vs 181 ns) is skipped.
    @usableFromInline let _storage: _ExclusiveCell<_Storage>
    /// `\.value`, made once: a key path of a generic class is instantiated at run time, which cost some 1.2 us on
    /// every delivery when it was written in `receive`.
    @usableFromInline let _valueKeyPath: KeyPath<_ObservedCore<Value>, Value> = \.value
    /// Compares two values, for an `Equatable` value followed where a delivery may repeat it (a store's): ``value`` is
    /// then told only about a different one.
    @usableFromInline let _valueEquality: ((Value, Value) -> Bool)?
    /// Whether readers no view follows any more are dropped: when this process's Observation holds what it follows
    /// in the way ``ObservedStateDiagnostics/dropsMembersOfGoneViews`` checks.
    @usableFromInline let _dropsGoneReaders = ObservedStateDiagnostics.dropsMembersOfGoneViews

    init(value: Value, equality: ((Value, Value) -> Bool)?, invalidations: InvalidationCounter? = nil) {
        _storage = _ExclusiveCell(_Storage(value: value))
        _valueEquality = equality
        _invalidations = invalidations
    }

    /// Where the members each new value invalidates are counted, for an inspector attached to the store.
    @usableFromInline let _invalidations: _InvalidationCounter?

    /// Whether a view may still follow `reader`.
    @inlinable
    func _follows(_ reader: _ObservedMember<Value>) -> Bool {
        !_dropsGoneReaders || reader._isFollowed()
    }

    @inlinable
    func _withStorage<Result>(_ body: (inout _Storage) -> Result) -> Result {
        _lock.lock()
        defer { _lock.unlock() }
        return body(&_storage._value)
    }

    /// The whole value; reading it registers every change.
    var value: Value {
        _withStorage { $0._isValueRead = true }
        _registrar.access(self, keyPath: _valueKeyPath)
        return _withStorage { $0._value }
    }

    /// Reads the member at `keyPath` (stored at `offset`, when it has one), registering it.
    ///
    /// One locked section finds the member's reader, registers the access (as Observation's macro does, before the
    /// value is read) and reads the value: a read whose section comes before a `receive`'s is told about the new
    /// value, one whose section comes after reads it. (`access` only notes the key path in the running tracking; it
    /// calls nothing back.) The key path Observation is told about is the reader's own instance: Observation holds it
    /// while a view follows it, the reader only weakly, so a reader no view follows any more is found and dropped.
    @inlinable
    func _member<Member: Equatable>(_ keyPath: KeyPath<Value, Member>) -> Member {
        _withStorage { storage in
            let reader: _ObservedMember<Value>
            if let known = storage._byIdentity[_ReadIdentity(keyPath)], known._isCurrent, _follows(known) {
                reader = known
            } else {
                reader = _addReader(keyPath, in: &storage)
            }
            if let observed = reader._observed as? KeyPath<_ObservedCore<Value>, Member> {
                _registrar.access(self, keyPath: observed)
            }
            guard let offset = reader._offset else {
                return storage._value[keyPath: keyPath]
            }
            return _StoredMember._read(storage._value, at: offset, as: Member.self)
        }
    }

    /// The reader of `keyPath`, made when it has none a view follows, and known by `keyPath`'s identity from now on.
    /// Called with the lock held, on `storage`.
    ///
    /// A key path through stored properties only is read and compared at its offset (a key path's projection took
    /// most of a delivery with a reader, issue 32); another one may trap on a new value, so it is not evaluated: any
    /// new value tells it, and a debug build says so once.
    @usableFromInline
    func _addReader<Member: Equatable>(
        _ keyPath: KeyPath<Value, Member>, in storage: inout _Storage
    ) -> _ObservedMember<Value> {
        let reader: _ObservedMember<Value>
        if let known = storage._readers[keyPath], _follows(known) {
            reader = known
        } else {
            let offset = MemoryLayout<Value>.offset(of: keyPath)
            #if DEBUG
            if offset == nil {
                _ObservedStateWarning._uncomparable(keyPath)
            }
            #endif
            // The comparison is made here, where the types are known: a delivery runs it specialized.
            let changed: _ObservedMember<Value>._Comparison? = offset.map { offset in
                { old, new in _StoredMember._differ(old, new, at: offset, as: Member.self) }
            }
            let observed =
                storage._readers[keyPath]?._observed ?? (\_ObservedCore<Value>.current).appending(path: keyPath)
            reader = KeyPathReader<Value, Member>(observed: observed, changed: changed, offset: offset)
            storage._readers[keyPath] = reader
        }
        storage._know(reader, as: _ReadIdentity(keyPath), source: keyPath)
        return reader
    }

    /// Reads the element of `keyPath` whose id is `id`, registering it; see ``_member(_:)``.
    @inlinable
    func _element<Elements: Collection>(
        _ keyPath: KeyPath<Value, Elements>,
        id: Elements.Element.ID
    ) -> Elements.Element? where Elements: Equatable, Elements.Element: Identifiable & Equatable {
        _withStorage { storage in
            let reader: _ObservedMember<Value>
            if let known = storage._byIdentity[_ReadIdentity(keyPath, id: id)], known._isCurrent, _follows(known) {
                reader = known
            } else {
                reader = _addElementReader(keyPath, id: id, in: &storage)
            }
            if let observed = reader._observed as? KeyPath<_ObservedCore<Value>, Bool> {
                _registrar.access(self, keyPath: observed)
            }
            guard let offset = reader._offset else {
                return storage._value[keyPath: keyPath].first { $0.id == id }
            }
            return _StoredMember._read(storage._value, at: offset, as: Elements.self).first { $0.id == id }
        }
    }

    /// The reader of the element of `keyPath` whose id is `id`; see ``_addReader(_:)``.
    @usableFromInline
    func _addElementReader<Elements: Collection>(
        _ keyPath: KeyPath<Value, Elements>,
        id: Elements.Element.ID,
        in storage: inout _Storage
    ) -> _ObservedMember<Value> where Elements: Equatable, Elements.Element: Identifiable & Equatable {
        let key = ElementKey(collection: keyPath, id: AnyHashable(id))
        let reader: _ObservedMember<Value>
        if let known = storage._readers[key], _follows(known) {
            reader = known
        } else {
            // A key path through stored properties only cannot trap on a new value: it is compared; another tells
            // always. The comparison is made here, where the types are known: a delivery runs it specialized.
            let offset = MemoryLayout<Value>.offset(of: keyPath)
            let changed: _ObservedMember<Value>._Comparison? =
                offset == nil
                ? nil
                : { old, new in
                    let (before, after) = (
                        _StoredMember._value(at: old)[keyPath: keyPath],
                        _StoredMember._value(at: new)[keyPath: keyPath]
                    )
                    return before != after && before.first { $0.id == id } != after.first { $0.id == id }
                }
            // A token of its own as the subscript's argument: Observation hashes the key paths it is told about, and
            // hashing the element's key (a key path and an id) took 15 % of re-evaluating views that read an element.
            let observed = storage._readers[key]?._observed ?? \_ObservedCore<Value>.[element: ElementToken()]
            reader = ElementReader<Value>(observed: observed, changed: changed, offset: offset)
            storage._readers[key] = reader
        }
        storage._know(reader, as: _ReadIdentity(keyPath, id: id), source: keyPath)
        return reader
    }

    /// How many members are followed; see ``ObservedState/trackedMemberCount``.
    var trackedMemberCount: Int {
        _withStorage { storage in
            for (key, reader) in storage._readers where !(!_dropsGoneReaders || reader._isFollowed()) {
                storage._forget(key)
            }
            return storage._readers.count
        }
    }

    /// Nothing: the key path Observation is told about for an element read by id.
    fileprivate subscript(element token: ElementToken) -> Bool {
        false
    }

    /// The value without registering anything; the root of the key paths Observation is told about.
    fileprivate var current: Value {
        _withStorage { $0._value }
    }
}
