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
            // Each line as it arrives, so a program can drive the Bistro and the inspector act on it meanwhile.
            show(start(of: session, colour: colour))
            for await command in standardInputLines() {
                let (output, quits) = await step(command, in: session, colour: colour)
                show(output)
                if quits {
                    break
                }
            }
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
        var output = start(of: session, colour: colour)
        for command in commands {
            let (text, quits) = await step(command, in: session, colour: colour)
            output += text
            if quits {
                return output
            }
        }
        return output
    }

    /// The start of a scripted output: the start-up notices, the first screen and its trace.
    @MainActor
    private static func start(of session: BistroSession, colour: Bool) -> String {
        var output = session.notices.map { $0 + "\n" }.joined()
        output += session.screen.joined(separator: "\n") + "\n"
        return output + traced(session, colour: colour)
    }

    /// One command of a scripted output: the command after `> ` and what it produced (nothing for a blank line),
    /// and whether it was `quit`.
    @MainActor
    private static func step(_ command: String, in session: BistroSession, colour: Bool) async -> (String, Bool) {
        guard !command.trimmingCharacters(in: .whitespaces).isEmpty else { return ("", false) }
        var output = "\n> \(command)\n"
        let outcome = await session.execute(command)
        switch outcome {
        case .screen(let lines): output += lines.joined(separator: "\n") + "\n"
        case .error(let message): output += "error: \(message)\n"
        case .text(let text): output += text + "\n"
        case .quit: break
        }
        output += traced(session, colour: colour)
        return (output, outcome == .quit)
    }

    /// Writes `text` to standard output at once, unbuffered. Not `print` and `fflush`: `fflush(nil)` would wait for
    /// standard input's lock, which the reading thread holds while it waits for a line, and stall the main actor.
    private static func show(_ text: String) {
        FileHandle.standardOutput.write(Data(text.utf8))
    }

    /// The lines of standard input, read on a thread of their own so that the main actor stays free between
    /// commands (for the effects, and for the inspector's time travel).
    private static func standardInputLines() -> AsyncStream<String> {
        AsyncStream { continuation in
            let reader = Thread {
                while let line = readLine() {
                    continuation.yield(line)
                }
                continuation.finish()
            }
            reader.name = "bistro.stdin"
            reader.start()
        }
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
            show("\(red)\(notice)\(reset)\n")
        }
        draw(session.screen, bold: bold, reset: reset)
        show(traced(session, colour: true))
        var lines = standardInputLines().makeAsyncIterator()
        while true {
            show("\(dim)bistro>\(reset) ")
            guard let line = await lines.next() else { return }
            switch await session.execute(line) {
            case .screen(let lines): draw(lines, bold: bold, reset: reset)
            case .error(let message): show("\(red)error: \(message)\(reset)\n")
            case .text(let text): show(text + "\n")
            case .quit: return
            }
            show(traced(session, colour: true))
        }
    }

    private static func draw(_ lines: [String], bold: String, reset: String) {
        var screen = "\u{1B}[2J\u{1B}[H"
        for (index, line) in lines.enumerated() {
            screen += (index == 0 ? "\(bold)\(line)\(reset)" : line) + "\n"
        }
        show(screen)
    }
}
