import BistroKit
import Brigade
import BrigadeTesting
import Foundation
import Testing

/// The Bistro on UIKit's navigator logic: the same session and features on a `HostNavigator` over a
/// `NavigationControllerDouble` (which behaves as `UINavigationController` does), where `back` is the user's tap on
/// the back button instead of a navigator call.
@Suite("Bistro on the UIKit navigator core", .serialized)
@MainActor
struct UIKitFrontEndTests {
    @Test("the scripted tour gives the same golden transcript on HostNavigator")
    func goldenTourOnHostNavigator() async throws {
        let directory = dataDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let navigator = HostNavigator(host: NavigationControllerDouble())
        let session = try await BistroSession(options: BistroOptions(dataDirectory: directory), navigator: navigator)
        let commands = try golden("tour.commands").components(separatedBy: "\n")
        let transcript = await Terminal.transcript(of: commands, in: session)
        #expect(transcript == (try golden("tour.transcript")))
    }

    @Test("the user's back-button taps show what the terminal's back command shows, and keep screens current")
    func backButtonMatchesTerminal() async throws {
        let commands = ["open /menu/soup", "add soup", "open /order", "add tart", "back", "back"]
        let terminal = try await BistroSession(options: BistroOptions(dataDirectory: dataDirectory()))
        let expected = await Terminal.transcript(of: commands, in: terminal)

        let host = NavigationControllerDouble()
        let navigator = HostNavigator(host: host)
        let session = try await BistroSession(
            options: BistroOptions(dataDirectory: dataDirectory()), navigator: navigator)
        var transcript = session.screen.joined(separator: "\n") + "\n"
        for command in commands {
            transcript += "\n> \(command)\n"
            if command == "back" {
                host.tapBackButton()
                transcript += session.screen.joined(separator: "\n") + "\n"
            } else {
                switch await session.execute(command) {
                case .screen(let lines): transcript += lines.joined(separator: "\n") + "\n"
                case .error(let message): transcript += "error: \(message)\n"
                case .text(let text): transcript += text + "\n"
                case .quit: break
                }
            }
        }
        #expect(transcript == expected)
        #expect(navigator.stack.count == 1)
    }
}
