import BrigadeEntity
import BrigadeServices
import Foundation

struct SoakRow: StorableEntity, Equatable {
    let id: Int
    let writer: Int
    let payload: String
}

/// (d) A `SQLiteStore` with two writers committing one row per transaction and two readers reading committed rows
/// back by id.
@MainActor
final class SQLiteSoak: SoakWorkload {
    let memoryBoundKiBPerMinute = 512.0
    private let directory = FileManager.default.temporaryDirectory.appendingPathComponent("brigade-soak-\(UUID())")
    private var store: SQLiteStore?
    private let commits = (0..<2).map { _ in Tally() }
    private let reads = (0..<2).map { _ in Tally() }
    private let errors = Tally()
    private let missing = Tally()
    private let stopFlag = StopFlag()
    private let workers = Workers()

    func start() async throws {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let store = try await SQLiteStore.open(path: directory.appendingPathComponent("soak.sqlite").path)
        self.store = store
        let (commits, reads, errors, missing, stopFlag) = (commits, reads, errors, missing, stopFlag)
        workers.task(2) { writer in
            var index = 0
            while !stopFlag.isRaised {
                do {
                    try await store.persist(SoakRow(id: writer << 40 | index, writer: writer, payload: "row \(index)"))
                    commits[writer].add()
                    index += 1
                } catch {
                    errors.add()
                }
            }
        }
        workers.task(2) { reader in
            var round = 0
            while !stopFlag.isRaised {
                let writer = (reader + round) % 2
                let committed = commits[writer].count
                round += 1
                guard committed > 0 else {
                    await Task.yield()
                    continue
                }
                let index = (round &* 7_919) % committed
                do {
                    if try await store.get(SoakRow.self, id: writer << 40 | index) == nil {
                        missing.add()
                    }
                    reads[reader].add()
                } catch {
                    errors.add()
                }
            }
        }
    }

    var operations: Int { (commits + reads).map(\.count).reduce(0, +) }

    func stop() async -> Bool {
        stopFlag.raise()
        return await workers.join()
    }

    func verify() async -> [String] {
        var failures: [String] = []
        defer { try? FileManager.default.removeItem(at: directory) }
        guard let store else { return ["data: no store"] }
        if errors.count != 0 {
            failures.append("data: \(errors.count) calls failed")
        }
        if missing.count != 0 {
            failures.append("data: \(missing.count) committed rows were not found by a reader")
        }
        do {
            try await store.checkIntegrity()
            let rows = try await store.getAll(SoakRow.self)
            for writer in 0..<2 {
                let ids = rows.filter { $0.writer == writer }.map { $0.id & ((1 << 40) - 1) }
                if ids != Array(0..<commits[writer].count) {
                    failures.append(
                        "data: writer \(writer) committed \(commits[writer].count) rows, the file holds \(ids.count)"
                            + " (each once, in order: \(Set(ids).count == ids.count))")
                }
            }
            await store.close()
            if let held = Probe.descriptors(under: directory.path), held != 0 {
                failures.append("data: \(held) file descriptors still hold the database after close()")
            }
        } catch {
            failures.append("data: \(error)")
        }
        print(
            "[sqlite] \(commits.map(\.count).reduce(0, +)) commits by 2 writers, \(reads.map(\.count).reduce(0, +))"
                + " reads by 2 readers")
        return failures
    }
}
