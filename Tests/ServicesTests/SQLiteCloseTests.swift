import BrigadeEntity
import BrigadeServices
import Foundation
import Testing

@Suite("SQLiteStore.close")
struct SQLiteCloseTests {
    /// The open file descriptors of this process that point at `path` or its `-wal` and `-shm` files; `nil` where
    /// the process's descriptors cannot be listed (no `/proc`).
    static func descriptors(holding path: String) -> Int? {
        guard let entries = try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd") else { return nil }
        let resolved = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
        return entries.count { entry in
            guard let target = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/" + entry)
            else { return false }
            return target.hasPrefix(resolved) || target.hasPrefix(path)
        }
    }

    @Test("closing releases the database file")
    func closingReleasesTheFile() async throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("bistro.sqlite")
        let store = try SQLiteStore(path: path)
        try await store.persist(Order(id: 1, dishes: ["soup"]))
        guard let open = Self.descriptors(holding: path) else { return }
        #expect(open > 0)
        await store.close()
        #expect(Self.descriptors(holding: path) == 0)
        // The store is still referenced: the file was released by close, not by deinit.
        await #expect(throws: EntityStoreError.closed(store: "SQLiteStore")) {
            try await store.persist(Order(id: 2, dishes: []))
        }
    }

    @Test("after close every call is the typed error, and a second close does nothing")
    func everyCallAfterCloseThrows() async throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("bistro.sqlite")
        let store = try SQLiteStore(path: path)
        try await store.persist(Order(id: 1, dishes: ["soup"]))
        await store.close()
        await store.close()
        let closed = EntityStoreError.closed(store: "SQLiteStore")
        await #expect(throws: closed) { try await store.get(Order.self, id: 1) }
        await #expect(throws: closed) { try await store.getAll(Order.self) }
        await #expect(throws: closed) { try await store.exists(Order.self, id: 1) }
        await #expect(throws: closed) { try await store.persist(Order(id: 2, dishes: [])) }
        await #expect(throws: closed) { try await store.delete(Order.self, ids: [1]) }
        await #expect(throws: closed) { try await store.deleteAll(Order.self) }
        await #expect(throws: closed) { try await store.checkIntegrity() }
        await #expect(throws: closed) { try await store.schemaVersion() }
        // What was committed before closing is in the file.
        let reopened = try SQLiteStore(path: path)
        #expect(try await reopened.getAll(Order.self) == [Order(id: 1, dishes: ["soup"])])
    }

    @Test("calls in flight when the store closes finish or get the typed error")
    func callsInFlightFinishOrThrow() async throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("bistro.sqlite")
        let store = try SQLiteStore(path: path)
        let outcomes = await withTaskGroup(of: String.self) { group in
            for index in 0..<200 {
                group.addTask {
                    do {
                        if index.isMultiple(of: 2) {
                            try await store.persist(Order(id: index, dishes: ["dish \(index)"]))
                            return "written \(index)"
                        }
                        _ = try await store.getAll(Order.self)
                        return "done"
                    } catch let error as EntityStoreError where error == .closed(store: "SQLiteStore") {
                        return "closed"
                    } catch {
                        return "\(error)"
                    }
                }
                if index == 100 {
                    group.addTask {
                        await store.close()
                        return "done"
                    }
                }
            }
            var outcomes: [String] = []
            for await outcome in group {
                outcomes.append(outcome)
            }
            return outcomes
        }
        let written = outcomes.filter { $0.hasPrefix("written ") }.compactMap { Int($0.dropFirst(8)) }
        #expect(
            outcomes.allSatisfy { $0 == "done" || $0 == "closed" || $0.hasPrefix("written ") }, "\(Set(outcomes))")
        if let held = Self.descriptors(holding: path) {
            #expect(held == 0)
        }
        // Every write reported done is in the file, exactly once.
        let reopened = try SQLiteStore(path: path)
        try await reopened.checkIntegrity()
        let stored = try await reopened.getAll(Order.self)
        #expect(stored.map(\.id).sorted() == written.sorted())
    }
}
