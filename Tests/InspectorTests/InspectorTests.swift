import BrigadeComposition
import BrigadeCore
import BrigadeInspector
import BrigadeKitchen
import BrigadeRedux
import BrigadeTesting
import BrigadeWireframe
import Foundation
import Testing

@Suite("Inspector: what a running app records")
@MainActor
struct InspectorRecordingTests {
    @Test("each action is recorded with its type, its payload, the state it made and only the members it changed")
    func actionsAndDiffs() async throws {
        let store = makeStore()
        let inspector = Inspector(app: "Kitchen")
        inspector.attach(to: store)
        store.dispatch(PlaceOrder(dish: "soup"))
        store.dispatch(PlaceOrder(dish: "bread"))
        store.dispatch(Serve(index: 1))

        let actions = await inspector.events().filter { $0.type == .action }
        #expect(actions.map(\.action) == ["@initial", "PlaceOrder", "PlaceOrder", "Serve"])
        #expect(actions.map(\.seq) == [1, 2, 3, 4])
        #expect(actions[1].payload == .object(["dish": .string("soup")]))
        #expect(
            actions[1].diff == [
                InspectorChange(
                    path: "orders[0]", kind: .added,
                    after: try InspectorValue(
                        encoding: Order(dish: "soup", status: "cooking")))
            ])
        #expect(
            actions[3].diff == [
                InspectorChange(
                    path: "orders[1].status", kind: .changed, before: .string("cooking"), after: .string("served"))
            ])
        let finalState = try #require(actions.last?.state).decode(as: KitchenState.self)
        #expect(finalState == store.currentState)
        #expect(actions.allSatisfy { $0.origin?.kind == "app" })
    }

    @Test("the actions an action log replays are marked as a replay's; the app's own go on as the app's")
    func replayOrigin() async throws {
        let recorded = makeStore()
        let log = ActionLog()
        recorded.add(middleware: log.middleware())
        recorded.dispatch(PlaceOrder(dish: "soup"))
        recorded.dispatch(Close())
        let registry = ActionRegistry()
        registry.register(PlaceOrder.self)
        registry.register(Close.self)
        let data = try log.exportJSON(registry: registry)

        let store = makeStore()
        let inspector = Inspector()
        inspector.attach(to: store)
        try ActionLog.replay(data, registry: registry, into: store)
        store.dispatch(PlaceOrder(dish: "tea"))

        let actions = await inspector.events().filter { $0.type == .action }.dropFirst()
        #expect(actions.map(\.action) == ["PlaceOrder", "Close", "PlaceOrder"])
        #expect(actions.map(\.origin?.kind) == ["replay", "replay", "app"])
    }

    @Test("a state that is not Codable is shown by its description, without JSON")
    func opaqueState() async {
        let store = Store(initialState: Opaque())
        store.reducers.add(on: \Opaque.count) { (count: inout Int, _: Bump) in count += 1 }
        let inspector = Inspector()
        inspector.attach(to: store)
        store.dispatch(Bump())
        let actions = await inspector.events().filter { $0.type == .action }
        #expect(actions.map(\.stateDescription) == ["Opaque(count: 0)", "Opaque(count: 1)"])
        #expect(actions.allSatisfy { $0.state == nil && $0.payload == nil })
        #expect(actions.last?.action == "Bump")
    }

    @Test("a TestStore made on an inspected store leaves the inspector recording; a disposed run is cancelled at once")
    func testStoreKeepsTheInspector() async throws {
        let store = makeStore()
        let inspector = Inspector()
        inspector.attach(to: store)
        let test = TestStore(store: store)
        let clock = ManualClock()
        store.effectClock = clock
        let work = store.run(.run(id: "poll") { send in try await send.clock.sleep(for: .seconds(60)) })
        await test.send(PlaceOrder(dish: "soup")) { $0.orders = [Order(dish: "soup", status: "cooking")] }
        work.dispose()
        // Told before `dispose()` returned: the effect's task has not even seen its cancellation yet.
        test.expectCancelled(id: "poll")
        await test.finish()

        let events = await inspector.events()
        #expect(events.filter { $0.type == .action }.map(\.action) == ["@initial", "PlaceOrder"])
        #expect(events.filter { $0.type == .effect }.prefix(2).map(\.phase) == ["started", "cancelled"])
    }

    @Test("an effect is recorded started and finished, with the actions it dispatched, each marked as the effect's")
    func effects() async throws {
        let store = makeStore()
        store.reducers.add(effectsOn: \KitchenState.orders) { (_: inout [Order], _: LoadSpecials) -> Effect in
            .run { send in
                await send(PlaceOrder(dish: "special 1"))
                await send(PlaceOrder(dish: "special 2"))
            }
        }
        let inspector = Inspector()
        inspector.attach(to: store)
        store.dispatch(LoadSpecials())
        await store.effectsFinished()
        // The effect's actions reach the store through the main actor; wait until both are in.
        while store.currentState.orders.count < 2 { await Task.yield() }

        let events = await inspector.events()
        let fromEffect = events.filter { $0.origin?.kind == "effect" }
        #expect(
            fromEffect.map(\.description) == ["PlaceOrder(dish: \"special 1\")", "PlaceOrder(dish: \"special 2\")"])
        let phases = events.filter { $0.type == .effect }
        #expect(phases.map(\.phase) == ["started", "finished"])
        #expect(phases.last?.startedBy == "LoadSpecials")
        #expect(phases.last?.followUps == fromEffect.map(\.seq))
    }

    @Test("a kitchen's first resolutions and failures are recorded with their chains")
    func resolutions() async throws {
        struct Client: Sendable {}
        struct Repository: Sendable { let client: Client }
        struct Missing: Sendable {}
        let kitchen = Kitchen()
        try kitchen.register(Client.self) { _ in Client() }
        try kitchen.register(Repository.self) { resolver in Repository(client: try resolver.resolve(Client.self)) }
        let inspector = Inspector()
        inspector.attach(to: kitchen)
        _ = try kitchen.resolve(Repository.self)
        _ = try kitchen.resolve(Repository.self)  // made: not a resolution worth showing
        #expect(throws: KitchenError.self) { try kitchen.resolve(Missing.self) }

        let resolutions = await inspector.events().filter { $0.type == .resolution }
        #expect(resolutions.map(\.chain) == [["Repository", "Client"], ["Repository"], ["Missing"]])
        #expect(resolutions.map { $0.failure == nil } == [true, true, false])
        #expect(resolutions.last?.failure == "Missing (not registered)")
    }

    @Test("a released inspector records nothing more and lets go of the states it kept")
    func releasedInspector() {
        let store = Store(initialState: TokenState())
        store.reducers.add(on: \TokenState.token) { (token: inout Token, _: Renew) in token = Token() }
        // The store keeps the state it was made with (what a read refused during a reduce gets): the first token
        // watched is a later one.
        store.dispatch(Renew())
        var inspector: Inspector? = Inspector()
        inspector?.attach(to: store)
        weak let first = store.currentState.token
        store.dispatch(Renew())
        #expect(first != nil)  // kept by the inspector, as the state of @initial

        inspector = nil
        #expect(first == nil)
        store.dispatch(Renew())
        weak let second = store.currentState.token
        store.dispatch(Renew())
        #expect(second == nil)
        #expect(inspector == nil)
    }

    @Test("the ring keeps the newest events only, however many actions run")
    func ringIsBounded() async {
        let store = makeStore()
        let inspector = Inspector(ringSize: 16)
        inspector.attach(to: store)
        store.dispatch(PlaceOrder(dish: "soup"))
        for _ in 0..<999 {
            store.dispatch(Serve(index: 0))
        }
        let events = await inspector.events()
        #expect(events.count == 16)
        #expect(events.map(\.seq) == Array(986...1_001))
    }
}

