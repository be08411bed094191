import BrigadeEntity
import Testing

struct Dish: StorableEntity, Equatable {
    let id: String
    var name: String
    var price: Int
}

struct Table: StorableEntity, Equatable {
    let id: String
    var seats: Int
}

struct Broken: StorableEntity {
    let id: Int
    func encode(to encoder: any Encoder) throws {
        throw EncodingError.invalidValue(id, .init(codingPath: [], debugDescription: "refuses to encode"))
    }
}

let soup = Dish(id: "soup", name: "Soup", price: 6)
let cake = Dish(id: "cake", name: "Cake", price: 5)
let window = Table(id: "soup", seats: 2)

@Suite("MemoryEntityStore")
struct MemoryEntityStoreTests {
    @Test("persist, get, getAll and delete per type")
    func crud() async throws {
        let store = MemoryEntityStore()
        try await store.persist([soup, cake])
        #expect(try await store.get(Dish.self, id: "soup") == soup)
        #expect(try await store.getAll(Dish.self) == [soup, cake])
        try await store.delete(soup)
        #expect(try await store.get(Dish.self, id: "soup") == nil)
        #expect(try await store.exists(Dish.self, id: "cake"))
        try await store.deleteAll(Dish.self)
        #expect(try await store.getAll(Dish.self).isEmpty)
    }

    @Test("persisting an entity with a stored id replaces it")
    func replace() async throws {
        let store = MemoryEntityStore()
        try await store.persist(soup)
        var dearer = soup
        dearer.price = 9
        try await store.persist(dearer)
        #expect(try await store.getAll(Dish.self) == [dearer])
    }

    @Test("entities of different types are kept apart even when their ids are equal")
    func typesApart() async throws {
        let store = MemoryEntityStore()
        try await store.persist(soup)
        try await store.persist(window)
        #expect(try await store.get(Table.self, id: "soup") == window)
        try await store.deleteAll(Table.self)
        #expect(try await store.get(Dish.self, id: "soup") == soup)
    }

    @Test("filter returns the entities that satisfy the predicate")
    func filter() async throws {
        let store = MemoryEntityStore()
        try await store.persist([soup, cake])
        #expect(try await store.filter(Dish.self) { $0.price < 6 } == [cake])
    }

    @Test("a failed encode is a typed error and stores nothing of the batch")
    func encodeFailure() async throws {
        let store = MemoryEntityStore()
        await #expect(throws: EntityStoreError.self) {
            try await store.persist([Broken(id: 1)])
        }
        #expect(try await store.getAll(Dish.self).isEmpty)
    }

    @Test("a closed store is a typed error")
    func closed() async throws {
        let store = MemoryEntityStore()
        await store.close()
        let error = await #expect(throws: EntityStoreError.self) {
            try await store.get(Dish.self, id: "soup")
        }
        #expect(error?.description == "entity store MemoryEntityStore is closed")
    }

    @Test("a typed view reads and writes one type")
    func typed() async throws {
        let dishes = TypedEntityStore<Dish>(MemoryEntityStore())
        try await dishes.persist(soup)
        #expect(try await dishes.get(id: "soup") == soup)
        #expect(try await dishes.exists(id: "soup"))
        try await dishes.delete(id: "soup")
        #expect(try await dishes.getAll().isEmpty)
    }
}

@Suite("Entity transactions")
struct EntityTransactionTests {
    @Test("a transaction is invisible outside until it commits, and sees its own changes")
    func isolation() async throws {
        let store = MemoryEntityStore()
        try await store.persist(soup)
        try await store.transaction { transaction in
            try await transaction.persist(cake)
            try await transaction.delete(Dish.self, id: "soup")
            #expect(try await transaction.get(Dish.self, id: "cake") == cake)
            #expect(try await transaction.get(Dish.self, id: "soup") == nil)
            #expect(try await transaction.getAll(Dish.self) == [cake])
            #expect(try await store.get(Dish.self, id: "cake") == nil)
            #expect(try await store.get(Dish.self, id: "soup") == soup)
        }
        #expect(try await store.getAll(Dish.self) == [cake])
    }

    @Test("inside a transaction, deleting an entity of one type hides no entity of another type with the same id")
    func deletionKeepsTypesApart() async throws {
        let store = MemoryEntityStore()
        try await store.persist(soup)
        try await store.persist(window)
        try await store.transaction { transaction in
            try await transaction.delete(Table.self, id: "soup")
            #expect(try await transaction.get(Dish.self, id: "soup") == soup)
            #expect(try await transaction.getAll(Dish.self) == [soup])
            #expect(try await transaction.get(Table.self, id: "soup") == nil)
        }
        #expect(try await store.getAll(Dish.self) == [soup])
        #expect(try await store.getAll(Table.self) == [])
    }

