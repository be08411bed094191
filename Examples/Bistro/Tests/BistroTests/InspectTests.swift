import BistroKit
import BrigadeInspector
import BrigadeTesting
import Foundation
import Testing

@Suite("Bistro --inspect", .serialized)
@MainActor
struct InspectTests {
    // The arguments are plain values: Swift Testing evaluates them outside the main actor, where an app target's
    // initializers (main-actor ones, with default isolation) cannot be called.
    @Test(
        "--inspect takes an optional HOST:PORT",
        arguments: [
            (["--inspect"], "127.0.0.1", 9431),
            (["--inspect", "--trace"], "127.0.0.1", 9431),
            (["--inspect", "192.168.1.20:9500"], "192.168.1.20", 9500),
            (["--inspect", ":9500"], "127.0.0.1", 9500),
            (["--inspect", "9500"], "127.0.0.1", 9500),
        ] as [([String], String, UInt16)])
    func options(arguments: [String], host: String, port: UInt16) throws {
        let address = BistroOptions.InspectAddress(host: host, port: port)
        #expect(try BistroOptions(arguments: arguments, environment: [:]).inspect == address)
        #expect(try BistroOptions(arguments: [], environment: [:]).inspect == nil)
    }

    @Test("a bad --inspect address is an error naming it")
    func badAddress() {
        #expect(throws: OptionsError.invalidValue("--inspect", "host:port")) {
            try BistroOptions(arguments: ["--inspect", "host:port"], environment: [:])
        }
    }

    @Test("inspected, the Bistro records its actions and states, and travel puts the order and the screens back")
    func travel() async throws {
        let directory = dataDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        var options = BistroOptions(dataDirectory: directory)
        options.inspect = BistroOptions.InspectAddress(port: 1)  // no tool: the app runs on, and keeps trying
        let session = try await BistroSession(options: options)
        let inspector = try #require(session.inspector)
        #expect(session.notices == ["inspecting: sending to brigade-tool inspect at 127.0.0.1:1"])
        _ = await session.execute("add soup")
        _ = await session.execute("open /order")
        _ = await session.execute("add tart 2")
        #expect(
            await session.execute("state")
                == .text(
                    #"{"language":"en","order":[{"dish":"soup","quantity":1},{"dish":"tart","quantity":2}],"placedOrders":[],"specials":{"loading":{}}}"#
                ))

        let added = await inspector.events().filter { $0.action == "AddDish" }
        #expect(added.map(\.origin?.name) == ["/menu", "/order"])
        #expect(added.last?.diff?.map(\.path) == ["order[1]"])
        try await inspector.travel(to: added[0].seq)
        #expect(session.store.currentState.order.map(\.dish) == ["soup"])
        #expect(session.screen.first == "== Menu ==")
        #expect(
            await session.execute("state")
                == .text(
                    #"{"language":"en","order":[{"dish":"soup","quantity":1}],"placedOrders":[],"specials":{"loading":{}}}"#
                ))
    }
}

@Suite("A recorded Bistro session replays as a test")
@MainActor
struct InspectedSessionReplayTests {
    @Test("a Bistro session replays through makeInspectedStore, its reducers naming the actions, states the same")
    func replays() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("bistro-replay-\(UUID())")
        defer { try? FileManager.default.removeItem(at: directory) }
        var options = BistroOptions(dataDirectory: directory)
        options.inspect = BistroOptions.InspectAddress(port: 1)  // no tool: the session is read from the inspector
        let session = try await BistroSession(options: options)
        let inspector = try #require(session.inspector)
        for command in ["add soup 2", "add tart", "remove soup", "lang fr", "place"] {
            _ = await session.execute(command)
        }
        let recorded = await inspector.session()

        let store = TestStore(store: makeInspectedStore())
        let outcome = try await InspectorReplay.check(session: recorded, store: store)
        #expect(outcome.divergence == nil)
        #expect(outcome.replayed == recorded.actions.count - 1)
        #expect(store.store.currentState == session.store.currentState)
    }
}
