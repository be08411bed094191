import BistroKit
import Brigade
import Foundation
import Testing

/// The Bistro's second front end: the same session and features on an ``ObservableNavigator``, driven as SwiftUI
/// drives it. `back` is a back swipe (SwiftUI shrinks the bound path), `tap <pattern> <name>=<value>…` is a
/// `NavigationLink(value:)` (SwiftUI appends the route to the path); every other command goes to the session.
@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
@MainActor
final class SwiftUILikeDriver {
    let session: BistroSession
    let navigator: ObservableNavigator

    private final class WireframeBox {
        weak var wireframe: DefaultWireframe?
    }

    init(options: BistroOptions) async throws {
        let box = WireframeBox()
        navigator = ObservableNavigator { route in
            guard let wireframe = box.wireframe else { throw CancellationError() }
            return try wireframe.controller(for: route)
        }
        session = try await BistroSession(options: options, navigator: navigator)
        box.wireframe = session.app.wireframe
    }

    /// The transcript of `commands`, in the terminal's format.
    func transcript(of commands: [String]) async -> String {
        var output = session.screen.joined(separator: "\n") + "\n"
        for command in commands {
            output += "\n> \(command)\n"
            let words = command.split(separator: " ").map(String.init)
            switch words.first {
            case "back":
                guard !navigator.path.isEmpty else {
                    output += "error: nothing to go back to\n"
                    continue
                }
                navigator.path.removeLast()
                output += session.screen.joined(separator: "\n") + "\n"
            case "tap":
                var parameters: [String: String] = [:]
                for pair in words.dropFirst(2) {
                    let parts = pair.split(separator: "=", maxSplits: 1).map(String.init)
                    parameters[parts[0]] = parts.count > 1 ? parts[1] : ""
                }
                navigator.path.append(RouteDescription(pattern: words[1], parameters: parameters))
                if let error = navigator.lastError {
                    output += "error: \(error)\n"
                } else {
                    output += session.screen.joined(separator: "\n") + "\n"
                }
            default:
                switch await session.execute(command) {
                case .screen(let lines): output += lines.joined(separator: "\n") + "\n"
                case .error(let message): output += "error: \(message)\n"
                case .text(let text): output += text + "\n"
                case .quit: return output
                }
            }
        }
        return output
    }
}

@Suite("Bistro on the SwiftUI navigator core", .serialized)
@MainActor
struct SwiftUIFrontEndTests {
    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @Test("the scripted tour gives the same golden transcript on the SwiftUI navigator")
    func goldenTourOnObservableNavigator() async throws {
        let directory = dataDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let commands = try golden("tour.commands").components(separatedBy: "\n")
        let session = try await SwiftUILikeDriver(options: BistroOptions(dataDirectory: directory)).session
        let transcript = await Terminal.transcript(of: commands, in: session)
        #expect(transcript == (try golden("tour.transcript")))
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @Test("back swipes (the path shrunk) show what the terminal's back command shows, and keep screens current")
    func backSwipesMatchTerminal() async throws {
        let commands = ["open /menu/soup", "add soup", "open /order", "add bread", "back", "back", "back"]
        let terminal = try await BistroSession(options: BistroOptions(dataDirectory: dataDirectory()))
        let expected = await Terminal.transcript(of: commands, in: terminal)
        let driver = try await SwiftUILikeDriver(options: BistroOptions(dataDirectory: dataDirectory()))
        let transcript = await driver.transcript(of: commands)
        #expect(transcript == expected)
        #expect(transcript.hasSuffix("error: nothing to go back to\n"))
        #expect(driver.navigator.path.isEmpty)
        #expect(driver.navigator.root?.pattern == "/menu")
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @Test("a NavigationLink's route appended to the path shows the screen that opening its URL shows")
    func tapMatchesOpen() async throws {
        let terminal = try await BistroSession(options: BistroOptions(dataDirectory: dataDirectory()))
        let opened = await terminal.execute("open /menu/steak")
        let driver = try await SwiftUILikeDriver(options: BistroOptions(dataDirectory: dataDirectory()))
        let transcript = await driver.transcript(of: ["tap /menu/:dish dish=steak", "tap /nowhere"])
        guard case .screen(let lines) = opened else {
            Issue.record("opening /menu/steak failed: \(opened)")
            return
        }
        #expect(transcript.contains("> tap /menu/:dish dish=steak\n" + lines.joined(separator: "\n") + "\n"))
        #expect(
            transcript.hasSuffix(
                "error: cannot show route /nowhere: pattern '/nowhere' is not registered; the path is unchanged\n"))
        #expect(driver.navigator.path == [RouteDescription(pattern: "/menu/:dish", parameters: ["dish": "steak"])])
    }
}
