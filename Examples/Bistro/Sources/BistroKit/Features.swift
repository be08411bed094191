import Brigade

/// Errors of the Bistro app, shown as one line.
public enum BistroError: Error, Equatable, CustomStringConvertible {
    /// No dish has this id.
    case unknownDish(String)
    /// No placed order has this number.
    case unknownOrder(String)
    /// The language is not one the texts exist in.
    case unknownLanguage(String, available: [String])

    /// The message.
    public var description: String {
        switch self {
        case .unknownDish(let dish): return "unknown dish '\(dish)' (see: open /menu)"
        case .unknownOrder(let id): return "no order '\(id)' (see: open /orders)"
        case .unknownLanguage(let code, let available):
            return "unknown language '\(code)' (available: \(available.joined(separator: ", ")))"
        }
    }
}

/// What every screen feature shares: the store, the texts and the menu.
@MainActor
struct ScreenContext {
    let store: Store<BistroState>
    let texts: Texts
}

/// A screen: its route, its controller and the presenter that renders it from the state.
@MainActor
class ScreenFeature: ViewFeature, PresenterFeature {
    let routePattern: String
    let context: ScreenContext

    init(_ routePattern: String, context: ScreenContext) {
        self.routePattern = routePattern
        self.context = context
    }

    var featureName: String { "ScreenFeature(\(routePattern))" }

    /// Checks the route's parameters before a screen is made; throws for an unknown dish or order.
    func validate(_ routeResult: RouteResult) throws {}

    /// The screen's text.
    func render(_ state: BistroState, _ routeResult: RouteResult) -> [String] { [] }

    func makeController(routeResult: RouteResult) throws -> any Controller {
        try validate(routeResult)
        return TextScreen()
    }

    func makePresenters(routeResult: RouteResult, controller: any Controller) throws -> [any Presenter] {
        guard let screen = controller as? TextScreen else { return [] }
        // The render closure goes into the store's subscription, so it holds the feature (which holds the store)
        // weakly.
        return [
            ScreenPresenter(store: context.store, screen: screen) { [weak self] in self?.render($0, routeResult) ?? [] }
        ]
    }
}

/// `/menu`: the dishes by category, with prices.
final class MenuScreenFeature: ScreenFeature {
    override func render(_ state: BistroState, _ routeResult: RouteResult) -> [String] {
        let texts = context.texts
        var lines = [texts.title("menu.title", state)]
        for category in texts.menu.categories {
            lines.append(texts.text("category.\(category.id)", state))
            for dish in category.dishes {
                let id = texts.padded(dish.id, 11)
                let name = texts.padded(texts.name(of: dish.id, state), 26)
                lines.append("  \(id) \(name) \(texts.price(dish.price, state))")
            }
        }
        return lines
    }
}

/// `/menu/:dish`: one dish.
final class DishScreenFeature: ScreenFeature {
    override func validate(_ routeResult: RouteResult) throws {
        let id = try routeResult.parameters.string("dish")
        guard context.texts.menu.dish(id) != nil else { throw BistroError.unknownDish(id) }
    }

    override func render(_ state: BistroState, _ routeResult: RouteResult) -> [String] {
        let texts = context.texts
        guard let id = try? routeResult.parameters.string("dish"), let dish = texts.menu.dish(id) else { return [] }
        let ordered = state.order.first { $0.dish == id }?.quantity ?? 0
        return [
            "== \(texts.name(of: id, state)) ==",
            texts.text("dish.\(id).about", state),
            texts.text("dish.price", state, texts.price(dish.price, state)),
            texts.text("dish.inOrder", state, ordered),
        ]
    }
}

/// `/order`: the current order with its total, and the reducers of the order.
final class OrderScreenFeature: ScreenFeature, LogicFeature {
    func injectReducers(container: ReducerContainer) {
        Self.addReducers(to: container)
    }

