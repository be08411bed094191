#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// An entity store in memory. Entities are kept JSON-encoded, so a Codable fault shows here as it would in a
/// database, and a stored entity is never shared with its caller.
///
/// ```swift
/// let store = MemoryEntityStore()
/// try await store.persist(Dish(id: "soup", name: "Soup", price: 6))
/// let soup = try await store.get(Dish.self, id: "soup")
/// ```
///
/// An actor: calls from any task are serialized; ``apply(_:)`` (every transaction's commit) is atomic.
public actor MemoryEntityStore: EntityStore {
    private var tables = Tables()
    private var isClosed = false

    /// Creates an empty store that keeps every entity type.
    public init() {}

    /// Keeps every type.
    public nonisolated func isResponsible<T: StorableEntity>(for type: T.Type) -> Bool {
        true
    }

    /// Stores `entities`, replacing those with the same ids.
    ///
    /// - Throws: ``EntityStoreError`` when the store is closed or an entity does not encode.
    public func persist<T: StorableEntity>(_ entities: [T]) throws(EntityStoreError) {
        try checkOpen()
        var changed = tables
        try changed.persist(entities)
        tables = changed
    }

    /// The entity of `type` with `id`, or `nil`.
    ///
    /// - Throws: ``EntityStoreError`` when the store is closed or the entity does not decode.
    public func get<T: StorableEntity>(_ type: T.Type, id: T.ID) throws(EntityStoreError) -> T? {
        try checkOpen()
        return try tables.get(type, id: id)
    }

    /// Every entity of `type`, in the order they were first stored.
    ///
    /// - Throws: ``EntityStoreError`` when the store is closed or an entity does not decode.
    public func getAll<T: StorableEntity>(_ type: T.Type) throws(EntityStoreError) -> [T] {
        try checkOpen()
        return try tables.getAll(type)
    }

    /// Whether an entity of `type` with `id` is stored, without decoding it.
    ///
    /// - Throws: ``EntityStoreError/closed(store:)`` when the store is closed.
    public func exists<T: StorableEntity>(_ type: T.Type, id: T.ID) throws(EntityStoreError) -> Bool {
        try checkOpen()
        return tables.contains(type, id: id)
    }

    /// Deletes the entities of `type` with these ids.
    ///
    /// - Throws: ``EntityStoreError/closed(store:)`` when the store is closed.
    public func delete<T: StorableEntity>(_ type: T.Type, ids: [T.ID]) throws(EntityStoreError) {
        try checkOpen()
        tables.delete(type, ids: ids)
    }

    /// Deletes every entity of `type`.
    ///
    /// - Throws: ``EntityStoreError/closed(store:)`` when the store is closed.
    public func deleteAll<T: StorableEntity>(_ type: T.Type) throws(EntityStoreError) {
        try checkOpen()
        tables.deleteAll(type)
    }

    /// Applies a transaction's changes on a copy of the tables and keeps the copy only if every change succeeded.
    public func apply(_ changes: EntityChangeSet) throws {
        try checkOpen()
        var changed = tables
        try changes.accept(&changed)
        tables = changed
    }

    /// Closes the store: every later call throws ``EntityStoreError/closed(store:)``.
    public func close() {
        isClosed = true
    }

    private func checkOpen() throws(EntityStoreError) {
        if isClosed {
            throw .closed(store: storeName)
        }
    }

    /// The entities by type, then by id; each table remembers the order ids were first stored in.
    private struct Tables: EntityChangeVisitor {
        struct Table {
            var rows: [AnyHashable: Data] = [:]
            var order: [AnyHashable] = []
        }

        var tables: [ObjectIdentifier: Table] = [:]

        mutating func persist<T: StorableEntity>(_ entities: [T]) throws(EntityStoreError) {
            let encoder = JSONEncoder()
            var table = tables[ObjectIdentifier(T.self)] ?? Table()
            for entity in entities {
                let data: Data
                do {
                    data = try encoder.encode(entity)
                } catch {
                    throw .encodingFailed(type: "\(T.self)", reason: "\(error)")
                }
                let key = AnyHashable(entity.id)
                if table.rows.updateValue(data, forKey: key) == nil {
                    table.order.append(key)
                }
            }
            tables[ObjectIdentifier(T.self)] = table
        }

        func get<T: StorableEntity>(_ type: T.Type, id: T.ID) throws(EntityStoreError) -> T? {
            guard let data = tables[ObjectIdentifier(type)]?.rows[AnyHashable(id)] else { return nil }
            return try decode(type, data)
        }

        func getAll<T: StorableEntity>(_ type: T.Type) throws(EntityStoreError) -> [T] {
            guard let table = tables[ObjectIdentifier(type)] else { return [] }
            var entities: [T] = []
            for key in table.order {
                if let data = table.rows[key] {
                    entities.append(try decode(type, data))
                }
            }
            return entities
        }

        func contains<T: StorableEntity>(_ type: T.Type, id: T.ID) -> Bool {
            tables[ObjectIdentifier(type)]?.rows[AnyHashable(id)] != nil
        }

        mutating func delete<T: StorableEntity>(_ type: T.Type, ids: [T.ID]) {
            guard var table = tables[ObjectIdentifier(type)] else { return }
            let keys = Set(ids.map { AnyHashable($0) })
            for key in keys {
                table.rows[key] = nil
            }
            table.order.removeAll { keys.contains($0) }
            tables[ObjectIdentifier(type)] = table
        }

        mutating func deleteAll<T: StorableEntity>(_ type: T.Type) {
            tables[ObjectIdentifier(type)] = nil
        }

        private func decode<T: StorableEntity>(_ type: T.Type, _ data: Data) throws(EntityStoreError) -> T {
            do {
                return try JSONDecoder().decode(type, from: data)
            } catch {
                throw .decodingFailed(type: "\(type)", reason: "\(error)")
            }
        }
    }
}
