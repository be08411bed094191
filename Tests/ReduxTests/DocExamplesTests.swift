import BrigadeCore
import BrigadeReactive
import BrigadeRedux
import Testing

// The examples of docs/Redux.md, verbatim apart from the tests around them.

struct Order: Sendable, Equatable {
    var dishes: [String] = []
}

struct BistroState: Sendable, Equatable {
    var order = Order()
    var placedOrders = 0
}

struct AddDish: Action { let dish: String }
struct PlaceOrder: Action {}

@MainActor
final class OrderLogic: LogicFeature {
    func injectReducers(container: ReducerContainer) {
        container.add(on: \BistroState.order) { (order: inout Order, action: AddDish) in
            order.dishes.append(action.dish)
        }
        container.add(on: \BistroState.self) { (state: inout BistroState, _: PlaceOrder) in
            state.placedOrders += 1
            state.order = Order()
        }
    }
}

@MainActor
let noEmptyOrders = Middleware<BistroState> { context, action, next in
    if action is PlaceOrder && context.state.order.dishes.isEmpty {
        return  // dropped: nothing to place
    }
    next(action)
}

@Suite("docs/Redux.md")
@MainActor
struct ReduxDocExamplesTests {
    @Test("the example adds two dishes, drops an empty order and places one")
    func example() throws {
        let app = ReduxApp(initialState: BistroState(), middleware: [noEmptyOrders])
        try app.add(feature: OrderLogic())
        let store = app.redux.store

        var seen: [Int] = []
        let bag = SubscriptionReferenceBag()
        store.state.subscribe { state in
            MainActor.assumeIsolated { seen.append(state.order.dishes.count) }
        }.add(to: bag)

        store.dispatch(PlaceOrder())  // dropped by the middleware
        store.dispatch(AddDish(dish: "soup"))
        store.dispatch(AddDish(dish: "bread"))
        store.dispatch(PlaceOrder())

        #expect(seen == [0, 1, 2, 0])
        #expect(store.currentState.placedOrders == 1)
    }
}

// The examples of docs/Redux.md's second half: subscriptions, transactions, priority, history and the log.

struct ClearOrder: UndoableAction, Codable {}
struct AddDishUndoably: UndoableAction, Codable { let dish: String }

@Suite("docs/Redux.md, notifications and history")
@MainActor
struct ReduxDocNotificationExamplesTests {
    @Test("the subscription, transaction, priority, history and log examples behave as the guide says")
    func examples() throws {
        let log = ActionLog()
        let store = Store(initialState: BistroState(), middleware: [log.middleware()])
        store.reducers.add(on: \BistroState.order) { (order: inout Order, action: AddDish) in
            order.dishes.append(action.dish)
        }
        store.reducers.add(on: \BistroState.order) { (order: inout Order, action: AddDishUndoably) in
            order.dishes.append(action.dish)
        }
        store.reducers.add(on: \BistroState.order) { (order: inout Order, _: ClearOrder) in order = Order() }
        store.reducers.add(on: \BistroState.placedOrders) { (placed: inout Int, _: PlaceOrder) in placed += 1 }

        var rendered: [[String]] = []
        let bag = SubscriptionReferenceBag()
        store.subscribe(\.order.dishes) { dishes in rendered.append(dishes) }.add(to: bag)
        store.subscribe(select: { $0.order.dishes.count > 3 }) { isLarge in
            if isLarge { print("large order") }
        }.add(to: bag)

        store.transaction {
            store.dispatch(AddDish(dish: "soup"))
            store.dispatch(AddDish(dish: "bread"))
        }
        #expect(rendered == [[], ["soup", "bread"]])

        // A priority subscriber places the order as soon as it has five dishes.
        store.subscribe(\.order.dishes.count, priority: 1) { count in
            if count >= 5 { store.dispatch(PlaceOrder()) }
        }.add(to: bag)

        store.dispatch(AddDishUndoably(dish: "cake"))
        store.dispatch(ClearOrder())
        store.dispatch(HistoryAction.Undo())  // the order has soup, bread and cake again
        #expect(store.currentState.order.dishes == ["soup", "bread", "cake"])
        #expect(store.history.canRedo.value)

        // AddDish is not Codable, so the report holds the undoable actions and the undo.
        let report = try log.exportJSON()
        #expect(log.unexportableCount == 2)
        let registry = ActionRegistry()
        registry.register(AddDishUndoably.self)
        #expect(throws: ReduxError.unknownActionType("ClearOrder")) {
            try ActionLog.replay(report, registry: registry, into: Store(initialState: BistroState()))
        }
        registry.register(ClearOrder.self)
        let replayed = Store(initialState: BistroState(), reducers: store.reducers)
        try ActionLog.replay(report, registry: registry, into: replayed)
        #expect(replayed.currentState.order.dishes == ["cake"])
    }
}