@Suite("Inspector: encoding while nobody reads")
@MainActor
struct InspectorLazyEncodingTests {
    @Test("events recorded while nobody read are encoded when read, each diff against the state just before it")
    func diffsAfterDrops() async throws {
        let store = makeStore()
        let inspector = Inspector(ringSize: 4)
        inspector.attach(to: store)
        for index in 0..<20 {
            store.dispatch(PlaceOrder(dish: "dish \(index)"))
        }
        let events = await inspector.events()
        #expect(events.map(\.seq) == [18, 19, 20, 21])
        // However many were dropped unencoded, each kept action's diff is its own change alone.
        #expect(
            events.map { $0.diff?.map(\.path) } == [["orders[16]"], ["orders[17]"], ["orders[18]"], ["orders[19]"]])
        #expect(try #require(events.last?.state).decode(as: KitchenState.self) == store.currentState)
    }
}

@Suite("Inspector: time travel")
@MainActor
struct InspectorTravelTests {
    @Test(
        "travelling puts the store back to the state after an action and tells its subscribers; later actions go on from there"
    )
    func travel() async throws {
        let store = makeStore()
        let inspector = Inspector()
        inspector.attach(to: store)
        var seen: [Int] = []
        let subscription = store.subscribe(\.orders.count) { seen.append($0) }
        defer { subscription.dispose() }
        store.dispatch(PlaceOrder(dish: "soup"))
        store.dispatch(PlaceOrder(dish: "bread"))
        store.dispatch(Close())

        try await inspector.travel(to: 2)
        #expect(store.currentState == KitchenState(orders: [Order(dish: "soup", status: "cooking")], open: true))
        #expect(seen == [0, 1, 2, 1])
        #expect(inspector.isTravelling)

        store.dispatch(PlaceOrder(dish: "tea"))
        #expect(store.currentState.orders.map(\.dish) == ["soup", "tea"])
        #expect(!inspector.isTravelling)
        let events = await inspector.events()
        #expect(events.map(\.type) == [.action, .action, .action, .action, .travel, .action])
        #expect(events[4].to == 2)
        #expect(try #require(events[4].state).decode(as: KitchenState.self).orders.count == 1)
    }

