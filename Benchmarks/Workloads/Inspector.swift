import BrigadeCore
import BrigadeInspector
import BrigadeReactive
import BrigadeRedux

/// A state the inspector can show as JSON, with a diff per action: the workload's `BenchState` made `Codable`.
struct InspectedState: Codable, Sendable {
    var count = 0
    var name = "bench"
    var other = 0
}

/// Store dispatch with an `Inspector` attached (issue 28), beside the same dispatch without it
/// ("Redux/dispatch 1 reducer 1 subscriber"): the inspector keeps each state for time travel and hands the action and
/// the state to its encoding queue, which makes the JSON and the diff off the main actor. Not connected to a tool.
func inspectorWorkloads() -> [Workload] {
    [
        Workload("Inspector/dispatch attached, 1 reducer 1 subscriber") {
            let store = Store(initialState: InspectedState())
            store.reducers.add(on: \InspectedState.count) { (count: inout Int, _: BenchIncrement) in count &+= 1 }
            let inspector = Inspector(app: "bench")
            inspector.attach(to: store)
            let total = Total()
            let bag = SubscriptionReferenceBag()
            store.subscribe(\.count) { total.value &+= $0 }.add(to: bag)
            let action = BenchIncrement()
            return Runner { operations in
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
