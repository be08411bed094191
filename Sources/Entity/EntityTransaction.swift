/// The view of a store inside ``EntityStore/transaction(_:)``: reads see the transaction's own changes over the
/// store's committed state; writes are kept until the transaction commits.
///
/// Usable only inside the transaction's body; once it returned or threw, every call throws
/// ``EntityStoreError/transactionEnded``.
public actor EntityTransaction {
    private let store: any EntityStore
    private var changes = EntityChangeSet()
    private var isOpen = true

    init(store: any EntityStore) {
        self.store = store
    }

    /// Stores `entities` when the transaction commits.
    ///
    /// - Throws: ``EntityStoreError/transactionEnded`` after the transaction's body returned or threw.
    public func persist<T: StorableEntity>(_ entities: [T]) throws(EntityStoreError) {
        try record(PersistOperation(entities: entities))
    }

    /// Stores `entity` when the transaction commits.
    ///
    /// - Throws: ``EntityStoreError/transactionEnded`` after the transaction's body returned or threw.
    public func persist<T: StorableEntity>(_ entity: T) throws(EntityStoreError) {
        try persist([entity])
    }

    /// Deletes the entities of `type` with `ids` when the transaction commits.
    ///
    /// - Throws: ``EntityStoreError/transactionEnded`` after the transaction's body returned or threw.
    public func delete<T: StorableEntity>(_ type: T.Type, ids: [T.ID]) throws(EntityStoreError) {
        try record(DeleteOperation<T>(ids: ids))
    }

    /// Deletes the entity of `type` with `id` when the transaction commits.
    ///
    /// - Throws: ``EntityStoreError/transactionEnded`` after the transaction's body returned or threw.
    public func delete<T: StorableEntity>(_ type: T.Type, id: T.ID) throws(EntityStoreError) {
        try delete(type, ids: [id])
    }

    /// Deletes every entity of `type` when the transaction commits.
    ///
    /// - Throws: ``EntityStoreError/transactionEnded`` after the transaction's body returned or threw.
    public func deleteAll<T: StorableEntity>(_ type: T.Type) throws(EntityStoreError) {
        try record(DeleteAllOperation<T>())
    }

    /// The entity of `type` with `id`, as the transaction sees it.
    public func get<T: StorableEntity>(_ type: T.Type, id: T.ID) async throws -> T? {
        try checkOpen()
        switch changes.lookup(type, id: id) {
        case .found(let entity): return entity
        case .deleted: return nil
        case .unknown: return try await store.get(type, id: id)
        }
    }

    /// Every entity of `type`, as the transaction sees it.
    public func getAll<T: StorableEntity>(_ type: T.Type) async throws -> [T] {
        try checkOpen()
        let committed = try await store.getAll(type)
        return changes.merge(committed)
    }

    /// Whether the entity of `type` with `id` exists, as the transaction sees it.
    public func exists<T: StorableEntity>(_ type: T.Type, id: T.ID) async throws -> Bool {
        try await get(type, id: id) != nil
    }

    /// Ends the transaction and returns its changes.
    func finish() throws(EntityStoreError) -> EntityChangeSet {
        try checkOpen()
        isOpen = false
        return changes
    }

    private func checkOpen() throws(EntityStoreError) {
        guard isOpen else { throw .transactionEnded }
    }

    private func record(_ operation: any EntityOperation) throws(EntityStoreError) {
        try checkOpen()
        changes.append(operation)
    }
}
