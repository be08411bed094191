import BrigadeCore
import BrigadeInspector
import BrigadeRedux
import Foundation
import Testing

@Suite("Inspector: the tool drives the app (dispatch, skip, import)")
@MainActor
struct DrivingTests {
    @Test("a dispatch from the tool decodes the action by its type name and records it with the origin tool")
    func dispatchFromTool() async throws {
        let store = makeStore()
        let inspector = Inspector()
        inspector.attach(to: store)
        try inspector.dispatch("PlaceOrder", payload: ["dish": "tea"])
        #expect(store.currentState.orders.map(\.dish) == ["tea"])
        let event = try #require(await inspector.events().last)
        #expect(event.action == "PlaceOrder" && event.origin?.kind == "tool")

        #expect(throws: InspectorError.self) { try inspector.dispatch("Teleport", payload: [:]) }
        let wrong = #expect(throws: InspectorError.self) { try inspector.dispatch("PlaceOrder", payload: ["dish": 3]) }
        #expect(wrong?.description.contains("not a PlaceOrder") == true)
        #expect(store.currentState.orders.count == 1)
    }

    @Test("a skip recomputes the states without the actions left out; another skip from the same action puts them back")
    func skipAndPutBack() async throws {
        let store = makeStore()
        let inspector = Inspector()
        inspector.attach(to: store)
        store.dispatch(PlaceOrder(dish: "soup"))  // seq 2
        store.dispatch(PlaceOrder(dish: "bread"))  // seq 3
        store.dispatch(Serve(index: 1))  // seq 4: serves the bread
        try await inspector.replay(from: 2, to: 4, skipping: [3])
        // Without the bread, Serve(index: 1) finds no second order.
        #expect(store.currentState.orders == [Order(dish: "soup", status: "cooking")])
        let replayed = await inspector.events().filter { $0.origin?.kind == "replay" }.compactMap(\.action)
        #expect(replayed == ["Serve"])
        #expect(!inspector.isTravelling)

        try await inspector.replay(from: 2, to: 4, skipping: [])
        #expect(store.currentState.orders.map(\.status) == ["cooking", "served"])
    }

    @Test("a skip over an action without JSON, or from a state no longer kept, changes nothing")
    func skipRefused() async throws {
        let store = Store(initialState: KitchenState())
        store.reducers.add(on: \KitchenState.open) { (open: inout Bool, _: Shut) in open = false }
        store.reducers.add(on: \KitchenState.orders) { (orders: inout [Order], action: PlaceOrder) in
            orders.append(Order(dish: action.dish, status: "cooking"))
        }
        let inspector = Inspector(ringSize: 10)
        inspector.attach(to: store)
        store.dispatch(PlaceOrder(dish: "soup"))  // seq 2
        store.dispatch(Shut())  // seq 3: not Codable
        store.dispatch(PlaceOrder(dish: "tea"))  // seq 4
        let error = await #expect(throws: InspectorError.self) {
            try await inspector.replay(from: 2, to: 4, skipping: [4])
        }
        #expect(error?.description.contains("Shut was recorded without JSON") == true)
        #expect(store.currentState.orders.count == 2 && !store.currentState.open)
        for index in 0..<20 {
            store.dispatch(PlaceOrder(dish: "dish \(index)"))
        }
        await #expect(throws: InspectorError.self) { try await inspector.replay(from: 2, to: 4, skipping: [3]) }
        #expect(store.currentState.orders.count == 22)
    }

    @Test("an import makes a JSON state the app's state, recorded as @import; a JSON that is no state changes nothing")
    func importState() async throws {
        let store = makeStore()
        let inspector = Inspector()
        inspector.attach(to: store)
        try inspector.importState(["orders": [["dish": "soup", "status": "served"]], "open": false])
        #expect(store.currentState == KitchenState(orders: [Order(dish: "soup", status: "served")], open: false))
        let event = try #require(await inspector.events().last)
        #expect(event.action == "@import" && event.origin?.kind == "tool")

        let error = #expect(throws: InspectorError.self) {
            try inspector.importState(["orders": "none", "open": true])
        }
        #expect(error?.description.contains("orders") == true)
        #expect(!store.currentState.open)

        let opaque = Store(initialState: Opaque())
        let describing = Inspector()
        describing.attach(to: opaque)
        #expect(throws: InspectorError.self) { try describing.importState(["count": 1]) }
    }

    @Test("the tool's commands arrive over the connection; one that cannot be done is a command event with the reason")
    func commandsOverTheConnection() async throws {
        let store = makeStore()
        let inspector = Inspector()
        inspector.attach(to: store)
        let tool = try FakeTool()
        defer { tool.stop() }
        inspector.connect(port: tool.port)
        #expect(await tool.waitUntil { $0.count >= 2 })
        tool.send(#"{"kind":"dispatch","action":"PlaceOrder","payload":{"dish":"tea"}}"#)
        tool.send(#"{"kind":"dispatch","action":"Teleport","payload":{}}"#)
        #expect(await tool.waitUntil { $0.contains { $0.contains(#""type":"command""#) } })
        #expect(store.currentState.orders.map(\.dish) == ["tea"])
        let failed = try #require(await inspector.events().last { $0.type == .command })
        #expect(failed.description == "dispatch Teleport")
        #expect(failed.error?.contains("Teleport") == true)
        inspector.disconnect()
    }
}

/// An action that is not `Codable`: recorded without JSON.
struct Shut: Action {}