    /// The order's reducers: what ``injectReducers(container:)`` injects, for a store made without the screens.
    static func addReducers(to container: ReducerContainer) {
        container.add(on: \BistroState.order) { (order: inout [OrderLine], action: AddDish) in
            if let index = order.firstIndex(where: { $0.dish == action.dish }) {
                order[index].quantity += action.quantity
            } else {
                order.append(OrderLine(dish: action.dish, quantity: action.quantity))
            }
        }
        container.add(on: \BistroState.order) { (order: inout [OrderLine], action: RemoveDish) in
            order.removeAll { $0.dish == action.dish }
        }
        container.add(on: \BistroState.order) { (order: inout [OrderLine], _: OrderPlaced) in
            order.removeAll()
        }
    }

    override func render(_ state: BistroState, _ routeResult: RouteResult) -> [String] {
        let texts = context.texts
        guard !state.order.isEmpty else {
            return [texts.title("order.title", state), texts.text("order.empty", state)]
        }
        let total = texts.padded(texts.text("order.total", state), 30)
        return [texts.title("order.title", state)] + texts.orderLines(state.order, state) + [
            "  \(total) \(texts.price(texts.total(of: state.order), state))"
        ]
    }
}

/// `/orders`: the orders placed, and the reducers that keep them.
final class OrdersScreenFeature: ScreenFeature, LogicFeature {
    func injectReducers(container: ReducerContainer) {
        Self.addReducers(to: container)
    }

    /// The placed orders' reducers: what ``injectReducers(container:)`` injects.
    static func addReducers(to container: ReducerContainer) {
        container.add(on: \BistroState.placedOrders) { (orders: inout [PlacedOrder], action: OrdersLoaded) in
            orders = action.orders.sorted { $0.id < $1.id }
        }
        container.add(on: \BistroState.placedOrders) { (orders: inout [PlacedOrder], action: OrderPlaced) in
            orders.append(action.order)
        }
    }

    override func render(_ state: BistroState, _ routeResult: RouteResult) -> [String] {
        let texts = context.texts
        guard !state.placedOrders.isEmpty else {
            return [texts.title("orders.title", state), texts.text("orders.empty", state)]
        }
        return [texts.title("orders.title", state)]
            + state.placedOrders.map { order in
                let items = order.lines.reduce(0) { $0 + $1.quantity }
                return "  " + texts.text("orders.line", state, order.id, items, texts.price(order.total, state))
            }
    }
}

/// `/orders/:id`: one placed order.
final class OrderDetailScreenFeature: ScreenFeature {
    override func validate(_ routeResult: RouteResult) throws {
        let id = (try? routeResult.parameters.string("id")) ?? ""
        guard let number = Int(id), context.store.currentState.placedOrders.contains(where: { $0.id == number }) else {
            throw BistroError.unknownOrder(id)
        }
    }

    override func render(_ state: BistroState, _ routeResult: RouteResult) -> [String] {
        let texts = context.texts
        guard let number = try? routeResult.parameters.int("id"),
            let order = state.placedOrders.first(where: { $0.id == number })
        else { return [] }
        let total = texts.padded(texts.text("order.total", state), 30)
        return [texts.title("receipt.title", state, order.id)] + texts.orderLines(order.lines, state) + [
            "  \(total) \(texts.price(order.total, state))"
        ]
    }
}

/// `/settings/language/:code`: switches the language; a routing handler, so it shows no screen of its own.
@MainActor
final class LanguageFeature: LogicFeature {
    let context: ScreenContext
    let wireframe: DefaultWireframe

    init(context: ScreenContext, wireframe: DefaultWireframe) throws {
        self.context = context
        self.wireframe = wireframe
        try wireframe.add(
            routingHandler: { [weak self] result in try self?.switchLanguage(result) },
            routePattern: "/settings/language/:code")
    }

    func injectReducers(container: ReducerContainer) {
        Self.addReducers(to: container)
    }

    /// The language's reducer: what ``injectReducers(container:)`` injects.
    static func addReducers(to container: ReducerContainer) {
        container.add(on: \BistroState.language) { (language: inout String, action: SetLanguage) in
            language = action.code
        }
    }

    private func switchLanguage(_ result: RouteResult) throws {
        let code = try result.parameters.string("code").lowercased()
        let sommelier = context.texts.sommelier
        guard sommelier.languages.contains(code) else {
            throw BistroError.unknownLanguage(code, available: sommelier.languages)
        }
        context.store.dispatch(SetLanguage(code: code))
        sommelier.language.value = code
    }
}
