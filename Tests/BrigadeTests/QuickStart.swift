// The README's quick start, verbatim: a test below runs it.
import Brigade

struct CounterState: Sendable { var count = 0 }
struct Increment: Action {}

@MainActor
final class CounterScreen: Controller {
    var attachments = ControllerAttachments()
    var text = ""
}

@MainActor
final class CounterFeature: ViewFeature, PresenterFeature, LogicFeature {
    let routePattern = "/counter"
    let store: Store<CounterState>
    init(store: Store<CounterState>) { self.store = store }

    func injectReducers(container: ReducerContainer) {
        container.add(on: \CounterState.count) { (count: inout Int, _: Increment) in count += 1 }
    }

    func makeController(routeResult: RouteResult) throws -> any Controller { CounterScreen() }

    func makePresenters(routeResult: RouteResult, controller: any Controller) throws -> [any Presenter] {
        let screen = controller as? CounterScreen
        let binding = ViewModelBinding(store: store, map: { "Count: \($0.count)" }) { [weak screen] in
            screen?.text = $0
        }
        return [FunctionalPresenter(lifecycle: { event, _ in binding.lifecycleEvent(event) }) { _, _ in }]
    }
}
