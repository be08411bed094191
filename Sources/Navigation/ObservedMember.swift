import BrigadeLocking
import Observation

/// A member an ``ObservedState`` was read at (a key path, an element by id): how to tell whether its value changed,
/// and how to tell Observation. A class rather than a protocol: the delivery path reaches it without an existential,
/// and calls its comparison, made where the types are known, specialized.
@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
@usableFromInline
class _ObservedMember<Value: Sendable> {
    /// Whether the member differs between the values at two places.
    @usableFromInline typealias _Comparison = (_StoredMember._Place<Value>, _StoredMember._Place<Value>) -> Bool

    /// Whether the member differs between two values; `nil` when it cannot be evaluated safely (it may trap on a
    /// value the view has not read): every new value tells it then.
    @usableFromInline let _compare: _Comparison?
    /// The key path Observation was told about. Observation holds it while a view follows the member; held here as
    /// an `AnyKeyPath`, so that checking it takes no generic metadata.
    // Read and checked under the core's lock while the member is in `_readers`; once a delivery took it out, only the
    // delivering thread reads it. Never written after `init`. In a cell (BrigadeLocking's `_ExclusiveCell`, the one
    // opt-out of the exclusivity check): `_isFollowed()` takes it `inout` to check its uniqueness.
    @usableFromInline final let _observedCell: _ExclusiveCell<AnyKeyPath>
    @inlinable final var _observed: AnyKeyPath { _observedCell._value }

    /// Whether the reader is in its core's readers; `false` once it was forgotten there. Under the core's lock.
    @usableFromInline final var _isCurrent = true
    /// The identity the reader is known by in its core's `_byIdentity`, and the key path of that identity, held so
    /// that the identity is not reused while it is known. Under the core's lock.
    @usableFromInline final var _identity: _ReadIdentity?
    @usableFromInline final var _source: AnyKeyPath?
    /// Where the member read (for an element, its collection) is stored in the value, when its key path goes through
    /// stored properties only: it is read there.
    @usableFromInline final let _offset: Int?

    init(observed: AnyKeyPath, changed: _Comparison?, offset: Int?) {
        _observedCell = _ExclusiveCell(observed)
        _compare = changed
        _offset = offset
    }

    /// Whether a view still follows the member: its key path is held by Observation, not only here. (A uniqueness
    /// check is a plain load, where a weak reference's load took a third of a delivery with a reader.)
    @inlinable
    final func _isFollowed() -> Bool {
        !isKnownUniquelyReferenced(&_observedCell._value)
    }

    @usableFromInline
    func _willSet(_ registrar: ObservationRegistrar, of state: _ObservedCore<Value>) {}

    @usableFromInline
    func _didSet(_ registrar: ObservationRegistrar, of state: _ObservedCore<Value>) {}
}

/// A member read at a key path.
@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
final class KeyPathReader<Value: Sendable, Member>: _ObservedMember<Value> {
    /// The key path Observation was told about, `\.current` then the key path read.
    var observed: KeyPath<_ObservedCore<Value>, Member>? { _observed as? KeyPath<_ObservedCore<Value>, Member> }

    override func _willSet(_ registrar: ObservationRegistrar, of state: _ObservedCore<Value>) {
        if let observed { registrar.willSet(state, keyPath: observed) }
    }

    override func _didSet(_ registrar: ObservationRegistrar, of state: _ObservedCore<Value>) {
        if let observed { registrar.didSet(state, keyPath: observed) }
    }
}

/// How a read finds its reader fast: the identity of the key path it read with (a key path literal is one instance,
/// made once), and the id of the element read by id.
@usableFromInline
struct _ReadIdentity: Hashable {
    @usableFromInline let _keyPath: ObjectIdentifier
    @usableFromInline let _id: AnyHashable?

    @inlinable
    init(_ keyPath: AnyKeyPath) {
        _keyPath = ObjectIdentifier(keyPath)
        _id = nil
    }

    @inlinable
    init(_ keyPath: AnyKeyPath, id: some Hashable) {
        _keyPath = ObjectIdentifier(keyPath)
        _id = AnyHashable(id)
    }
}

/// What makes the key path of one element reader unique: compared by identity, hashed in O(1).
final class ElementToken: Hashable, Sendable {
    static func == (lhs: ElementToken, rhs: ElementToken) -> Bool { lhs === rhs }

    func hash(into hasher: inout Hasher) {
        hasher.combine(ObjectIdentifier(self))
    }
}

/// An element read by id: the collection's key path and the id.
struct ElementKey: Hashable {
    let collection: AnyKeyPath
    let id: AnyHashable
}

/// An element read by id.
@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
final class ElementReader<Value: Sendable>: _ObservedMember<Value> {
    /// The key path Observation was told about, `\.[element: token]`.
    var observed: KeyPath<_ObservedCore<Value>, Bool>? { _observed as? KeyPath<_ObservedCore<Value>, Bool> }

    override func _willSet(_ registrar: ObservationRegistrar, of state: _ObservedCore<Value>) {
        if let observed { registrar.willSet(state, keyPath: observed) }
    }

    override func _didSet(_ registrar: ObservationRegistrar, of state: _ObservedCore<Value>) {
        if let observed { registrar.didSet(state, keyPath: observed) }
    }
}
