import BrigadeInspector
import Foundation

/// `brigade-tool inspect`: serves the inspector's page for an app that connects, or turns a session file into a test.
package enum InspectCommand {
    /// The help text.
    package static let usage = """
        brigade-tool inspect — see a running Brigade app, travel back in time, turn a session into a test

        USAGE:
          brigade-tool inspect [--port 9430] [--app-port 9431] [--host 127.0.0.1] [--open <session file>]
          brigade-tool inspect --emit-test <session file> [--output <file.swift>] [--module <AppModule>]
                               [--store <factory>] [--registry <factory>] [--name <TestName>]

        Serving: open http://127.0.0.1:9430/ and start the app with its inspector attached
        (`app.inspect()`, or `swift run bistro --inspect`); it connects on --app-port by itself, and again after
        the tool restarts. --host 0.0.0.0 lets an iPhone on the local network connect (only on a network you trust).
        --open shows a session file on the page (a line that does not read is left out and named) until an app
        connects.

        --emit-test writes a Swift Testing test that replays the session's actions through a TestStore and checks
        every state the session recorded. --module names the module the test imports (default: the app's name from
        the session), --store a function of that module making the store (default: makeInspectedStore), --registry one
        making its ActionRegistry (default: none; the action types the store's reducers handle).
        """

    /// Options of `brigade-tool inspect`.
    package struct Options: Equatable, Sendable {
        var host = "127.0.0.1"
        var port: UInt16 = 9430
        var appPort: UInt16 = Inspector.defaultPort
        var emitTest: String?
        var output: String?
        var module: String?
        var store = "makeInspectedStore"
        var registry: String?
        var name: String?
        var open: String?
    }

    /// Reads the options after `inspect`.
    /// - Throws: ``InspectCommandError/usage(_:)``.
    package static func parse(_ arguments: [String]) throws(InspectCommandError) -> Options {
        var options = Options()
        var index = 0
        func value(_ flag: String) throws(InspectCommandError) -> String {
            index += 1
            guard index < arguments.count, !arguments[index].hasPrefix("--") else {
                throw .usage("\(flag) needs a value")
            }
            return arguments[index]
        }
        func port(_ flag: String) throws(InspectCommandError) -> UInt16 {
            let text = try value(flag)
            guard let port = UInt16(text) else { throw .usage("\(flag) \(text) is not a port (0-65535)") }
            return port
        }
        while index < arguments.count {
            switch arguments[index] {
            case "--port": options.port = try port("--port")
            case "--app-port": options.appPort = try port("--app-port")
            case "--host": options.host = try value("--host")
            case "--emit-test": options.emitTest = try value("--emit-test")
            case "--output": options.output = try value("--output")
            case "--module": options.module = try value("--module")
            case "--store": options.store = try value("--store")
            case "--registry": options.registry = try value("--registry")
            case "--name": options.name = try value("--name")
            case "--open": options.open = try value("--open")
            case let other: throw .usage("unknown option \(other)")
            }
            index += 1
        }
        return options
    }

    /// Runs `brigade-tool inspect` with `arguments` (those after `inspect`); serving never returns.
    /// - Returns: The exit status, for --emit-test or an error.
    package static func main(_ arguments: [String]) -> Int32 {
        if arguments.contains("--help") || arguments.contains("-h") {
            print(usage)
            return 0
        }
        do {
            let options = try parse(arguments)
            if let path = options.emitTest {
                let written = try emitTest(options: options, session: path)
                print("wrote \(written)")
                return 0
            }
            let opened = try options.open.map { path throws(InspectorError) in
                try InspectorSession.recovering(from: Self.read(path))
            }
            let server = try InspectorServer(host: options.host, pagePort: options.port, appPort: options.appPort)
            if let opened {
                let notes = opened.skipped.map { "\($0) (left out)" }
                server.open(opened.session, notes: notes)
                for note in notes {
                    FileHandle.standardError.write(Data("brigade-tool inspect: \(note)\n".utf8))
                }
            }
            server.start()
            let banner = """
                Brigade Inspector: open http://\(options.host):\(server.pagePort)/
                apps connect to \(options.host):\(server.appPort)

                """
            FileHandle.standardOutput.write(Data(banner.utf8))
            while true {
                sleep(3_600)
            }
        } catch {
            FileHandle.standardError.write(Data("brigade-tool inspect: \(error)\n".utf8))
            return error is InspectCommandError ? 2 : 1
        }
    }

    /// The bytes of the file at `path`.
    /// - Throws: ``InspectorError/unreadable(path:reason:)``.
    static func read(_ path: String) throws(InspectorError) -> Data {
        do {
            return try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw .unreadable(path: path, reason: error.localizedDescription)
        }
    }

    /// Writes the test for the session file at `path`; returns the path written.
    static func emitTest(options: Options, session path: String) throws -> String {
        let session = try InspectorSession(contentsOf: URL(fileURLWithPath: path))
        let source = try SessionTestWriter(
            session: session, sessionFile: path, module: options.module ?? session.hello.app,
            storeFactory: options.store, registryFactory: options.registry, name: options.name
        ).source()
        let output = options.output ?? "\(options.name ?? "ReplayedSession")Tests.swift"
        guard !FileManager.default.fileExists(atPath: output) else { throw InspectCommandError.exists(output) }
        do {
            try Data(source.utf8).write(to: URL(fileURLWithPath: output))
        } catch {
            throw InspectorError.unwritable(path: output, reason: error.localizedDescription)
        }
        return output
    }
}

/// The errors of `brigade-tool inspect`'s command line.
package enum InspectCommandError: Error, Equatable, CustomStringConvertible {
    /// The arguments are not a command.
    case usage(String)
    /// The file to write exists: nothing is overwritten.
    case exists(String)

    /// What to fix.
    package var description: String {
        switch self {
        case .usage(let message): return "\(message) (see brigade-tool inspect --help)"
        case .exists(let path): return "\(path) exists; nothing was written (give another --output)"
        }
    }
}
