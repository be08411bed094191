import BrigadeCore
import BrigadeInspector
import BrigadeRedux
import Foundation
import Testing

/// The line of the dispatch in ``orderBread(_:)``.
let breadLine = #line + 4

/// A middleware's dispatch.
@MainActor func orderBread(_ context: MiddlewareContext<KitchenState>) {
    context.dispatch(PlaceOrder(dish: "bread"))
}

@Suite("Inspector: each action's call site and cost")
@MainActor
struct CallSiteTests {
    @Test("an action the app dispatched names the file and line of the dispatch, and its reducers' time")
    func callSiteAndCost() async throws {
        let store = makeStore()
        let inspector = Inspector()
        inspector.attach(to: store)
        let line = #line + 1
        store.dispatch(PlaceOrder(dish: "soup"))
        store.transaction {
            store.dispatch(Serve(index: 0))
        }
        let events = await inspector.events().filter { $0.type == .action }
        #expect(
            events.map(\.callSite) == [
                nil, "InspectorTests/CallSiteTests.swift:\(line)",
                "InspectorTests/CallSiteTests.swift:\(line + 2)",
            ])
        #expect(events[0].cost == nil)  // @initial
        #expect(events.dropFirst().allSatisfy { ($0.cost?.reducerMicroseconds ?? -1) >= 0 })
    }

    @Test("a middleware's dispatch names the middleware's line; an effect's, a replay's and the tool's name none")
    func otherOrigins() async throws {
        let store = Store(
            initialState: KitchenState(),
            middleware: [
                Middleware { context, action, next in
                    if action is Close { orderBread(context) }
                    next(action)
                }
            ])
        store.reducers.add(on: \KitchenState.orders) { (orders: inout [Order], action: PlaceOrder) in
            orders.append(Order(dish: action.dish, status: "cooking"))
        }
        store.reducers.add(on: \KitchenState.open) { (open: inout Bool, _: Close) in open = false }
        store.reducers.add(effectsOn: \KitchenState.self) { (_: inout KitchenState, _: LoadSpecials) -> Effect in
            .run { send in await send(PlaceOrder(dish: "special")) }
        }
        let inspector = Inspector()
        inspector.attach(to: store)
        let closeLine = #line + 1
        store.dispatch(Close())
        await store.dispatchAndWait(LoadSpecials())
        await store.effectsFinished()
        try inspector.dispatch("PlaceOrder", payload: ["dish": "tea"])
        let sites = await inspector.events().filter { $0.type == .action }.map { ($0.action ?? "", $0.callSite) }
        let file = "InspectorTests/CallSiteTests.swift"
        #expect(sites.map(\.0) == ["@initial", "Close", "PlaceOrder", "LoadSpecials", "PlaceOrder", "PlaceOrder"])
        #expect(
            sites.map(\.1) == [
                nil, "\(file):\(closeLine)", "\(file):\(breadLine)", "\(file):\(closeLine + 1)", nil, nil,
            ])
    }
}
