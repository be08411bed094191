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
/// - The disk cache is bounded by ``diskLimit``: past it, the least recently used of its files go (only its own:
///   files named by a hash; anything else in the directory is left alone). Use survives a relaunch (a file's
///   modification date is its last use).
/// - An asset larger than the memory limit is served but not kept in memory; one larger than the disk limit is not
///   written to disk.
public actor AssetCache {
    /// The most bytes the memory cache keeps.
    public let memoryLimit: Int
    /// Where assets are kept on disk, if anywhere.
    public nonisolated let directory: URL?
    /// The most bytes the disk cache keeps.
    public let diskLimit: Int
    private let client: APIClient
    private var entries: [URL: Entry] = [:]
    private var useCounter: UInt64 = 0
    /// The bytes the memory cache holds now.
    public private(set) var memoryCost = 0

    private struct Entry {
        var data: Data
        var lastUse: UInt64
    }

    /// The disk cache's files by name, with their size and last use; read from the directory on first use.
    private var diskFiles: [String: (size: Int, lastUse: Date)]?
    /// The bytes the disk cache's files hold.
    private var diskCost = 0

    /// Creates a cache.
    /// - Parameters:
    ///   - client: Loads what is not cached.
    ///   - memoryLimit: The most bytes kept in memory; 20 MiB by default.
    ///   - directory: A directory for the disk cache, created if missing; no disk cache when `nil`.
    ///   - diskLimit: The most bytes the disk cache keeps; 100 MiB by default.
    public init(client: APIClient, memoryLimit: Int = 20 << 20, directory: URL? = nil, diskLimit: Int = 100 << 20) {
        self.client = client
        self.memoryLimit = max(0, memoryLimit)
        self.directory = directory
        self.diskLimit = max(0, diskLimit)
    }

    /// The bytes the disk cache's files hold (its own files in ``directory``).
    public var diskUsage: Int {
        loadDiskFiles()
        return diskCost
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
        guard let file = diskURL(for: url), let data = try? Data(contentsOf: file) else { return nil }
        loadDiskFiles()
        diskFiles?[file.lastPathComponent]?.lastUse = stamp(file)
        return data
    }

    private func writeToDisk(_ data: Data, for url: URL) {
        guard let directory, let file = diskURL(for: url), data.count <= diskLimit else { return }
        loadDiskFiles()
        // The disk cache is an optimisation: a failed write leaves the asset served from memory and loaded again
        // next time.
        try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        guard (try? data.write(to: file, options: .atomic)) != nil else { return }
        let name = file.lastPathComponent
        let now = stamp(file)
        diskCost += data.count - (diskFiles?[name]?.size ?? 0)
        diskFiles?[name] = (data.count, now)
        while diskCost > diskLimit, let oldest = diskFiles?.min(by: { $0.value.lastUse < $1.value.lastUse }) {
            diskFiles?[oldest.key] = nil
            diskCost -= oldest.value.size
            try? FileManager.default.removeItem(at: directory.appendingPathComponent(oldest.key))
        }
    }

    /// Sets `file`'s modification date to now, its last use, and returns it: the order of use is kept in the files,
    /// for the next launch (a failure costs only the order). Written and read files alike, because the file system's
    /// own time comes from a coarser clock, which may put a file written now before one read a moment ago.
    private func stamp(_ file: URL) -> Date {
        let now = Date()
        try? FileManager.default.setAttributes([.modificationDate: now], ofItemAtPath: file.path)
        return now
    }

    /// Reads the disk cache's files (their names are hashes: 64 hexadecimal digits) with their sizes and last uses,
    /// once.
    private func loadDiskFiles() {
        guard diskFiles == nil else { return }
        var files: [String: (size: Int, lastUse: Date)] = [:]
        let keys: [URLResourceKey] = [.fileSizeKey, .contentModificationDateKey]
        if let directory,
            let contents = try? FileManager.default.contentsOfDirectory(
                at: directory, includingPropertiesForKeys: keys)
        {
            for file in contents where Self.isCacheFileName(file.lastPathComponent) {
                let values = try? file.resourceValues(forKeys: Set(keys))
                files[file.lastPathComponent] = (
                    values?.fileSize ?? 0, values?.contentModificationDate ?? .distantPast
                )
            }
        }
        diskFiles = files
        diskCost = files.values.reduce(0) { $0 + $1.size }
    }

    private static func isCacheFileName(_ name: String) -> Bool {
        name.utf8.count == 64 && name.utf8.allSatisfy { (48...57).contains($0) || (97...102).contains($0) }
    }
}
