import BistroKit
import Foundation
import Testing

/// The golden commands of `name`, with `{dir}` replaced by `directory`.
func goldenCommands(_ name: String, directory: URL) throws -> [String] {
    try golden(name).replacingOccurrences(of: "{dir}", with: directory.path).components(separatedBy: "\n")
}

@Suite("Bistro shows the architecture", .serialized)
@MainActor
struct TraceAndReplayTests {
    @Test("--trace shows each action, the fields it changed and the navigation stack after each step")
    func goldenTrace() async throws {
        let directory = dataDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        var options = BistroOptions(dataDirectory: directory)
        options.trace = true
        let transcript = try await run(try goldenCommands("trace.commands", directory: directory), options: options)
        #expect(transcript == (try golden("trace.transcript")))
    }

    @Test("trace lines are coloured on a terminal and plain otherwise")
    func colour() async throws {
        var options = BistroOptions(dataDirectory: dataDirectory())
        options.trace = true
        let session = try await BistroSession(options: options)
        _ = session.takeTrace()
        let coloured = await Terminal.transcript(of: ["add soup"], in: session, colour: true)
        #expect(coloured.contains("\u{1B}[36m  | action AddDish(dish: \"soup\", quantity: 1)\u{1B}[0m\n"))
        #expect(coloured.contains("\u{1B}[33m  |   order → 1 × soup\u{1B}[0m\n"))
        #expect(coloured.contains("\u{1B}[2m  | stack /menu\u{1B}[0m\n"))
        let plain = await Terminal.transcript(of: ["add soup"], in: session)
        #expect(!plain.contains("\u{1B}"))
        #expect(plain.contains("\n  |   order → 2 × soup\n"))
    }

    @Test("without --trace there are no trace lines")
    func noTrace() async throws {
        let session = try await BistroSession(options: BistroOptions(dataDirectory: dataDirectory()))
        _ = await session.execute("add soup")
        #expect(session.takeTrace().isEmpty)
    }

    @Test("in German, errors, the help and the confirmation of add are German")
    func goldenGerman() async throws {
        let directory = dataDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let transcript = try await run(
            try goldenCommands("german.commands", directory: directory),
            options: BistroOptions(dataDirectory: directory))
        #expect(transcript == (try golden("german.transcript")))
    }

    @Test("add confirms what was added and the order's size and total")
    func addConfirms() async throws {
        let session = try await BistroSession(options: BistroOptions(dataDirectory: dataDirectory()))
        _ = await session.execute("add tart")
        let outcome = await session.execute("add soup 2")
        #expect(outcome == .screen(session.screen + ["", "Added 2 × Soup of the day. Your order: 3 items, €21.50"]))
    }

    @Test("log export writes the action log and bistro --replay replays it into the same order")
    func exportAndReplay() async throws {
        let directory = dataDirectory()
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let reporter = try await BistroSession(
            options: BistroOptions(dataDirectory: directory.appendingPathComponent("a")))
        let exported = await Terminal.transcript(
            of: try goldenCommands("export.commands", directory: directory), in: reporter)
        #expect(exported.replacingOccurrences(of: directory.path, with: "{dir}") == (try golden("export.transcript")))

        var options = BistroOptions(dataDirectory: directory.appendingPathComponent("b"))
        options.replayPath = directory.appendingPathComponent("report.json").path
        options.trace = true
        let replayer = try await BistroSession(options: options)
        #expect(replayer.store.currentState.order == reporter.store.currentState.order)
        #expect(replayer.store.currentState.language == "de")
        let replayed = await Terminal.transcript(
            of: try goldenCommands("replay.commands", directory: directory), in: replayer)
        #expect(replayed.replacingOccurrences(of: directory.path, with: "{dir}") == (try golden("replay.transcript")))
    }

    @Test("a replay file that is missing or not an action log stops the start with a message naming it")
    func badReplayFile() async throws {
        let directory = dataDirectory()
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        var options = BistroOptions(dataDirectory: directory)
        options.replayPath = directory.appendingPathComponent("missing.json").path
        let missing = await #expect(throws: ReplayError.self) { try await BistroSession(options: options) }
        #expect(
            missing?.description
                == "cannot read the action log '\(directory.path)/missing.json': no such file, or it cannot be read")
        let file = directory.appendingPathComponent("report.json")
        try Data(#"[{"type":"Teleport","time":0,"action":{}}]"#.utf8).write(to: file)
        options.replayPath = file.path
        let malformed = await #expect(throws: ReplayError.self) { try await BistroSession(options: options) }
        #expect(
            malformed?.description
                == "cannot replay the action log '\(file.path)': cannot replay action type 'Teleport': it is not"
                + " registered in the ActionRegistry")
    }

    @Test("log export to a place that cannot be written is a one-line error")
    func exportFails() async throws {
        let session = try await BistroSession(options: BistroOptions(dataDirectory: dataDirectory()))
        guard case .error(let message) = await session.execute("log export /nonexistent-dir/report.json") else {
            Issue.record("expected an error")
            return
        }
        #expect(message.hasPrefix("cannot write the action log to '/nonexistent-dir/report.json': "))
        #expect(await session.execute("log export") == .error("usage: log [export FILE]"))
    }

    @Test("the command line takes --trace and --replay FILE")
    func options() throws {
        let options = try BistroOptions(arguments: ["--trace", "--replay", "bug.json"], environment: [:])
        #expect(options.trace)
        #expect(options.replayPath == "bug.json")
        #expect(throws: OptionsError.missingValue("--replay")) { try BistroOptions(arguments: ["--replay"]) }
    }
}