    @Test("an inspector records one store: attaching another stops recording the first, and travel never mixes them")
    func oneStoreAtATime() async throws {
        let first = makeStore()
        let second = makeStore()
        let inspector = Inspector()
        inspector.attach(to: first)
        first.dispatch(PlaceOrder(dish: "soup"))  // seq 2, the first store's
        inspector.attach(to: second)  // @initial of the second: seq 3
        first.dispatch(PlaceOrder(dish: "bread"))  // not recorded
        second.dispatch(Close())  // seq 4

        let actions = await inspector.events().filter { $0.type == .action }
        #expect(actions.map(\.seq) == [1, 2, 3, 4])
        #expect(actions.map(\.action) == ["@initial", "PlaceOrder", "@initial", "Close"])
        try await inspector.travel(to: 3)
        #expect(second.currentState == KitchenState())
        #expect(first.currentState.orders.map(\.dish) == ["soup", "bread"])
    }

    @Test("once another store is attached, the first store's effects are not recorded either")
    func firstStoresEffectsStop() async throws {
        let first = makeStore()
        first.reducers.add(effectsOn: \KitchenState.orders) { (_: inout [Order], _: LoadSpecials) -> Effect in
            .run { send in await send(PlaceOrder(dish: "special")) }
        }
        let inspector = Inspector()
        inspector.attach(to: first)
        inspector.attach(to: makeStore())
        first.dispatch(LoadSpecials())
        await first.effectsFinished()
        while first.currentState.orders.isEmpty { await Task.yield() }

        let events = await inspector.events()
        #expect(events.filter { $0.type == .effect }.isEmpty)
        #expect(events.filter { $0.type == .action }.map(\.action) == ["@initial", "@initial"])
    }

