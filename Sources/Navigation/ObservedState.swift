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
/// - Reading ``value`` registers the whole value: every new value the property delivers invalidates it.
/// - It changes once per delivery of the property: for a BrigadeRedux `Store`, once per dispatch or transaction that
///   changed the state, so `withObservationTracking`'s `onChange` fires once per transaction.
/// - Thread-safe: the property may be set on any thread; Observation is told on that thread, after the new value
///   is stored (an `onChange` that reads this state reads the new value). A member read for the first time while a
///   value is delivered reads the new value or is told about it.
/// - It holds the property, not the other way round (the property's subscription holds it weakly), and it ends its
///   subscription when it is released.
@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
@dynamicMemberLookup
public final class ObservedState<Value: Sendable>: Observable, @unchecked Sendable {
    private struct Storage {
        var value: Value
        /// Keyed by the key path read, or by an `ElementKey` for an element read by id.
        var readers: [AnyHashable: any MemberReader<Value>] = [:]
    }

    // Unchecked Sendable: `storage` (a lock) guards the current value and the readers, and `subscription` its own
    // slot; `registrar` is Sendable; `source` is an immutable reference that is only held, never read;
    // `valueKeyPath` is an immutable key path. Observation is called with `storage` released.
    private let registrar = ObservationRegistrar()
    private let storage: Locked<Storage>
    /// The property followed, held so that it lives as long as this view.
    private let source: AnyObject
    private let subscription = Locked<SubscriptionReference?>(nil)
    /// `\.value`, made once: a key path of a generic class is instantiated at run time, which cost some 1.2 us on
    /// every delivery when it was written in `receive`.
    private let valueKeyPath: KeyPath<ObservedState<Value>, Value> = \.value

    /// Creates an observable view of `property`; it follows every value the property delivers.
    public convenience init(_ property: ObservableProperty<Value>) {
        self.init(source: property, value: property.value, subscribe: property.subscribe)
    }

    /// Creates an observable view of `property` (a store's state, say); it follows every value the property
    /// delivers.
    public convenience init(_ property: ReadOnlyObservableProperty<Value>) {
        self.init(source: property, value: property.value, subscribe: property.subscribe)
    }

    private init(
        source: AnyObject,
        value: Value,
        subscribe: (@escaping @Sendable (Value) -> Void) -> SubscriptionReference
    ) {
        self.source = source
        storage = Locked(Storage(value: value))
        let made = subscribe { [weak self] value in
            self?.receive(value)
        }
        subscription.withLock { $0 = made }
    }

    /// Creates an observable view of `store`'s state: a BrigadeRedux `Store`, or any other
    /// ``BrigadeReactive/ObservableStateSource``. For a store, it changes once per dispatch or transaction that changed
    /// the state, after the store's priority subscribers ran.
    @MainActor
    public convenience init<Source: ObservableStateSource>(store: Source) where Source.StateValue == Value {
        self.init(store.state)
    }

    deinit {
        subscription.withLock { $0?.dispose() }
    }

    /// The whole value; reading it registers every change.
    public var value: Value {
        registrar.access(self, keyPath: valueKeyPath)
        return storage.withLock { $0.value }
    }

    /// The part of the value at `keyPath`; reading it registers that key path only.
    public subscript<Member: Equatable>(dynamicMember keyPath: KeyPath<Value, Member>) -> Member {
        self[keyPath]
    }

