import BrigadeEntity
import Testing

// One test per row of docs/BadInput.md for BrigadeEntity's errors: the trigger, through the public API, and the
// exact text the user sees.

struct Refused: Error {}

/// An entity that can be written but not read back.
struct WriteOnly: StorableEntity {
    let id: Int
    init(id: Int) { self.id = id }
    init(from decoder: any Decoder) throws { throw Refused() }
}

/// An entity that cannot be written.
struct Unwritable: StorableEntity {
    let id: Int
    func encode(to encoder: any Encoder) throws { throw Refused() }
}

@Suite("Bad input: BrigadeEntity")
struct EntityBadInputTests {
    let tables = MemoryEntityStore()

    /// A functional store of tables over `tables`, with or without transactions.
    func tablesOnly(transactions: Bool) -> FunctionalEntityStore<Table> {
        let tables = tables
        let apply: (@Sendable (EntityChangeSet) async throws -> Void)? =
            transactions ? { @Sendable changes in try await tables.apply(changes) } : nil
        return FunctionalEntityStore<Table>(
            persist: { try await tables.persist($0) },
            get: { try await tables.get(Table.self, id: $0) },
            getAll: { try await tables.getAll(Table.self) },
            delete: { try await tables.delete(Table.self, ids: $0) },
            apply: apply)
    }

    @Test("EntityStoreError.unknownType")
    func unknownType() async throws {
        let store = tablesOnly(transactions: true)
        let error = await #expect(throws: EntityStoreError.self) { try await store.persist(soup) }
        #expect(error?.description == "no entity store keeps entities of type Dish")
        // An id of the kept type's id type does not make another entity type readable.
        await #expect(throws: EntityStoreError.unknownType("Dish")) { try await store.get(Dish.self, id: "soup") }
        #expect(try await tables.getAll(Table.self).isEmpty)
    }

    @Test("EntityStoreError.encodingFailed")
    func encodingFailed() async throws {
        let store = MemoryEntityStore()
        let error = await #expect(throws: EntityStoreError.self) { try await store.persist([Unwritable(id: 1)]) }
        #expect(error?.description == "cannot encode entity of type Unwritable: Refused()")
        #expect(try await store.getAll(Unwritable.self).isEmpty)
    }

    @Test("EntityStoreError.decodingFailed")
    func decodingFailed() async throws {
        let store = MemoryEntityStore()
        try await store.persist(WriteOnly(id: 1))
        let error = await #expect(throws: EntityStoreError.self) { try await store.get(WriteOnly.self, id: 1) }
        #expect(error?.description == "cannot decode entity of type WriteOnly: Refused()")
    }

    @Test("EntityStoreError.closed")
    func closed() async {
        let store = MemoryEntityStore()
        await store.close()
        let error = await #expect(throws: EntityStoreError.self) { try await store.persist(soup) }
        #expect(error?.description == "entity store MemoryEntityStore is closed")
    }

    @Test("EntityStoreError.crossStoreTransaction")
    func crossStoreTransaction() async throws {
        let general = MemoryEntityStore()
        let store = ComposedEntityStore().adding(general).adding(tablesOnly(transactions: true), priority: 1)
        let error = await #expect(throws: EntityStoreError.self) {
            try await store.transaction { transaction in
                try await transaction.persist(soup)
                try await transaction.persist(window)
            }
        }
        #expect(
            error?.description
                == "a transaction cannot change entities kept by several stores (MemoryEntityStore (member 1), FunctionalEntityStore<Table> (member 0)); nothing was written"
        )
        #expect(try await general.getAll(Dish.self).isEmpty)
        #expect(try await tables.getAll(Table.self).isEmpty)
    }

    @Test("EntityStoreError.transactionsUnsupported")
    func transactionsUnsupported() async throws {
        let error = await #expect(throws: EntityStoreError.self) {
            try await tablesOnly(transactions: false).transaction { try await $0.persist(window) }
        }
        #expect(error?.description == "entity store FunctionalEntityStore<Table> does not support transactions")
        #expect(try await tables.getAll(Table.self).isEmpty)
    }

    @Test("EntityStoreError.transactionEnded")
    func transactionEnded() async throws {
        let store = MemoryEntityStore()
        let escaped = try await store.transaction { $0 }
        let error = await #expect(throws: EntityStoreError.self) { try await escaped.persist(soup) }
        #expect(error?.description == "the transaction has ended; use the store")
        #expect(try await store.getAll(Dish.self).isEmpty)
    }
}
