import Foundation

/// Bytes by URL: loaded through an ``APIClient``, kept in a memory cache bounded by total size
/// with least-recently-used eviction, and optionally on disk. Turning bytes into platform images is left to
/// adapters.
///
/// ```swift
/// let assets = AssetCache(client: client, memoryLimit: 20 << 20, directory: cachesURL)
/// let logo = try await assets.data(for: URL(string: "https://bistro.example/logo.png")!)
/// ```
///
/// - Concurrent loads of one URL share one request (the client's coalescing of GETs): a cancelled load returns
///   `.cancelled` at once, the request is cancelled only when its last load goes, and a later load never joins a
///   cancelled request.
/// - Disk files are named by the SHA-256 of the URL, never by its text, so a URL cannot choose a path.
/// - An asset larger than the memory limit is served but not kept in memory.
public actor AssetCache {
    /// The most bytes the memory cache keeps.
    public let memoryLimit: Int
    /// Where assets are kept on disk, if anywhere. Not bounded: each asset is written once and none is removed, so
    /// give it a directory the system may purge (the caches directory).
    public nonisolated let directory: URL?
    private let client: APIClient
    private var entries: [URL: Entry] = [:]
    private var useCounter: UInt64 = 0
    /// The bytes the memory cache holds now.
    public private(set) var memoryCost = 0

    private struct Entry {
        var data: Data
        var lastUse: UInt64
    }

    /// Creates a cache.
    /// - Parameters:
    ///   - client: Loads what is not cached.
    ///   - memoryLimit: The most bytes kept in memory; 20 MiB by default.
    ///   - directory: A directory for the disk cache, created if missing; no disk cache when `nil`.
    public init(client: APIClient, memoryLimit: Int = 20 << 20, directory: URL? = nil) {
        self.client = client
        self.memoryLimit = max(0, memoryLimit)
        self.directory = directory
    }

    /// The bytes at `url`: from memory, else from disk, else loaded (once, however many callers ask at the same time).
    /// - Throws: The ``APIError`` of the load.
    public func data(for url: URL) async throws(APIError) -> Data {
        if let cached = touch(url) {
            return cached
        }
        if let onDisk = readFromDisk(url) {
            remember(onDisk, for: url)
            return onDisk
        }
        let data = try await client.data(for: .get(url.absoluteString))
        remember(data, for: url)
        writeToDisk(data, for: url)
        return data
    }

    /// Whether `url` is in the memory cache.
    public func isInMemory(_ url: URL) -> Bool {
        entries[url] != nil
    }

    /// Empties the memory cache; the disk cache stays.
    public func clearMemory() {
        entries.removeAll()
        memoryCost = 0
    }

    /// The disk file for `url`: its SHA-256 in hexadecimal, inside ``directory``.
    public nonisolated func diskURL(for url: URL) -> URL? {
        directory?.appendingPathComponent(SHA256.hex(Array(url.absoluteString.utf8)))
    }

    private func touch(_ url: URL) -> Data? {
        guard var entry = entries[url] else { return nil }
        useCounter += 1
        entry.lastUse = useCounter
        entries[url] = entry
        return entry.data
    }

    private func remember(_ data: Data, for url: URL) {
        guard data.count <= memoryLimit else { return }
        useCounter += 1
        if let old = entries.updateValue(Entry(data: data, lastUse: useCounter), forKey: url) {
            memoryCost -= old.data.count
        }
        memoryCost += data.count
        while memoryCost > memoryLimit, let oldest = entries.min(by: { $0.value.lastUse < $1.value.lastUse }) {
            entries[oldest.key] = nil
            memoryCost -= oldest.value.data.count
        }
    }

    private func readFromDisk(_ url: URL) -> Data? {
        guard let file = diskURL(for: url) else { return nil }
        return try? Data(contentsOf: file)
    }

    private func writeToDisk(_ data: Data, for url: URL) {
        guard let directory, let file = diskURL(for: url) else { return }
        // The disk cache is an optimisation: a failed write leaves the asset served from memory and loaded again
        // next time.
        try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try? data.write(to: file, options: .atomic)
    }
}