    /// The part of the value at `keyPath`; reading it registers that key path only.
    public subscript<Member: Equatable>(_ keyPath: KeyPath<Value, Member>) -> Member {
        // The access is registered before the value is read (as Observation's macro does), and a first read adds
        // its reader in the same locked section that reads the value: a read whose locked section comes before a
        // `receive`'s is told about the new value, one whose section comes after reads it. The key path Observation
        // is told about is this reader's own instance: Observation holds it while a view follows it, the reader
        // only weakly, so a reader no view follows any more is found and dropped.
        let known = storage.withLock { ($0.readers[keyPath] as? KeyPathReader<Value, Member>)?.observed }
        let observed = known ?? (\ObservedState<Value>.current).appending(path: keyPath)
        registrar.access(self, keyPath: observed)
        let value = storage.withLock { storage in
            if storage.readers[keyPath]?.isFollowed != true {
                storage.readers[keyPath] = KeyPathReader(
                    keyPath: keyPath, observed: observed, isStored: MemoryLayout<Value>.offset(of: keyPath) != nil)
            }
            return storage.value
        }
        return value[keyPath: keyPath]
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
    public subscript<Elements: Collection>(
        _ keyPath: KeyPath<Value, Elements>,
        id id: Elements.Element.ID
    ) -> Elements.Element? where Elements: Equatable, Elements.Element: Identifiable & Equatable {
        let key = ElementKey(collection: keyPath, id: AnyHashable(id))
        let known = storage.withLock { ($0.readers[key] as? ElementReader<Value, Elements>)?.observed }
        let observed = known ?? \ObservedState<Value>.[element: key]
        registrar.access(self, keyPath: observed)
        let value = storage.withLock { storage in
            if storage.readers[key]?.isFollowed != true {
                storage.readers[key] = ElementReader(
                    keyPath: keyPath, id: id, observed: observed,
                    isStored: MemoryLayout<Value>.offset(of: keyPath) != nil)
            }
            return storage.value
        }
        return value[keyPath: keyPath].first { $0.id == id }
    }

    /// How many members (key paths, elements read by id) are followed: read by a view that Observation still follows
    /// for them. It returns to 0 once the views that read them are gone; a diagnostic for tests and for a leak
    /// hunt. Complexity: O(n) in the members kept, which it drops when no view follows them.
    public var trackedMemberCount: Int {
        storage.withLock { storage in
            storage.readers = storage.readers.filter { $0.value.isFollowed }
            return storage.readers.count
        }
    }

    /// Nothing: the key path Observation is told about for an element read by id.
    private subscript(element key: ElementKey) -> Bool {
        false
    }

    /// The value without registering anything; the root of the key paths Observation is told about.
    private var current: Value {
        storage.withLock { $0.value }
    }

    /// Stores `new`, finds the readers whose member changed and forgets them in one locked section, then tells
    /// Observation (outside the lock, so an observer may read this state): a reader added after that section reads
    /// `new`, and an observer that reads a member again registers it again.
    private func receive(_ new: Value) {
        // With no member read, only the value is stored: this path names no `any MemberReader<Value>`, whose
        // metadata the runtime looks up on every use in this unspecialized code.
        let isStored = storage.withLock { storage in
            guard storage.readers.isEmpty else { return false }
            storage.value = new
            return true
        }
        if isStored {
            registrar.willSet(self, keyPath: valueKeyPath)
            registrar.didSet(self, keyPath: valueKeyPath)
            return
        }
        let changed = storage.withLock { storage -> [any MemberReader<Value>] in
            let old = storage.value
            var changed: [any MemberReader<Value>] = []
            storage.readers = storage.readers.filter { _, reader in
                // A reader no view follows is dropped unevaluated; a changed one is told, then forgotten.
                guard reader.isFollowed else { return false }
                guard reader.changed(old, new) else { return true }
                changed.append(reader)
                return false
            }
            storage.value = new
            return changed
        }
        // The changed readers' key paths, held until Observation was told: telling one observer may end the last
        // tracking that held a key path another observer still expects a didSet for.
        let held = changed.map { $0.observedKeyPath }  // a closure: a key path literal here is made per call
        defer { withExtendedLifetime(held) {} }
        registrar.willSet(self, keyPath: valueKeyPath)
        for reader in changed {
            reader.willSet(registrar, of: self)
        }
        for reader in changed {
            reader.didSet(registrar, of: self)
        }
        registrar.didSet(self, keyPath: valueKeyPath)
    }
}

/// A key path an ``ObservedState`` was read at: how to tell whether its value changed, and how to tell Observation.
@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
private protocol MemberReader<Value> {
    associatedtype Value: Sendable
    /// The key path Observation was told about, while a view follows it: Observation holds it then.
    var observedKeyPath: AnyKeyPath? { get }
    func changed(_ old: Value, _ new: Value) -> Bool
    func willSet(_ registrar: ObservationRegistrar, of state: ObservedState<Value>)
    func didSet(_ registrar: ObservationRegistrar, of state: ObservedState<Value>)
}

@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
extension MemberReader {
    /// Whether a view still follows the key path.
    var isFollowed: Bool { observedKeyPath != nil }
}

@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
private struct KeyPathReader<Value: Sendable, Member: Equatable>: MemberReader {
    let keyPath: KeyPath<Value, Member>
    /// The key path Observation was told about; held by Observation while a view follows it, here only weakly.
    weak var observed: KeyPath<ObservedState<Value>, Member>?
    /// Whether `keyPath` goes through stored properties only: evaluating it cannot trap, so it is compared.
    let isStored: Bool

    var observedKeyPath: AnyKeyPath? { observed }

    func changed(_ old: Value, _ new: Value) -> Bool {
        !isStored || old[keyPath: keyPath] != new[keyPath: keyPath]
    }

    func willSet(_ registrar: ObservationRegistrar, of state: ObservedState<Value>) {
        if let observed { registrar.willSet(state, keyPath: observed) }
    }

    func didSet(_ registrar: ObservationRegistrar, of state: ObservedState<Value>) {
        if let observed { registrar.didSet(state, keyPath: observed) }
    }
}

/// An element read by id: the collection's key path and the id.
private struct ElementKey: Hashable {
    let collection: AnyKeyPath
    let id: AnyHashable
}

@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
private struct ElementReader<Value: Sendable, Elements: Collection>: MemberReader
where Elements: Equatable, Elements.Element: Identifiable & Equatable {
    let keyPath: KeyPath<Value, Elements>
    let id: Elements.Element.ID
    /// The key path Observation was told about; held by Observation while a view follows it, here only weakly.
    weak var observed: KeyPath<ObservedState<Value>, Bool>?
    /// Whether `keyPath` goes through stored properties only: evaluating it cannot trap, so it is compared.
    let isStored: Bool

    var observedKeyPath: AnyKeyPath? { observed }

    func changed(_ old: Value, _ new: Value) -> Bool {
        guard isStored else { return true }
        let (before, after) = (old[keyPath: keyPath], new[keyPath: keyPath])
        return before != after && before.first { $0.id == id } != after.first { $0.id == id }
    }

    func willSet(_ registrar: ObservationRegistrar, of state: ObservedState<Value>) {
        if let observed { registrar.willSet(state, keyPath: observed) }
    }

    func didSet(_ registrar: ObservationRegistrar, of state: ObservedState<Value>) {
        if let observed { registrar.didSet(state, keyPath: observed) }
    }
}