    @Test("a state among the newest events can be travelled to whether or not it was encoded yet; an older one cannot")
    func travelBeforeAndAfterEncoding() async throws {
        let store = makeStore()
        let inspector = Inspector(ringSize: 4)
        inspector.attach(to: store)
        for dish in ["a", "b", "c"] {
            store.dispatch(PlaceOrder(dish: dish))  // seqs 2, 3, 4
        }
        try await inspector.travel(to: 3)  // nobody read: not encoded yet
        #expect(store.currentState.orders.map(\.dish) == ["a", "b"])

        _ = await inspector.events()  // encoded now; the travel is seq 5
        try await inspector.travel(to: 4)
        #expect(store.currentState.orders.map(\.dish) == ["a", "b", "c"])

        for dish in ["d", "e", "f"] {
            store.dispatch(PlaceOrder(dish: dish))  // seqs 7, 8, 9: the newest four events are 6 to 9
        }
        await #expect(throws: InspectorError.noSuchState(seq: 4, oldest: 7, newest: 9)) {
            try await inspector.travel(to: 4)
        }
        #expect(store.currentState.orders.map(\.dish) == ["a", "b", "c", "d", "e", "f"])
    }

    @Test("an action a screen dispatches as it appears names that screen, reported by the navigator only after")
    func originOfAnAppearingScreen() async throws {
        let navigator = HeadlessNavigator()
        let app = BrigadeApp(redux: Redux(initialState: KitchenState()), navigator: navigator)
        let store = app.store
        try app.add(feature: ScreenFeature(pattern: "/menu"))
        try app.add(feature: ScreenFeature(pattern: "/menu/:dish") { store.dispatch(Close()) })
        let inspector = Inspector()
        inspector.attach(to: store)
        inspector.attach(to: app.wireframe, navigator: navigator)
        try await app.wireframe.route(to: "/menu", option: .root)
        try await app.wireframe.route(to: "/menu/soup")

        let closed = await inspector.events().filter { $0.action == "Close" }
        #expect(closed.map(\.origin) == [InspectorEvent.Origin(kind: "screen", name: "/menu/soup")])
    }

    @Test("with a wireframe attached, travel puts the screens back too, and the navigation is recorded")
    func travelRestoresScreens() async throws {
        let navigator = HeadlessNavigator()
        let app = BrigadeApp(redux: Redux(initialState: KitchenState()), navigator: navigator)
        try app.add(feature: ScreenFeature(pattern: "/menu"))
        try app.add(feature: ScreenFeature(pattern: "/menu/:dish"))
        let inspector = Inspector()
        inspector.attach(to: app.store)
        inspector.attach(to: app.wireframe, navigator: navigator)
        app.store.reducers.add(on: \KitchenState.orders) { (orders: inout [Order], action: PlaceOrder) in
            orders.append(Order(dish: action.dish, status: "cooking"))
        }
        try await app.wireframe.route(to: "/menu", option: .root)
        app.store.dispatch(PlaceOrder(dish: "soup"))  // seq: shown on /menu
        try await app.wireframe.route(to: "/menu/soup")
        app.store.dispatch(PlaceOrder(dish: "bread"))

        let placed = await inspector.events().filter { $0.action == "PlaceOrder" }
        #expect(placed.map(\.origin?.name) == ["/menu", "/menu/soup"])
        #expect(placed.map(\.origin?.kind) == ["screen", "screen"])
        let navigation = await inspector.events().filter { $0.type == .navigation }
        #expect(navigation.last?.stack == ["/menu", "/menu/soup"])

        try await inspector.travel(to: placed[0].seq)
        #expect(app.store.currentState.orders.map(\.dish) == ["soup"])
        #expect(navigator.stack.compactMap { $0.attachments.routeResult?.url.absoluteString } == ["/menu"])
    }
}

