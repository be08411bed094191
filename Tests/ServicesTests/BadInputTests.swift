import BrigadeServices
import Foundation
import TestHTTPServer
import Testing

// One test per row of docs/BadInput.md for BrigadeServices' errors: the trigger, through the public API, and the
// exact text the user sees. A reason that quotes Foundation's own error text is checked up to that quote.

struct Refused: Error {}

/// A request body that cannot be encoded.
struct UnwritableBody: Encodable {
    func encode(to encoder: any Encoder) throws { throw Refused() }
}

/// The description of the error `body` throws, which must be of type `E`.
func failure<E: Error>(_: E.Type, _ body: () async throws -> Void) async -> String? {
    let error = await #expect(throws: E.self) { try await body() }
    return error.map { String(describing: $0) }
}

@Suite("Bad input: BrigadeServices")
struct ServicesBadInputTests {
    // MARK: - JSONParseError

    @Test("JSONParseError.malformed")
    func jsonMalformed() async {
        #expect(
            await failure(JSONParseError.self) { _ = try JSONValue.parse(Array("[1,]".utf8)) }
                == "malformed JSON at byte 3: expected a value")
    }

    @Test("JSONParseError.duplicateKey")
    func jsonDuplicateKey() async {
        #expect(
            await failure(JSONParseError.self) { _ = try JSONValue.parse(Array(#"{"a": 1, "a": 2}"#.utf8)) }
                == "duplicate key 'a' at byte 9")
    }

    @Test("JSONParseError.tooDeep")
    func jsonTooDeep() async {
        #expect(
            await failure(JSONParseError.self) {
                _ = try JSONValue.parse(Array(String(repeating: "[", count: 10_000).utf8))
            } == "JSON nested too deeply at byte 512")
    }
}

@Suite("Bad input: BrigadeServices files")
struct ServicesFileBadInputTests {
    /// The description of the error `body` throws, which must be of type `E`.
    func failure<E: Error>(_: E.Type, _ body: () throws -> Void) -> String? {
        let error = #expect(throws: E.self) { try body() }
        return error.map { String(describing: $0) }
    }

    // MARK: - BundledResourcesError

