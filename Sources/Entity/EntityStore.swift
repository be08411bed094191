/// A value an entity store keeps: Codable, identified by its `id`, and Sendable.
///
/// ```swift
/// struct Dish: StorableEntity { let id: String; var name: String; var price: Int }
/// ```
public protocol StorableEntity: Codable, Identifiable, Sendable where ID: Codable & Sendable {
    /// The name a persistent store files the type under; by default the type's name. Give one explicitly to keep
    /// stored entities when the type is renamed or moved to another module.
    static var entityTypeName: String { get }
}

extension StorableEntity {
    /// The type's name, without its module.
    public static var entityTypeName: String {
        String(describing: Self.self)
    }
}

/// Keeps entities by type and id (VISPER's `EntityStore`), asynchronously and safely from any task.
///
/// Entities of different types are kept apart, even when their ids are equal. Every method throws an
/// ``EntityStoreError`` naming the type or the store; a failed call changes nothing.
///
/// Implementations provide the operations and ``apply(_:)``; ``transaction(_:)`` is built on them.
public protocol EntityStore: Sendable {
    /// A name for messages and errors.
    var storeName: String { get }

    /// Whether this store keeps entities of `type`; a ``ComposedEntityStore`` routes by it.
    func isResponsible<T: StorableEntity>(for type: T.Type) -> Bool

    /// Stores `entities`, replacing those with the same ids.
    func persist<T: StorableEntity>(_ entities: [T]) async throws

    /// The entity of `type` with `id`, or `nil`.
    func get<T: StorableEntity>(_ type: T.Type, id: T.ID) async throws -> T?

    /// Every entity of `type`, in no particular order.
    func getAll<T: StorableEntity>(_ type: T.Type) async throws -> [T]

    /// The entities of `type` for which `isIncluded` is true.
    func filter<T: StorableEntity>(
        _ type: T.Type, where isIncluded: @escaping @Sendable (T) -> Bool
    ) async throws -> [T]

    /// Whether an entity of `type` with `id` is stored.
    func exists<T: StorableEntity>(_ type: T.Type, id: T.ID) async throws -> Bool

    /// Deletes the entities of `type` with these ids; ids that are not stored are ignored.
    func delete<T: StorableEntity>(_ type: T.Type, ids: [T.ID]) async throws

    /// Deletes every entity of `type`.
    func deleteAll<T: StorableEntity>(_ type: T.Type) async throws

    /// Applies the changes of a committed transaction, all or nothing.
    func apply(_ changes: EntityChangeSet) async throws
}

extension EntityStore {
    /// The type name of the store.
    public var storeName: String {
        String(describing: Swift.type(of: self))
    }

    /// Stores `entity`, replacing the one with the same id.
    public func persist<T: StorableEntity>(_ entity: T) async throws {
        try await persist([entity])
    }

    /// Deletes `entity`, matched by id.
    public func delete<T: StorableEntity>(_ entity: T) async throws {
        try await delete(T.self, ids: [entity.id])
    }

    /// Deletes the entity of `type` with `id`.
    public func delete<T: StorableEntity>(_ type: T.Type, id: T.ID) async throws {
        try await delete(type, ids: [id])
    }

    /// Every entity of `type` for which `isIncluded` is true, computed from ``getAll(_:)``.
    public func filter<T: StorableEntity>(
        _ type: T.Type, where isIncluded: @escaping @Sendable (T) -> Bool
    ) async throws -> [T] {
        try await getAll(type).filter(isIncluded)
    }

    /// Whether ``get(_:id:)`` finds the entity.
    public func exists<T: StorableEntity>(_ type: T.Type, id: T.ID) async throws -> Bool {
        try await get(type, id: id) != nil
    }

    /// Runs `body` in a transaction: all or nothing, and invisible outside until it commits.
    ///
    /// ```swift
    /// try await store.transaction { transaction in
    ///     try await transaction.delete(Order.self, id: old.id)
    ///     try await transaction.persist(new)
    /// }
    /// ```
    ///
    /// Reads inside the transaction see its own changes over the store's committed state. When `body` returns, its
    /// changes are applied at once with ``apply(_:)``; when it throws, nothing is written and the error is rethrown.
    public func transaction<Result: Sendable>(
        _ body: @Sendable (EntityTransaction) async throws -> Result
    ) async throws -> Result {
        let transaction = EntityTransaction(store: self)
        let result: Result
        do {
            result = try await body(transaction)
        } catch {
            // Ended here too: a transaction kept beyond a body that threw must not go on taking changes that are
            // never applied.
            _ = try? await transaction.finish()
            throw error
        }
        try await apply(transaction.finish())
        return result
    }
}

/// Errors of entity stores, naming the type or the store.
public enum EntityStoreError: Error, Equatable, CustomStringConvertible {
    /// No member store of a composed store keeps this type.
    case unknownType(String)
    /// An entity failed to encode.
    case encodingFailed(type: String, reason: String)
    /// A stored entity failed to decode.
    case decodingFailed(type: String, reason: String)
    /// The store was closed; nothing more can be read or written.
    case closed(store: String)
    /// A transaction on a composed store changed entities kept by several member stores; nothing was written.
    case crossStoreTransaction(stores: [String])
    /// The store cannot apply transactions.
    case transactionsUnsupported(store: String)
    /// A transaction was used after it ended.
    case transactionEnded

    /// What went wrong.
    public var description: String {
        switch self {
        case .unknownType(let type):
            return "no entity store keeps entities of type \(type)"
        case .encodingFailed(let type, let reason):
            return "cannot encode entity of type \(type): \(reason)"
        case .decodingFailed(let type, let reason):
            return "cannot decode entity of type \(type): \(reason)"
        case .closed(let store):
            return "entity store \(store) is closed"
        case .crossStoreTransaction(let stores):
            return "a transaction cannot change entities kept by several stores (\(stores.joined(separator: ", "))); "
                + "nothing was written"
        case .transactionsUnsupported(let store):
            return "entity store \(store) does not support transactions"
        case .transactionEnded:
            return "the transaction has ended; use the store"
        }
    }
}