@Suite("Inspector: the connection to the tool")
@MainActor
struct InspectorConnectionTests {
    @Test("an app started before the tool catches it up with a hello and every kept event, then live ones")
    func lateTool() async throws {
        let store = makeStore()
        let inspector = Inspector(app: "Kitchen")
        inspector.attach(to: store)
        store.dispatch(PlaceOrder(dish: "soup"))
        // Find a free port, then start the tool there only after the app has been trying for a while.
        let probe = try FakeTool()
        let port = probe.port
        probe.stop()
        inspector.connect(port: port)
        store.dispatch(PlaceOrder(dish: "bread"))
        let tool = try FakeTool(port: port)
        defer { tool.stop() }
        #expect(await tool.waitUntil { $0.count >= 4 })
        let hello = try JSONDecoder().decode(InspectorHello.self, from: Data(tool.received[0].utf8))
        #expect(hello.app == "Kitchen" && hello.stateType == "KitchenState" && hello.stateIsCodable)
        store.dispatch(Close())
        #expect(await tool.waitUntil { $0.contains { $0.contains("\"action\":\"Close\"") } })
        let seqs = try tool.received.dropFirst().map {
            try JSONDecoder().decode(InspectorEventLine.self, from: Data($0.utf8)).event.seq
        }
        #expect(seqs == [1, 2, 3, 4])
        inspector.disconnect()
    }

    @Test("the tool's travel command puts the app back; a dropped connection is made again and caught up")
    func commandsAndReconnect() async throws {
        let store = makeStore()
        let inspector = Inspector()
        inspector.attach(to: store)
        let tool = try FakeTool()
        defer { tool.stop() }
        inspector.connect(port: tool.port)
        store.dispatch(PlaceOrder(dish: "soup"))
        store.dispatch(PlaceOrder(dish: "bread"))
        #expect(await tool.waitUntil { $0.count >= 4 })

        tool.send(#"{"kind":"travel","to":2}"#)
        while store.currentState.orders.count != 1 { await Task.yield() }
        #expect(store.currentState.orders.map(\.dish) == ["soup"])

        let before = tool.received.count
        tool.dropConnection()
        store.dispatch(PlaceOrder(dish: "tea"))  // the app goes on while the tool is away
        // Reconnected: a second hello, then the ring again, the travel and the new action included.
        #expect(await tool.waitUntil { $0.count >= before + 6 })
        #expect(tool.received[before].contains("\"kind\":\"hello\""))
        #expect(store.currentState.orders.map(\.dish) == ["soup", "tea"])
        inspector.disconnect()
    }
}

/// Attaches `inspector` where the state's type is only known to be `Sendable`.
@MainActor
func attachGenerically<State: Sendable>(_ inspector: Inspector, to store: Store<State>) {
    inspector.attach(to: store)
}

@Suite("Inspector: a Codable state attached in generic code")
@MainActor
struct GenericAttachTests {
    @Test("a Codable state attached through the overload for any state is still recorded as JSON")
    func codableFoundAtRunTime() async throws {
        let store = makeStore()
        let inspector = Inspector()
        attachGenerically(inspector, to: store)
        store.dispatch(PlaceOrder(dish: "soup"))
        let last = try #require(await inspector.events().last)
        #expect(last.state == ["orders": [["dish": "soup", "status": "cooking"]], "open": true])
        #expect(last.diff?.map(\.path) == ["orders[0]"])
        #expect(inspector.notes.isEmpty)
        #expect((await inspector.session()).hello.stateIsCodable)
    }