    @Test("BundledResourcesError.invalidName")
    func invalidName() {
        let resources = BundledResources(directory: URL(fileURLWithPath: "/tmp"))
        #expect(
            failure(BundledResourcesError.self) { _ = try resources.data(named: "../secrets") }
                == "invalid resource name '../secrets': a name cannot contain a path separator")
    }

    /// The description of the BundledResourcesError `body` throws over `files`, and the resources' directory.
    func resourcesFailure(
        _ files: [String: String],
        _ body: (BundledResources) throws -> Void
    ) throws -> (text: String?, directory: String) {
        let directory = try resourcesDirectory(files)
        defer { try? FileManager.default.removeItem(at: directory) }
        let resources = BundledResources(directory: directory)
        return (failure(BundledResourcesError.self) { try body(resources) }, directory.path)
    }

    @Test("BundledResourcesError.notFound")
    func notFound() throws {
        let (text, directory) = try resourcesFailure([:]) { _ = try $0.data(named: "menu") }
        #expect(text == "no file 'menu' in \(directory)")
    }

    @Test("BundledResourcesError.unreadable")
    func unreadable() throws {
        let (text, _) = try resourcesFailure([:]) { resources in
            try FileManager.default.createDirectory(
                at: resources.directory.appendingPathComponent("menu.json"), withIntermediateDirectories: false)
            _ = try resources.data(named: "menu")
        }
        #expect(text?.hasPrefix("cannot read 'menu': ") == true)
    }

    @Test("BundledResourcesError.malformed")
    func malformed() throws {
        let (text, _) = try resourcesFailure(["broken.json": #"{"dishes": [}"#]) { _ = try $0.json(named: "broken") }
        #expect(text == "'broken' is not valid JSON: malformed JSON at byte 12: expected a value")
    }

    @Test("BundledResourcesError.duplicateKey")
    func duplicateKey() throws {
        let (text, _) = try resourcesFailure(["plain.json": #"{"tables": 12, "tables": 14}"#]) {
            _ = try $0.settings(named: "plain")
        }
        #expect(text == "'plain' has the key 'tables' twice")
    }

    @Test("BundledResourcesError.decodingFailed")
    func decodingFailed() throws {
        let (text, _) = try resourcesFailure(["menu.json": #"{"dishes": "soup"}"#]) {
            _ = try $0.decode(MenuFile.self, named: "menu")
        }
        #expect(text?.hasPrefix("cannot decode MenuFile from 'menu': ") == true)
    }

    @Test("BundledResourcesError.notSettings")
    func notSettings() throws {
        let (text, _) = try resourcesFailure(["list.json": "[1, 2]"]) { _ = try $0.settings(named: "list") }
        #expect(text == "'list' is not a settings file: the file is not a JSON object")
    }

    @Test("BundledResourcesError.notTextTable")
    func notTextTable() {
        #expect(
            failure(BundledResourcesError.self) { _ = try Translations.Table.parse(Array("[1, 2]".utf8), name: "copy") }
                == "'copy' is not a text table: the file is not a JSON object")
    }

    @Test("BundledResourcesError.outsideDirectory")
    func outsideDirectory() throws {
        let (text, _) = try resourcesFailure([:]) { resources in
            try FileManager.default.createSymbolicLink(
                atPath: resources.directory.appendingPathComponent("menu.json").path, withDestinationPath: "/etc/passwd"
            )
            _ = try resources.data(named: "menu")
        }
        #expect(text == "'menu' leads to /etc/passwd, outside the resources' directory; nothing was read")
    }

    // MARK: - SQLiteError

    @Test("SQLiteError.openFailed")
    func openFailed() {
        let path = "/nonexistent-brigade-directory/bistro.sqlite"
        #expect(
            failure(SQLiteError.self) { _ = try SQLiteStore(path: path) }
                == "cannot open database '\(path)': unable to open database file")
    }

    @Test("SQLiteError.notADatabase")
    func notADatabase() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("notes.txt")
        try Data("my notes, not a database\n".utf8).write(to: URL(fileURLWithPath: path))
        #expect(
            failure(SQLiteError.self) { _ = try SQLiteStore(path: path) }
                == "'\(path)' is not a SQLite database or is corrupt (the file does not start with the SQLite header); it was left untouched"
        )
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "my notes, not a database\n")
    }

    @Test("SQLiteError.statementFailed")
    func statementFailed() throws {
        let directory = try TemporaryDirectory()
        let seen = SeenErrors()
        let probe: SQLiteStore.Migration = { database in
            do {
                _ = try database.execute("INSERT INTO missing(x) VALUES (1)")
            } catch {
                seen.record("\(error)")
            }
        }
        _ = try SQLiteStore(path: directory.path("bistro.sqlite"), migrations: [probe])
        #expect(seen.values == ["SQL failed (code 1): no such table: missing — in: INSERT INTO missing(x) VALUES (1)"])
    }

    @Test("SQLiteError.migrationFailed")
    func migrationFailed() async throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("bistro.sqlite")
        let create: SQLiteStore.Migration = { _ = try $0.execute("CREATE TABLE tags(name TEXT)") }
        let broken: SQLiteStore.Migration = { _ = try $0.execute("INSERT INTO missing(x) VALUES (1)") }
        #expect(
            failure(SQLiteError.self) { _ = try SQLiteStore(path: path, migrations: [create, broken]) }
                == "migration to schema version 2 failed: SQL failed (code 1): no such table: missing — in: INSERT INTO missing(x) VALUES (1)"
        )
        #expect(try await SQLiteStore(path: path, migrations: [create]).schemaVersion() == 1)
    }

    @Test("SQLiteError.schemaTooNew")
    func schemaTooNew() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("bistro.sqlite")
        let create: SQLiteStore.Migration = { _ = try $0.execute("CREATE TABLE tags(name TEXT)") }
        let index: SQLiteStore.Migration = { _ = try $0.execute("CREATE INDEX tag_names ON tags(name)") }
        _ = try SQLiteStore(path: path, migrations: [create, index])
        #expect(
            failure(SQLiteError.self) { _ = try SQLiteStore(path: path, migrations: [create]) }
                == "the database has schema version 2, newer than the 1 this store knows")
    }

    @Test("SQLiteError.negativeSchemaVersion")
    func negativeSchemaVersion() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("bistro.sqlite")
        // Another tool wrote the version.
        try RawConnection(path: path).run("CREATE TABLE kept(x); PRAGMA user_version = -1")
        #expect(
            failure(SQLiteError.self) { _ = try SQLiteStore(path: path) }
                == "'\(path)' has the negative schema version -1, which no migration gives; it was left untouched")
    }

    @Test("SQLiteError.integrityCheckFailed")
    func integrityCheckFailed() async throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("bistro.sqlite")
        // An index whose recorded definition no longer matches its entries: SQLite opens the file, and only the
        // integrity check notices.
        let corrupt: SQLiteStore.Migration = { database in
            _ = try database.execute("CREATE TABLE tags(name TEXT, rank INTEGER)")
            _ = try database.execute("CREATE INDEX tag_names ON tags(name)")
            _ = try database.execute("INSERT INTO tags VALUES ('vegan', 2), ('spicy', 1)")
            _ = try database.execute("PRAGMA writable_schema = ON")
            _ = try database.execute(
                "UPDATE sqlite_master SET sql = 'CREATE INDEX tag_names ON tags(rank)' WHERE name = 'tag_names'")
            _ = try database.execute("PRAGMA writable_schema = OFF")
        }
        _ = try SQLiteStore(path: path, migrations: [corrupt])
        let store = try SQLiteStore(path: path, migrations: [corrupt])
        let error = await #expect(throws: SQLiteError.self) { try await store.checkIntegrity() }
        #expect(error?.description.hasPrefix("integrity check failed: ") == true)
        #expect(error?.description.contains("tag_names") == true)
    }
}