    @Test("a transaction kept beyond a body that threw is ended: it takes no more changes")
    func endedAfterThrow() async throws {
        struct Abort: Error {}
        actor Keeper {
            var transaction: EntityTransaction?
            func keep(_ transaction: EntityTransaction) { self.transaction = transaction }
        }
        let store = MemoryEntityStore()
        let keeper = Keeper()
        await #expect(throws: Abort.self) {
            try await store.transaction { transaction in
                await keeper.keep(transaction)
                throw Abort()
            }
        }
        let kept = try #require(await keeper.transaction)
        await #expect(throws: EntityStoreError.transactionEnded) {
            try await kept.persist(soup)
        }
        #expect(try await store.getAll(Dish.self) == [])
    }

    @Test("a throwing transaction changes nothing")
    func rollback() async throws {
        struct Abort: Error {}
        let store = MemoryEntityStore()
        try await store.persist(soup)
        await #expect(throws: Abort.self) {
            try await store.transaction { transaction in
                try await transaction.deleteAll(Dish.self)
                try await transaction.persist(cake)
                throw Abort()
            }
        }
        #expect(try await store.getAll(Dish.self) == [soup])
    }

    @Test("a transaction whose commit fails changes nothing")
    func failedCommit() async throws {
        let store = MemoryEntityStore()
        try await store.persist(soup)
        await #expect(throws: EntityStoreError.self) {
            try await store.transaction { transaction in
                try await transaction.delete(Dish.self, id: "soup")
                try await transaction.persist(Broken(id: 1))
            }
        }
        #expect(try await store.getAll(Dish.self) == [soup])
    }

    @Test("a transaction used after it ended is a typed error")
    func endedTransaction() async throws {
        let store = MemoryEntityStore()
        let escaped = try await store.transaction { $0 }
        await #expect(throws: EntityStoreError.transactionEnded) {
            try await escaped.persist(soup)
        }
    }
}

@Suite("ComposedEntityStore")
struct ComposedEntityStoreTests {
    /// A functional store of tables over `tables`, with transactions.
    func tablesOnly(_ tables: MemoryEntityStore) -> FunctionalEntityStore<Table> {
        FunctionalEntityStore<Table>(
            persist: { try await tables.persist($0) },
            get: { try await tables.get(Table.self, id: $0) },
            getAll: { try await tables.getAll(Table.self) },
            delete: { try await tables.delete(Table.self, ids: $0) },
            apply: { try await tables.apply($0) })
    }

    @Test("a composed store routes by type and priority")
    func routing() async throws {
        let general = MemoryEntityStore()
        let tables = MemoryEntityStore()
        let tablesOnly = tablesOnly(tables)
        let store = ComposedEntityStore().adding(general, priority: 0).adding(tablesOnly, priority: 10)
        try await store.persist(soup)
        try await store.persist(window)
        #expect(try await general.getAll(Dish.self) == [soup])
        #expect(try await general.getAll(Table.self).isEmpty)
        #expect(try await tables.getAll(Table.self) == [window])
        #expect(try await store.get(Table.self, id: "soup") == window)
    }

    @Test("a type no member keeps is a typed error naming it")
    func unknownType() async throws {
        let store = ComposedEntityStore().adding(
            FunctionalEntityStore<Table>(persist: { _ in }, get: { _ in nil }, getAll: { [] }, delete: { _ in }))
        await #expect(throws: EntityStoreError.unknownType("Dish")) {
            try await store.persist(soup)
        }
    }

    @Test("a transaction within one member commits atomically; one spanning members is rejected and writes nothing")
    func transactions() async throws {
        let general = MemoryEntityStore()
        let tables = MemoryEntityStore()
        let store = ComposedEntityStore().adding(general).adding(tablesOnly(tables), priority: 1)
        try await store.transaction { try await $0.persist([soup, cake]) }
        #expect(try await general.getAll(Dish.self).count == 2)
        await #expect(throws: EntityStoreError.self) {
            try await store.transaction { transaction in
                try await transaction.deleteAll(Dish.self)
                try await transaction.persist(window)
            }
        }
        #expect(try await general.getAll(Dish.self).count == 2)
        #expect(try await tables.getAll(Table.self).isEmpty)
    }

    @Test("a functional store without apply rejects transactions")
    func functionalWithoutApply() async throws {
        let store = FunctionalEntityStore<Table>(persist: { _ in }, get: { _ in nil }, getAll: { [] }, delete: { _ in })
        await #expect(throws: EntityStoreError.transactionsUnsupported(store: "FunctionalEntityStore<Table>")) {
            try await store.transaction { try await $0.persist(window) }
        }
    }
}
