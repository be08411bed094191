/// An entity store for one entity type, built from closures (VISPER's `FunctionalEntityStore`): a quick adapter
/// for a web service, a cache, or a test double.
///
/// ```swift
/// let dishes = FunctionalEntityStore<Dish>(
///     persist: { dishes in try await api.save(dishes) },
///     get: { id in try await api.dish(id) },
///     getAll: { try await api.dishes() },
///     delete: { ids in try await api.delete(ids) }
/// )
/// ```
///
/// Calls for any other type throw ``EntityStoreError/unknownType(_:)``. Transactions need the `apply` closure,
/// which must write a change set all or nothing; without it they throw
/// ``EntityStoreError/transactionsUnsupported(store:)``.
public struct FunctionalEntityStore<Kept: StorableEntity>: EntityStore {
    private let persistFunction: @Sendable ([Kept]) async throws -> Void
    private let getFunction: @Sendable (Kept.ID) async throws -> Kept?
    private let getAllFunction: @Sendable () async throws -> [Kept]
    private let deleteFunction: @Sendable ([Kept.ID]) async throws -> Void
    private let applyFunction: (@Sendable (EntityChangeSet) async throws -> Void)?

    /// Creates a store from closures.
    /// - Parameters:
    ///   - persist: Stores entities, replacing those with the same ids.
    ///   - get: The entity with an id, or `nil`.
    ///   - getAll: Every entity.
    ///   - delete: Deletes the entities with these ids.
    ///   - apply: Writes a transaction's changes all or nothing; `nil` when the store has no transactions.
    public init(
        persist: @escaping @Sendable ([Kept]) async throws -> Void,
        get: @escaping @Sendable (Kept.ID) async throws -> Kept?,
        getAll: @escaping @Sendable () async throws -> [Kept],
        delete: @escaping @Sendable ([Kept.ID]) async throws -> Void,
        apply: (@Sendable (EntityChangeSet) async throws -> Void)? = nil
    ) {
        persistFunction = persist
        getFunction = get
        getAllFunction = getAll
        deleteFunction = delete
        applyFunction = apply
    }

    /// Keeps `Kept` only.
    public func isResponsible<T: StorableEntity>(for type: T.Type) -> Bool {
        type == Kept.self
    }

    /// Calls `persist`.
    public func persist<T: StorableEntity>(_ entities: [T]) async throws {
        try await persistFunction(cast(entities, of: T.self))
    }

    /// Calls `get`.
    public func get<T: StorableEntity>(_ type: T.Type, id: T.ID) async throws -> T? {
        try await getFunction(cast(id, of: type)) as? T
    }

    /// Calls `getAll`.
    public func getAll<T: StorableEntity>(_ type: T.Type) async throws -> [T] {
        try check(type)
        return try await getAllFunction().compactMap { $0 as? T }
    }

    /// Calls `delete`.
    public func delete<T: StorableEntity>(_ type: T.Type, ids: [T.ID]) async throws {
        try await deleteFunction(cast(ids, of: type))
    }

    /// Calls `getAll`, then `delete` with every id.
    public func deleteAll<T: StorableEntity>(_ type: T.Type) async throws {
        try check(type)
        try await deleteFunction(getAllFunction().map(\.id))
    }

    /// Calls `apply`.
    public func apply(_ changes: EntityChangeSet) async throws {
        guard let applyFunction else { throw EntityStoreError.transactionsUnsupported(store: storeName) }
        try await applyFunction(changes)
    }

    private func check<T: StorableEntity>(_ type: T.Type) throws(EntityStoreError) {
        guard type == Kept.self else { throw .unknownType("\(type)") }
    }

    /// `value`, an argument of a call about entities of `type`, as the kept type's argument; an error naming `type`
    /// when `type` is not the kept type.
    private func cast<T: StorableEntity, Value, Target>(
        _ value: Value, of type: T.Type
    ) throws(EntityStoreError) -> Target {
        try check(type)
        guard let target = value as? Target else { throw .unknownType("\(type)") }
        return target
    }
}

/// A view of an entity store fixed to one entity type: the same operations without naming the type.
///
/// ```swift
/// let dishes = TypedEntityStore<Dish>(store)
/// try await dishes.persist(soup)
/// let all = try await dishes.getAll()
/// ```
public struct TypedEntityStore<T: StorableEntity>: Sendable {
    /// The store viewed.
    public let store: any EntityStore

    /// Creates the view of `store` for `T`.
    public init(_ store: any EntityStore) {
        self.store = store
    }

