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
        } catch let error as ReplayError {
            FileHandle.standardError.write(Data("bistro: \(error)\n".utf8))
            return 1
        } catch {
            FileHandle.standardError.write(Data("bistro: cannot start: \(error)\n".utf8))
            return 1
        }
        let colour = isatty(STDOUT_FILENO) != 0
        if let path = options.scriptPath {
            guard let script = try? String(contentsOfFile: path, encoding: .utf8) else {
                FileHandle.standardError.write(Data("bistro: cannot read script '\(path)'\n".utf8))
                return 1
            }
            print(
                await transcript(of: script.components(separatedBy: .newlines), in: session, colour: colour),
                terminator: "")
            return 0
        }
        if isatty(STDIN_FILENO) == 0 {
            var lines: [String] = []
            while let line = readLine() {
                lines.append(line)
            }
            print(await transcript(of: lines, in: session, colour: colour), terminator: "")
            return 0
        }
        await interactive(session)
        return 0
    }

    /// The scripted output of `commands`: the start-up notices and the first screen, then each command after `> `
    /// and what it produced; with `--trace`, each step's trace lines after its output.
    /// - Parameter colour: Whether the trace lines are coloured (on a terminal); plain by default.
    @MainActor
    public static func transcript(
        of commands: [String], in session: BistroSession, colour: Bool = false
    ) async -> String {
        var output = session.notices.map { $0 + "\n" }.joined()
        output += session.screen.joined(separator: "\n") + "\n"
        output += traced(session, colour: colour)
        for command in commands where !command.trimmingCharacters(in: .whitespaces).isEmpty {
            output += "\n> \(command)\n"
            let outcome = await session.execute(command)
            switch outcome {
            case .screen(let lines): output += lines.joined(separator: "\n") + "\n"
            case .error(let message): output += "error: \(message)\n"
            case .text(let text): output += text + "\n"
            case .quit: break
            }
            output += traced(session, colour: colour)
            if outcome == .quit {
                return output
            }
        }
        return output
    }

    /// The trace lines the session recorded since the last call, one per line.
    @MainActor
    private static func traced(_ session: BistroSession, colour: Bool) -> String {
        session.takeTrace().map { $0.rendered(colour: colour) + "\n" }.joined()
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
        print(traced(session, colour: true), terminator: "")
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
            print(traced(session, colour: true), terminator: "")
        }
    }

    private static func draw(_ lines: [String], bold: String, reset: String) {
        print("\u{1B}[2J\u{1B}[H", terminator: "")
        for (index, line) in lines.enumerated() {
            print(index == 0 ? "\(bold)\(line)\(reset)" : line)
        }
    }
}
