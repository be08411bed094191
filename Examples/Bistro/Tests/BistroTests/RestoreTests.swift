import BistroKit
import Brigade
import Foundation
import Testing

@Suite("Bistro restores its screens on relaunch", .serialized)
@MainActor
struct RestoreTests {
    /// Each screen's route pattern and parameters, bottom first.
    func routes(_ session: BistroSession) -> [String] {
        session.navigator.stack.map { RouteDescription(controller: $0).description }
    }

    @Test("the screens shown when a run ends come back at the next launch against the same data directory")
    func screensComeBack() async throws {
        let directory = dataDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let options = BistroOptions(dataDirectory: directory)
        let first = try await BistroSession(options: options)
        _ = await first.execute("open /menu/soup")
        _ = await first.execute("add soup 2")
        _ = await first.execute("open /order")
        #expect(routes(first) == ["/menu", "/menu/:dish {dish=soup}", "/order"])
        #expect(FileManager.default.fileExists(atPath: BistroSession.navigationFile(in: directory).path))

        let second = try await BistroSession(options: options)
        #expect(second.notices.isEmpty)
        #expect(routes(second) == routes(first))
        _ = await second.execute("back")
        #expect(routes(second) == ["/menu", "/menu/:dish {dish=soup}"])
        let third = try await BistroSession(options: options)
        #expect(routes(third) == ["/menu", "/menu/:dish {dish=soup}"])
    }

    @Test("a saved file that cannot be restored leaves the menu on screen and says why")
    func unreadableStateKeepsMenu() async throws {
        let directory = dataDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let state = NavigationState(stack: [try #require(URL(string: "/menu")), try #require(URL(string: "/kitchen"))])
        try JSONEncoder().encode(state).write(to: BistroSession.navigationFile(in: directory))
        let session = try await BistroSession(options: BistroOptions(dataDirectory: directory))
        #expect(routes(session) == ["/menu"])
        #expect(session.notices.contains { $0.hasPrefix("warning: cannot restore the screens of the last run") })
    }
}
