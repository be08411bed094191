import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Draws the Bistro on a terminal: interactively with colour and a prompt, or scripted, printing each command and
/// the screen after it with no colour and no clock time.
public enum Terminal {
    /// Runs the session the options describe; returns the process's exit code.
    @MainActor
    public static func run(options: BistroOptions) async -> Int32 {
        let session: BistroSession
        do {
            session = try await BistroSession(options: options)
        } catch {
            FileHandle.standardError.write(Data("bistro: cannot start: \(error)\n".utf8))
            return 1
        }
        if let path = options.scriptPath {
            guard let script = try? String(contentsOfFile: path, encoding: .utf8) else {
                FileHandle.standardError.write(Data("bistro: cannot read script '\(path)'\n".utf8))
                return 1
            }
            print(await transcript(of: script.components(separatedBy: .newlines), in: session), terminator: "")
            return 0
        }
        if isatty(STDIN_FILENO) == 0 {
            var lines: [String] = []
            while let line = readLine() {
                lines.append(line)
            }
            print(await transcript(of: lines, in: session), terminator: "")
            return 0
        }
        await interactive(session)
        return 0
    }

    /// The scripted output of `commands`: the start-up notices and the first screen, then each command after `> `
    /// and what it produced.
    @MainActor
    public static func transcript(of commands: [String], in session: BistroSession) async -> String {
        var output = session.notices.map { $0 + "\n" }.joined()
        output += session.screen.joined(separator: "\n") + "\n"
        for command in commands where !command.trimmingCharacters(in: .whitespaces).isEmpty {
            output += "\n> \(command)\n"
            switch await session.execute(command) {
            case .screen(let lines): output += lines.joined(separator: "\n") + "\n"
            case .error(let message): output += "error: \(message)\n"
            case .text(let text): output += text + "\n"
            case .quit: return output
            }
        }
        return output
    }

    @MainActor
    private static func interactive(_ session: BistroSession) async {
        let bold = "\u{1B}[1m"
        let dim = "\u{1B}[2m"
        let red = "\u{1B}[31m"
        let reset = "\u{1B}[0m"
        for notice in session.notices {
            print("\(red)\(notice)\(reset)")
        }
        draw(session.screen, bold: bold, reset: reset)
        while true {
            print("\(dim)bistro>\(reset) ", terminator: "")
            fflush(nil)
            guard let line = readLine() else { return }
            switch await session.execute(line) {
            case .screen(let lines): draw(lines, bold: bold, reset: reset)
            case .error(let message): print("\(red)error: \(message)\(reset)")
            case .text(let text): print(text)
            case .quit: return
            }
        }
    }

    private static func draw(_ lines: [String], bold: String, reset: String) {
        print("\u{1B}[2J\u{1B}[H", terminator: "")
        for (index, line) in lines.enumerated() {
            print(index == 0 ? "\(bold)\(line)\(reset)" : line)
        }
    }
}