/// Error texts recorded from inside a migration.
final class SeenErrors: @unchecked Sendable {
    // `lock` guards `texts`.
    private let lock = NSLock()
    private var texts: [String] = []
    func record(_ text: String) { lock.withLock { texts.append(text) } }
    var values: [String] { lock.withLock { texts } }
}

// The HTTP rows run in the APIClient suite, one at a time with its other tests against the test server.
extension APIClientTests {
    func url(_ path: String) -> String {
        server.url(path).absoluteString
    }

    // MARK: - APIError

    @Test("APIError.invalidURL")
    func apiInvalidURL() async {
        #expect(
            await failure(APIError.self) { _ = try await APIClient().data(for: .get("file:///etc/passwd")) }
                == "'file:///etc/passwd' is not an http(s) URL")
    }

    @Test("APIError.transport")
    func apiTransport() async throws {
        let stopped = try TestHTTPServer()
        let address = stopped.url("/json").absoluteString
        stopped.stop()
        let text = await failure(APIError.self) { _ = try await client.data(for: .get(address)) }
        #expect(text?.hasPrefix("request to \(address) failed: ") == true)
    }

    @Test("APIError.status")
    func apiStatus() async {
        #expect(
            await failure(APIError.self) { _ = try await client.data(for: .get("/status/418")) }
                == "\(url("/status/418")) answered 418: status 418")
    }

    @Test("APIError.responseTooLarge")
    func apiResponseTooLarge() async {
        let small = APIClient(baseURL: server.baseURL, maxResponseBytes: 1_000, retryPolicy: .never)
        #expect(
            await failure(APIError.self) { _ = try await small.data(for: .get("/large/100000")) }
                == "the response of \(url("/large/100000")) is larger than 1000 bytes")
    }

    @Test("APIError.timeout")
    func apiTimeout() async {
        #expect(
            await failure(APIError.self) {
                _ = try await client.data(for: .get("/delay/3000", timeout: .milliseconds(200)))
            } == "\(url("/delay/3000")) did not answer in time")
    }

    @Test("APIError.cancelled")
    func apiCancelled() async {
        let task = Task { try await client.data(for: .get("/delay/5000")) }
        task.cancel()
        let result = await task.result
        #expect(
            await failure(APIError.self) { _ = try result.get() }
                == "the request to \(url("/delay/5000")) was cancelled")
    }

    @Test("APIError.invalidHeader")
    func apiInvalidHeader() async {
        let request = APIRequest(method: .get, path: "/echo", headers: ["X-Waiter": "Ada\r\nInjected: yes"])
        #expect(
            await failure(APIError.self) { _ = try await client.data(for: request) }
                == #"the header "X-Waiter": "Ada\r\nInjected: yes" was not sent: a name must be an HTTP token "#
                + "(letters, digits and RFC 9110's token symbols), a value must hold no CR, LF or other control "
                + "character")
        #expect(server.connectionCount == 0)
    }

    @Test("APIError.tooManyRedirects")
    func apiTooManyRedirects() async {
        let limited = APIClient(baseURL: server.baseURL, retryPolicy: .never, maxRedirects: 2)
        #expect(
            await failure(APIError.self) { _ = try await limited.data(for: .get("/loop/0")) }
                == "\(url("/loop/0")) redirected more than 2 times")
    }

    @Test("APIError.decodingFailed")
    func apiDecodingFailed() async {
        let text = await failure(APIError.self) { _ = try await client.get("/json", as: [Int].self) }
        #expect(text?.hasPrefix("cannot decode Array<Int> from \(url("/json")): ") == true)
    }

    @Test("APIError.encodingFailed")
    func apiEncodingFailed() async {
        #expect(
            await failure(APIError.self) { _ = try APIRequest.json(.post, "/echo", UnwritableBody()) }
                == "cannot encode UnwritableBody: Refused()")
    }
}
