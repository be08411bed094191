import Brigade

/// The order: its route, its screen, the presenter that renders the state on it, and its reducer.
@MainActor
public final class OrderFeature: ViewFeature, PresenterFeature, LogicFeature {
    /// The route that shows the screen.
    public let routePattern = "/order"
    private let store: Store<AppState>

    /// A feature rendering `store`'s state.
    public init(store: Store<AppState>) { self.store = store }

    /// `AddDish` appends to `order`; `LoadMenu` starts an effect that loads the menu, which `SignOut` cancels.
    public func injectReducers(container: ReducerContainer) {
        container.add(on: \AppState.order) { (order: inout [String], action: AddDish) in
            order.append(action.dish)
        }
        container.add(on: \AppState.guest) { (guest: inout String?, action: SignIn) in
            guest = action.guest
        }
        container.add(effectsOn: \AppState.self) { (state: inout AppState, _: LoadMenu) -> Effect in
            guard let guest = state.guest else { return .none }
            state.isLoadingMenu = true
            return .run(id: MenuLoad(), cancelInFlight: true) { send in
                let source = try await send.services.resolve((any MenuSource).self)  // from the app's kitchen
                await send(MenuLoaded(dishes: try await source.dishes(for: guest)))
            } catch: { error, send in
                await send(MenuFailed(reason: "\(error)"))
            }
        }
        container.add(on: \AppState.self) { (state: inout AppState, action: MenuLoaded) in
            state.menu = action.dishes
            state.isLoadingMenu = false
        }
        container.add(on: \AppState.self) { (state: inout AppState, action: MenuFailed) in
            state.menuError = action.reason
            state.isLoadingMenu = false
        }
        container.add(effectsOn: \AppState.self) { (state: inout AppState, _: SignOut) -> Effect in
            state = AppState()
            return .cancel(id: MenuLoad())  // a menu answering later is dropped
        }
    }

    /// A new screen for each routing.
    public func makeController(routeResult: RouteResult) throws -> any Controller { OrderScreen() }

    /// The presenter binding the store to the screen.
    public func makePresenters(routeResult: RouteResult, controller: any Controller) throws -> [any Presenter] {
        guard let screen = controller as? OrderScreen else { return [] }
        return [OrderPresenter(store: store, screen: screen)]
    }
}

/// Renders the order on its screen while the screen is visible.
@MainActor
final class OrderPresenter: Presenter {
    private let binding: ViewModelBinding<OrderViewModel>

    init(store: Store<AppState>, screen: OrderScreen) {
        binding = ViewModelBinding(store: store) { state in
            OrderViewModel(title: "Your order (\(state.order.count))", dishes: state.order, menu: state.menu)
        } render: { [weak screen] viewModel in
            screen?.show(viewModel)
        }
    }

    func addPresentationLogic(routeResult: RouteResult, controller: any Controller) throws {}

    func lifecycleEvent(_ event: LifecycleEvent, controller: any Controller) {
        binding.lifecycleEvent(event)
    }
}
