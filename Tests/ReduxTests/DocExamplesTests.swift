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
