import Foundation

/// The command line of `bistro`.
public struct BistroOptions: Equatable, Sendable {
    /// Where placed orders are stored.
    public var dataDirectory: URL
    /// The specials API, if any.
    public var specialsURL: URL?
    /// A file of commands to run instead of reading standard input.
    public var scriptPath: String?
    /// Whether to print the help and stop.
    public var showHelp = false
    /// The starting language.
    public var language = "en"
    /// Whether to show, after each command, the actions it dispatched, the state fields they changed and the
    /// navigation stack (`--trace`).
    public var trace = false
    /// An action log written by `log export FILE`, replayed before the first command (`--replay FILE`).
    public var replayPath: String?
    /// Where `brigade-tool inspect` listens for apps, when the Bistro is inspected (`--inspect [HOST:PORT]`).
    public var inspect: InspectAddress?

    /// The address of `brigade-tool inspect`'s port for apps.
    public struct InspectAddress: Equatable, Sendable {
        /// The host: `127.0.0.1` on the same machine.
        public var host: String
        /// The port.
        public var port: UInt16

        /// Creates an address.
        public init(host: String = "127.0.0.1", port: UInt16 = 9431) {
            self.host = host
            self.port = port
        }

        /// Reads `HOST:PORT`, `:PORT` or `PORT`; `nil` when it is none of them.
        init?(_ text: String) {
            let parts = text.split(separator: ":", omittingEmptySubsequences: false)
            guard (1...2).contains(parts.count), let port = UInt16(parts[parts.count - 1]), port > 0 else {
                return nil
            }
            self.port = port
            host = parts.count == 2 && !parts[0].isEmpty ? String(parts[0]) : "127.0.0.1"
        }
    }

    /// Options with the default data directory and nothing else.
    public init(dataDirectory: URL = BistroOptions.defaultDataDirectory()) {
        self.dataDirectory = dataDirectory
    }

    /// Reads `arguments` (without the program name).
    /// - Throws: ``OptionsError`` for an unknown option or a missing or malformed value.
    public init(
        arguments: [String], environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws(OptionsError) {
        self.init(dataDirectory: Self.defaultDataDirectory(environment: environment))
        var rest = arguments[...]
        while let argument = rest.popFirst() {
            switch argument {
            case "--help", "-h":
                showHelp = true
            case "--data-dir":
                dataDirectory = URL(fileURLWithPath: try Self.value(for: argument, from: &rest), isDirectory: true)
            case "--specials-url":
                let text = try Self.value(for: argument, from: &rest)
                guard let url = URL(string: text), ["http", "https"].contains(url.scheme?.lowercased() ?? "") else {
                    throw .invalidValue(argument, text)
                }
                specialsURL = url
            case "--script":
                scriptPath = try Self.value(for: argument, from: &rest)
            case "--language":
                language = try Self.value(for: argument, from: &rest)
            case "--trace":
                trace = true
            case "--replay":
                replayPath = try Self.value(for: argument, from: &rest)
            case "--inspect":
                inspect = InspectAddress()
                if let next = rest.first, !next.hasPrefix("--") {
                    rest.removeFirst()
                    guard let address = InspectAddress(next) else { throw .invalidValue(argument, next) }
                    inspect = address
                }
            default:
                throw .unknownOption(argument)
            }
        }
    }

    private static func value(for option: String, from rest: inout ArraySlice<String>) throws(OptionsError) -> String {
        guard let value = rest.popFirst(), !value.hasPrefix("--") else { throw .missingValue(option) }
        return value
    }

    /// `$XDG_DATA_HOME/bistro` or `~/.local/share/bistro` on Linux; `~/Library/Application Support/Bistro` on macOS.
    public static func defaultDataDirectory(
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) -> URL {
        #if os(macOS) || os(iOS) || os(tvOS) || os(watchOS)
        let base =
            FileManager.default.urls(for: .applicationSupportDirectory, in: .userDomainMask).first
            ?? URL(fileURLWithPath: NSHomeDirectory())
        return base.appendingPathComponent("Bistro", isDirectory: true)
        #else
        if let data = environment["XDG_DATA_HOME"], !data.isEmpty {
            return URL(fileURLWithPath: data, isDirectory: true).appendingPathComponent("bistro", isDirectory: true)
        }
        let home = environment["HOME"] ?? NSHomeDirectory()
        return URL(fileURLWithPath: home, isDirectory: true).appendingPathComponent(
            ".local/share/bistro", isDirectory: true)
        #endif
    }

    /// What `bistro --help` prints.
    public static let help = """
        bistro — a terminal restaurant built on Brigade

        USAGE: bistro [--data-dir DIR] [--specials-url URL] [--script FILE] [--language CODE] [--trace]
                      [--replay FILE] [--inspect [HOST:PORT]]

        OPTIONS:
          --data-dir DIR       where placed orders are stored (default: $XDG_DATA_HOME/bistro,
                               ~/.local/share/bistro, or ~/Library/Application Support/Bistro on macOS)
          --specials-url URL   an HTTP API that answers today's specials as JSON: [{"name": …, "price": cents}]
          --script FILE        run the commands in FILE, printing each command and the screen after it
          --language CODE      start in en, de or fr
          --trace              after each command, show the actions it dispatched, the state fields they changed
                               and the navigation stack (in colour on a terminal)
          --replay FILE        replay an action log written by `log export FILE` before the first command
          --inspect [HOST:PORT]
                               send the actions, states and screens to `brigade-tool inspect` (default
                               127.0.0.1:9431), which can travel back in time
          -h, --help           show this help

        MODES:
          On a terminal, bistro draws the screen and a prompt, in colour. When standard input is not a terminal,
          or with --script, it runs scripted: it prints each command and the screen after it, with no colour and no
          clock time, so the output is the same every run. Scripted from standard input, it runs each line as it
          arrives, so another program can drive it (and the inspector act on it) while it runs.

        COMMANDS:
          open <path | bistro://url>   show a screen: /menu, /menu/<dish>, /order, /orders, /orders/<id>,
                                       /specials, /settings/language/<code>
          back                         go back to the previous screen
          add <dish> [qty]             add a dish to the order (qty 1–99, default 1)
          remove <dish>                take a dish off the order
          place                        place the order; it is stored in the data directory
          undo, redo                   undo or redo the last change to the order
          lang <code>                  switch the language (en, de, fr)
          log [export FILE]            show the action log, or write it as JSON (bistro --replay FILE replays it)
          state                        print the app's state as one line of JSON
          help                         show the commands
          quit                         leave
        """
}

/// Errors of the command line.
public enum OptionsError: Error, Equatable, CustomStringConvertible {
    /// An option bistro does not know.
    case unknownOption(String)
    /// An option without its value.
    case missingValue(String)
    /// An option with a value it cannot use.
    case invalidValue(String, String)

    /// The message.
    public var description: String {
        switch self {
        case .unknownOption(let option): return "unknown option '\(option)' (see bistro --help)"
        case .missingValue(let option): return "\(option) needs a value (see bistro --help)"
        case .invalidValue(let option, let value): return "\(option) cannot use '\(value)' (see bistro --help)"
        }
    }
}