    @Test("a state that is not Codable is recorded by description, with no note")
    func notCodable() async throws {
        let store = Store(initialState: Opaque())
        let inspector = Inspector()
        attachGenerically(inspector, to: store)
        #expect(inspector.notes.isEmpty)
        #expect(await inspector.events().first?.stateDescription == "Opaque(count: 0)")
    }
}

@Suite("Inspector: nothing recorded is lost at the end")
@MainActor
struct InspectorEndTests {
    @Test("close() returns once the tool has every event recorded before it, then disconnects")
    func closeSendsEverything() async throws {
        let store = makeStore()
        let inspector = Inspector(app: "Kitchen")
        inspector.attach(to: store)
        let tool = try FakeTool()
        defer { tool.stop() }
        inspector.connect(port: tool.port)
        for index in 0..<100 {
            store.dispatch(PlaceOrder(dish: "dish \(index)"))
        }
        #expect(await inspector.close(timeout: .seconds(30)))
        #expect(!inspector.isConnected)
        // Sent before close() returned: the connection is gone, so nothing could be sent after.
        #expect(await tool.waitUntil { $0.count >= 102 })
        let last = try JSONDecoder().decode(InspectorEventLine.self, from: Data((tool.received.last ?? "").utf8))
        #expect(last.event.seq == 101)
        store.dispatch(Close())
        #expect(await inspector.events().last?.action == "Close")  // it goes on recording
    }

    @Test("an inspector released right after the app's last dispatch still sends that dispatch")
    func releasedInspectorSendsItsEnd() async throws {
        let tool = try FakeTool()
        defer { tool.stop() }
        let store = makeStore()
        do {
            let inspector = Inspector(app: "Kitchen")
            inspector.attach(to: store)
            inspector.connect(port: tool.port)
            for index in 0..<100 {
                store.dispatch(PlaceOrder(dish: "dish \(index)"))
            }
        }
        #expect(await tool.waitUntil { $0.contains { $0.contains(#""dish":"dish 99""#) } })
        store.dispatch(Close())  // recorded by nobody: the inspector is gone
        #expect(tool.received.count == 102)
    }

    @Test("close() with no tool to send to returns false, without waiting for one")
    func closeWithoutTool() async throws {
        let probe = try FakeTool()
        let port = probe.port
        probe.stop()
        let store = makeStore()
        let inspector = Inspector()
        inspector.attach(to: store)
        inspector.connect(port: port)
        store.dispatch(Close())
        #expect(await inspector.close(timeout: .seconds(30)) == false)
        #expect(await Inspector().close() == false)  // never connected
    }
}

/// A view feature with one pattern and a plain screen.
@MainActor
final class ScreenFeature: ViewFeature {
    let routePattern: String
    let event: LifecycleEvent
    let onEvent: (@MainActor () -> Void)?
    /// A feature whose screen calls `onAppear` at `event` (`didAppear` by default).
    init(
        pattern: String, at event: LifecycleEvent = .didAppear(animated: false),
        onAppear: (@MainActor () -> Void)? = nil
    ) {
        routePattern = pattern
        self.event = event
        onEvent = onAppear
    }
    func makeController(routeResult: RouteResult) throws -> any Controller { Screen(at: event, onEvent: onEvent) }
}

@MainActor
final class Screen: Controller {
    var attachments = ControllerAttachments()
    let event: LifecycleEvent
    let onEvent: (@MainActor () -> Void)?
    init(at event: LifecycleEvent = .didAppear(animated: false), onEvent: (@MainActor () -> Void)? = nil) {
        self.event = event
        self.onEvent = onEvent
    }
    func lifecycleEvent(_ event: LifecycleEvent) {
        if event.isSameKind(as: self.event) {
            onEvent?()
        }
    }
}

extension LifecycleEvent {
    /// Whether both are `load`, or both the same appearance event, whatever their animation.
    func isSameKind(as other: LifecycleEvent) -> Bool {
        switch (self, other) {
        case (.load, .load), (.willAppear, .willAppear), (.didAppear, .didAppear), (.willDisappear, .willDisappear),
            (.didDisappear, .didDisappear):
            true
        default:
            false
        }
    }
}
