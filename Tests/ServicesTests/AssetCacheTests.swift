import BrigadeServices
import Foundation
import TestHTTPServer
import Testing

@Suite("AssetCache", .serialized)
struct AssetCacheTests {
    let server: TestHTTPServer
    let client: APIClient

    init() throws {
        server = try TestHTTPServer()
        client = APIClient(baseURL: server.baseURL, retryPolicy: .never)
    }

    @Test("a cached asset is served from memory without another request")
    func memoryHit() async throws {
        let cache = AssetCache(client: client)
        let url = server.url("/asset/logo")
        #expect(String(decoding: try await cache.data(for: url), as: UTF8.self) == "asset logo")
        _ = try await cache.data(for: url)
        #expect(server.requestCount("/asset/logo") == 1)
    }

    @Test("the memory cache is bounded by total size and evicts the least recently used")
    func lruEviction() async throws {
        // Each asset body is "asset x" (7 bytes); 20 bytes hold two.
        let cache = AssetCache(client: client, memoryLimit: 20)
        let a = server.url("/asset/a")
        let b = server.url("/asset/b")
        let c = server.url("/asset/c")
        _ = try await cache.data(for: a)
        _ = try await cache.data(for: b)
        _ = try await cache.data(for: a)  // a is now more recent than b
        _ = try await cache.data(for: c)
        #expect(await cache.isInMemory(a))
        #expect(await !cache.isInMemory(b))
        #expect(await cache.isInMemory(c))
        #expect(await cache.memoryCost <= 20)
    }

    @Test("concurrent loads of one URL are coalesced")
    func coalescing() async throws {
        let cache = AssetCache(client: client)
        let url = server.url("/asset/menu?delay=300")
        try await withThrowingTaskGroup(of: Data.self) { group in
            for _ in 0..<5 {
                group.addTask { try await cache.data(for: url) }
            }
            for try await data in group {
                #expect(String(decoding: data, as: UTF8.self) == "asset menu")
            }
        }
        #expect(server.requestCount("/asset/menu") == 1)
    }

    @Test("the disk cache names files by hash, never by URL text, and serves after memory is cleared")
    func diskCache() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("brigade-assets-\(UUID())")
        defer { try? FileManager.default.removeItem(at: directory) }
        let cache = AssetCache(client: client, directory: directory)
        let url = server.url("/asset/..%2F..%2Fetc%2Fpasswd")
        _ = try await cache.data(for: url)
        let files = try FileManager.default.contentsOfDirectory(atPath: directory.path)
        #expect(files.count == 1)
        #expect(files.allSatisfy { $0.count == 64 && $0.allSatisfy(\.isHexDigit) })
        await cache.clearMemory()
        let again = AssetCache(client: client, directory: directory)
        _ = try await again.data(for: url)
        #expect(
            server.requestCount("/asset/..%2F..%2Fetc%2Fpasswd") + server.requestCount("/asset/../../etc/passwd") == 1)
    }

    @Test("the disk cache is bounded: past its limit the least recently used of its own files go, others stay")
    func diskBound() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("brigade-assets-\(UUID())")
        defer { try? FileManager.default.removeItem(at: directory) }
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let notes = directory.appendingPathComponent("notes.txt")
        try Data(repeating: 65, count: 1_000).write(to: notes)
        // Each asset body is "asset x" (7 bytes); 20 bytes hold two. Nothing is kept in memory: every read is the
        // disk's or the network's.
        let cache = AssetCache(client: client, memoryLimit: 0, directory: directory, diskLimit: 20)
        let (a, b, c) = (server.url("/asset/a"), server.url("/asset/b"), server.url("/asset/c"))
        _ = try await cache.data(for: a)
        _ = try await cache.data(for: b)
        #expect(await cache.diskUsage == 14)
        _ = try await cache.data(for: a)  // from disk: a is now more recent than b
        _ = try await cache.data(for: c)
        func onDisk(_ url: URL) -> Bool {
            cache.diskURL(for: url).map { FileManager.default.fileExists(atPath: $0.path) } ?? false
        }
        #expect(onDisk(a) && !onDisk(b) && onDisk(c))
        #expect(await cache.diskUsage == 14)
        #expect(FileManager.default.fileExists(atPath: notes.path))
        #expect(server.requestCount("/asset/a") == 1)

        // A relaunch finds the files and their order on disk.
        let again = AssetCache(client: client, memoryLimit: 0, directory: directory, diskLimit: 20)
        #expect(await again.diskUsage == 14)
        _ = try await again.data(for: b)  // loaded again; the least recent of a and c goes
        #expect(await again.diskUsage == 14)
        #expect(onDisk(b) && onDisk(c) && !onDisk(a))
        #expect(server.requestCount("/asset/b") == 2)
    }
}
