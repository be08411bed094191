import BrigadeInspector
import BrigadeReactive
import BrigadeRedux

/// Dispatch with an inspector attached: the same store, reducer, subscriber and action as
/// "Redux/dispatch 1 reducer 1 subscriber", which is its budget's peer. What the main actor pays per action is timed
/// (keeping the action and the state, as values, in the ring); the JSON encoding and the diff run on the inspector's
/// queue, waited for untimed after each batch (`settle`) so that they weigh on neither this batch nor the peer's.
func inspectorWorkloads() -> [Workload] {
    [
        Workload("Inspector/dispatch attached") {
            let store = makeReduxStore(unrelatedReducers: 0)
            let total = Total()
            let bag = SubscriptionReferenceBag()
            store.subscribe(\.count) { total.value &+= $0 }.add(to: bag)
            let inspector = Inspector(app: "bench")
            inspector.attach(to: store)
            let action = BenchIncrement()
            return Runner(settle: { await inspector.flush() }) { operations in
                for _ in 0..<operations {
                    store.dispatch(action)
                }
                consume(total.value)
                consume(bag)
                consume(inspector)
            }
        }
    ]
}
