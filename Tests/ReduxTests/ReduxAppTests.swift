import BrigadeCore
import BrigadeReactive
import BrigadeRedux
import Testing

@MainActor
final class CounterLogic: LogicFeature {
    func injectReducers(container: ReducerContainer) {
        container.add(on: \AppState.counter.count) { (count: inout Int, action: Add) in count += action.amount }
    }
}

@MainActor
final class TitleWatcher: StateObservingFeature {
    let bag = SubscriptionReferenceBag()
    var counts: [Int] = []

    func observe(state: ReadOnlyObservableProperty<AppState>) {
        state.map(\.counter.count).subscribe { [weak self] count in
            MainActor.assumeIsolated { self?.counts.append(count) }
        }.add(to: bag)
    }
}

@MainActor
final class WrongWatcher: StateObservingFeature {
    func observe(state: ReadOnlyObservableProperty<Counter>) {}
}

@Suite("ReduxApp")
@MainActor
struct ReduxAppTests {
    @Test("a LogicFeature injects its reducers and a StateObservingFeature receives the state")
    func features() throws {
        let app = ReduxApp(initialState: AppState())
        let watcher = TitleWatcher()
        try app.add(feature: watcher)
        try app.add(feature: CounterLogic())
        app.redux.store.dispatch(Add(amount: 2))
        #expect(watcher.counts == [0, 2])
        #expect(app.features.count == 2)
    }

    @Test("a StateObservingFeature of another state type is an error naming the feature and the types")
    func wrongStateType() {
        let app = ReduxApp(initialState: AppState())
        let error = #expect(throws: AppError.self) {
            try app.add(feature: WrongWatcher())
        }
        #expect(
            error?.description
                == "feature observer StateObservingFeatureObserver<AppState> failed to add feature WrongWatcher: feature WrongWatcher observes state of type Counter, but the app's state is AppState"
        )
    }
}