    /// Stores `entities`.
    public func persist(_ entities: [T]) async throws { try await store.persist(entities) }
    /// Stores `entity`.
    public func persist(_ entity: T) async throws { try await store.persist([entity]) }
    /// The entity with `id`, or `nil`.
    public func get(id: T.ID) async throws -> T? { try await store.get(T.self, id: id) }
    /// Every entity.
    public func getAll() async throws -> [T] { try await store.getAll(T.self) }
    /// The entities for which `isIncluded` is true.
    public func filter(_ isIncluded: @escaping @Sendable (T) -> Bool) async throws -> [T] {
        try await store.filter(T.self, where: isIncluded)
    }
    /// Whether the entity with `id` is stored.
    public func exists(id: T.ID) async throws -> Bool { try await store.exists(T.self, id: id) }
    /// Deletes the entities with `ids`.
    public func delete(ids: [T.ID]) async throws { try await store.delete(T.self, ids: ids) }
    /// Deletes the entity with `id`.
    public func delete(id: T.ID) async throws { try await store.delete(T.self, ids: [id]) }
    /// Deletes every entity.
    public func deleteAll() async throws { try await store.deleteAll(T.self) }
}

/// Routes each call to the member store, by priority, that keeps the entity type (VISPER's composed store).
///
/// ```swift
/// let store = ComposedEntityStore()
///     .adding(sqlite, priority: 0)             // everything else
///     .adding(FunctionalEntityStore<Special>(…), priority: 10)
/// ```
///
/// A type no member keeps is ``EntityStoreError/unknownType(_:)``. A transaction is atomic when its changes go to
/// one member store; changes spanning several members are rejected with
/// ``EntityStoreError/crossStoreTransaction(stores:)`` before anything is written.
public struct ComposedEntityStore: EntityStore {
    private let members: [(priority: Int, store: any EntityStore)]

    /// Creates a store with no members.
    public init() {
        members = []
    }

    private init(members: [(priority: Int, store: any EntityStore)]) {
        self.members = members
    }

    /// This store with `store` added at `priority`; among members with equal priority, the first added wins.
    public func adding(_ store: any EntityStore, priority: Int = 0) -> ComposedEntityStore {
        var members = self.members
        let index = members.firstIndex { $0.priority < priority } ?? members.endIndex
        members.insert((priority, store), at: index)
        return ComposedEntityStore(members: members)
    }

    /// Whether a member keeps `type`.
    public func isResponsible<T: StorableEntity>(for type: T.Type) -> Bool {
        members.contains { $0.store.isResponsible(for: type) }
    }

    /// The member that keeps `type`: the responsible one with the highest priority.
    ///
    /// - Throws: ``EntityStoreError/unknownType(_:)`` when no member keeps `type`.
    public func store<T: StorableEntity>(for type: T.Type) throws(EntityStoreError) -> any EntityStore {
        guard let member = members.first(where: { $0.store.isResponsible(for: type) }) else {
            throw .unknownType("\(type)")
        }
        return member.store
    }

    /// Stores `entities` in the member that keeps `T`.
    public func persist<T: StorableEntity>(_ entities: [T]) async throws {
        try await store(for: T.self).persist(entities)
    }

    /// Reads from the member that keeps `T`.
    public func get<T: StorableEntity>(_ type: T.Type, id: T.ID) async throws -> T? {
        try await store(for: type).get(type, id: id)
    }

    /// Reads from the member that keeps `T`.
    public func getAll<T: StorableEntity>(_ type: T.Type) async throws -> [T] {
        try await store(for: type).getAll(type)
    }

    /// Filters in the member that keeps `T`.
    public func filter<T: StorableEntity>(
        _ type: T.Type, where isIncluded: @escaping @Sendable (T) -> Bool
    ) async throws -> [T] {
        try await store(for: type).filter(type, where: isIncluded)
    }

    /// Asks the member that keeps `T`.
    public func exists<T: StorableEntity>(_ type: T.Type, id: T.ID) async throws -> Bool {
        try await store(for: type).exists(type, id: id)
    }

    /// Deletes in the member that keeps `T`.
    public func delete<T: StorableEntity>(_ type: T.Type, ids: [T.ID]) async throws {
        try await store(for: type).delete(type, ids: ids)
    }

    /// Deletes in the member that keeps `T`.
    public func deleteAll<T: StorableEntity>(_ type: T.Type) async throws {
        try await store(for: type).deleteAll(type)
    }

    /// Hands the changes to the one member that keeps all their types.
    /// - Throws: ``EntityStoreError/unknownType(_:)`` when no member keeps a type,
    ///   ``EntityStoreError/crossStoreTransaction(stores:)`` when the changes span members.
    public func apply(_ changes: EntityChangeSet) async throws {
        var target: Int?
        var names: [String] = []
        for operation in changes.operations {
            guard let index = members.firstIndex(where: { operation.isKept(by: $0.store) }) else {
                throw EntityStoreError.unknownType(operation.typeName)
            }
            let name = "\(members[index].store.storeName) (member \(index))"
            if !names.contains(name) {
                names.append(name)
            }
            if let target, target != index {
                throw EntityStoreError.crossStoreTransaction(stores: names)
            }
            target = index
        }
        guard let target else { return }
        try await members[target].store.apply(changes)
    }
}
