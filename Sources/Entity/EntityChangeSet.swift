/// Receives the operations of an ``EntityChangeSet``, one call per operation, in order.
///
/// A store implements ``EntityStore/apply(_:)`` by running a visitor over its own storage inside its atomic section.
public protocol EntityChangeVisitor {
    /// Stores `entities`, replacing those with the same ids.
    mutating func persist<T: StorableEntity>(_ entities: [T]) throws
    /// Deletes the entities of `type` with `ids`.
    mutating func delete<T: StorableEntity>(_ type: T.Type, ids: [T.ID]) throws
    /// Deletes every entity of `type`.
    mutating func deleteAll<T: StorableEntity>(_ type: T.Type) throws
}

/// One operation of a transaction, typed by its entity type.
public protocol EntityOperation: Sendable {
    /// The entity type's name.
    var typeName: String { get }
    /// Hands the operation to `visitor`.
    func accept<Visitor: EntityChangeVisitor>(_ visitor: inout Visitor) throws
    /// Whether `store` keeps the operation's entity type.
    func isKept(by store: any EntityStore) -> Bool
}

/// The changes a transaction made, in order: what ``EntityStore/apply(_:)`` writes all at once.
public struct EntityChangeSet: Sendable {
    /// The operations, in the order the transaction made them.
    public private(set) var operations: [any EntityOperation] = []

    /// Creates an empty change set.
    public init() {}

    /// Whether there is nothing to write.
    public var isEmpty: Bool { operations.isEmpty }

    /// Runs every operation through `visitor`, in order.
    public func accept<Visitor: EntityChangeVisitor>(_ visitor: inout Visitor) throws {
        for operation in operations {
            try operation.accept(&visitor)
        }
    }

    mutating func append(_ operation: any EntityOperation) {
        operations.append(operation)
    }

    /// What the operations say about the entity of `type` with `id`, the latest operation first.
    func lookup<T: StorableEntity>(_ type: T.Type, id: T.ID) -> Lookup<T> {
        for operation in operations.reversed() {
            switch (operation as? EntityOperationLookup)?.lookup(type, id: id) ?? .unknown {
            case .unknown:
                continue
            case let result:
                return result
            }
        }
        return .unknown
    }

    /// The entities of `type` after the operations, given the committed ones.
    func merge<T: StorableEntity>(_ committed: [T]) -> [T] {
        var byID: [T.ID: T] = [:]
        var order: [T.ID] = []
        for entity in committed {
            if byID.updateValue(entity, forKey: entity.id) == nil {
                order.append(entity.id)
            }
        }
        for case let operation as EntityOperationLookup in operations {
            operation.merge(into: &byID, order: &order)
        }
        return order.compactMap { byID[$0] }
    }
}

/// What a transaction's own changes say about one entity.
enum Lookup<T> {
    /// The transaction did not touch it: read the store.
    case unknown
    /// The transaction stored it.
    case found(T)
    /// The transaction deleted it.
    case deleted
}

/// The read side of the operations, for reads inside a transaction.
protocol EntityOperationLookup {
    func lookup<T: StorableEntity>(_ type: T.Type, id: T.ID) -> Lookup<T>
    func merge<T: StorableEntity>(into byID: inout [T.ID: T], order: inout [T.ID])
}

struct PersistOperation<E: StorableEntity>: EntityOperation, EntityOperationLookup {
    let entities: [E]

    var typeName: String { String(describing: E.self) }

    func accept<Visitor: EntityChangeVisitor>(_ visitor: inout Visitor) throws {
        try visitor.persist(entities)
    }

    func isKept(by store: any EntityStore) -> Bool {
        store.isResponsible(for: E.self)
    }

    func lookup<T: StorableEntity>(_ type: T.Type, id: T.ID) -> Lookup<T> {
        guard let entities = entities as? [T], let entity = entities.last(where: { $0.id == id }) else {
            return .unknown
        }
        return .found(entity)
    }

    func merge<T: StorableEntity>(into byID: inout [T.ID: T], order: inout [T.ID]) {
        guard let entities = entities as? [T] else { return }
        for entity in entities where byID.updateValue(entity, forKey: entity.id) == nil {
            order.append(entity.id)
        }
    }
}

struct DeleteOperation<E: StorableEntity>: EntityOperation, EntityOperationLookup {
    let ids: [E.ID]

    var typeName: String { String(describing: E.self) }

    func accept<Visitor: EntityChangeVisitor>(_ visitor: inout Visitor) throws {
        try visitor.delete(E.self, ids: ids)
    }

    func isKept(by store: any EntityStore) -> Bool {
        store.isResponsible(for: E.self)
    }

    // Only for the type deleted: two types may have the same type of id, and their entities are kept apart.
    func lookup<T: StorableEntity>(_ type: T.Type, id: T.ID) -> Lookup<T> {
        guard T.self == E.self, let ids = ids as? [T.ID], ids.contains(id) else { return .unknown }
        return .deleted
    }

    func merge<T: StorableEntity>(into byID: inout [T.ID: T], order: inout [T.ID]) {
        guard T.self == E.self, let ids = ids as? [T.ID] else { return }
        for id in ids {
            byID[id] = nil
        }
    }
}

struct DeleteAllOperation<E: StorableEntity>: EntityOperation, EntityOperationLookup {
    var typeName: String { String(describing: E.self) }

    func accept<Visitor: EntityChangeVisitor>(_ visitor: inout Visitor) throws {
        try visitor.deleteAll(E.self)
    }

    func isKept(by store: any EntityStore) -> Bool {
        store.isResponsible(for: E.self)
    }

    func lookup<T: StorableEntity>(_ type: T.Type, id: T.ID) -> Lookup<T> {
        T.self == E.self ? .deleted : .unknown
    }

    func merge<T: StorableEntity>(into byID: inout [T.ID: T], order: inout [T.ID]) {
        if T.self == E.self {
            byID.removeAll()
        }
    }
}
