import BistroKit
import Foundation
import TestHTTPServer
import Testing

/// A fresh data directory for one test.
func dataDirectory() -> URL {
    FileManager.default.temporaryDirectory.appendingPathComponent("bistro-test-\(UUID())", isDirectory: true)
}

func golden(_ name: String) throws -> String {
    let url = try #require(Bundle.module.url(forResource: name, withExtension: nil, subdirectory: "Golden"))
    return try String(contentsOf: url, encoding: .utf8)
}

@MainActor
func run(_ commands: [String], options: BistroOptions) async throws -> String {
    let session = try await BistroSession(options: options)
    return await Terminal.transcript(of: commands, in: session)
}

@Suite("Bistro", .serialized)
@MainActor
struct BistroTests {
    @Test(
        "the scripted tour matches its golden transcript: menu, dish, add twice, order, undo, redo, place, orders, German"
    )
    func goldenTour() async throws {
        let directory = dataDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let commands = try golden("tour.commands").components(separatedBy: "\n")
        let transcript = try await run(commands, options: BistroOptions(dataDirectory: directory))
        #expect(transcript == (try golden("tour.transcript")))
    }

    @Test("orders placed in one run are listed in the next run against the same data directory")
    func persistence() async throws {
        let directory = dataDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let options = BistroOptions(dataDirectory: directory)
        _ = try await run(["add tart 2", "place", "add steak", "place"], options: options)
        let second = try await BistroSession(options: options)
        _ = await second.execute("open /orders")
        #expect(second.screen == ["== Past orders ==", "  Order 1: 2 items, €17.00", "  Order 2: 1 items, €24.00"])
        #expect(second.store.currentState.nextOrderNumber == 3)
    }

    @Test("specials come from the HTTP API given by --specials-url")
    func specials() async throws {
        let server = try TestHTTPServer()
        var options = BistroOptions(dataDirectory: dataDirectory())
        options.specialsURL = server.url("/specials")
        let session = try await BistroSession(options: options)
        #expect(
            await session.execute("open /specials")
                == .screen([
                    "== Today's specials ==", "  Bouillabaisse              €22.00",
                    "  Tarte Tatin                €9.00",
                ]))
    }

    @Test("with the specials server down, the screen says so and the app keeps working")
    func specialsDown() async throws {
        let server = try TestHTTPServer()
        var options = BistroOptions(dataDirectory: dataDirectory())
        options.specialsURL = server.url("/specials")
        server.stop()
        let session = try await BistroSession(options: options)
        guard case .screen(let lines) = await session.execute("open /specials") else {
            Issue.record("expected a screen")
            return
        }
        #expect(lines.first == "== Today's specials ==")
        #expect(lines.dropFirst().first?.hasPrefix("Specials are unavailable right now: request to") == true)
        #expect(await session.execute("add soup") != .quit)
        #expect(session.store.currentState.order.count == 1)
    }

    @Test(
        "bad input gives a one-line error and leaves the state as it was",
        arguments: [
            ("fly", "unknown command 'fly' (type help)"),
            ("open /kitchen", "no screen at '/kitchen' (type help)"),
            ("open /menu/caviar", "unknown dish 'caviar' (see: open /menu)"),
            ("add caviar", "unknown dish 'caviar' (see: open /menu)"),
            ("add soup lots", "invalid quantity 'lots': use a whole number from 1 to 99"),
            ("add soup 100", "invalid quantity '100': use a whole number from 1 to 99"),
            ("remove tart", "'tart' is not in the order"),
            ("open /orders/9", "no order '9' (see: open /orders)"),
            ("lang xx", "unknown language 'xx' (available: de, en, fr)"),
        ])
    func badInput(command: String, message: String) async throws {
        let session = try await BistroSession(options: BistroOptions(dataDirectory: dataDirectory()))
        _ = await session.execute("add soup")
        let before = session.store.currentState
        let screen = session.screen
        #expect(await session.execute(command) == .error(message))
        #expect(session.store.currentState == before)
        #expect(session.screen == screen)
    }

    @Test("an unusable data directory is reported at start; placing then fails and keeps the order")
    func unreadableDataDirectory() async throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("bistro-not-a-dir-\(UUID())")
        try Data("x".utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let session = try await BistroSession(options: BistroOptions(dataDirectory: file))
        #expect(session.notices.first?.hasPrefix("warning: cannot use data directory '\(file.path)'") == true)
        _ = await session.execute("add soup")
        let before = session.store.currentState
        #expect(await session.execute("place") == .error("cannot place the order: the data directory cannot be used"))
        #expect(session.store.currentState == before)
    }

    @Test("the command line: options, help, and typed errors")
    func options() throws {
        let options = try BistroOptions(
            arguments: ["--data-dir", "/tmp/x", "--specials-url", "http://127.0.0.1:1/specials", "--script", "s.txt"],
            environment: [:])
        #expect(options.dataDirectory.path == "/tmp/x")
        #expect(options.specialsURL?.absoluteString == "http://127.0.0.1:1/specials")
        #expect(options.scriptPath == "s.txt")
        #expect(try BistroOptions(arguments: ["--help"], environment: [:]).showHelp)
        #expect(throws: OptionsError.unknownOption("--fast")) { try BistroOptions(arguments: ["--fast"]) }
        #expect(throws: OptionsError.missingValue("--data-dir")) { try BistroOptions(arguments: ["--data-dir"]) }
        #expect(throws: OptionsError.invalidValue("--specials-url", "ftp://x")) {
            try BistroOptions(arguments: ["--specials-url", "ftp://x"])
        }
        let xdg = BistroOptions.defaultDataDirectory(environment: ["XDG_DATA_HOME": "/data"])
        #if os(Linux)
        #expect(xdg.path == "/data/bistro")
        #endif
        #expect(BistroOptions.help.contains("open <path | bistro://url>"))
    }
}
