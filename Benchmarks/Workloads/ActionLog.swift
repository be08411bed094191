import BrigadeRedux

/// A store dispatch recorded by an `ActionLog` of 10,000 entries: once the log is full (each new entry replaces the
/// oldest) and while it fills (each batch starts from an empty log). Issue 31: a full log once cost 10x a filling one.
func actionLogWorkloads() -> [Workload] {
    let limit = 10_000
    return [
        Workload("Redux/dispatch with a full action log") {
            let log = ActionLog(limit: limit)
            let store = makeLoggedStore(log)
            let action = BenchIncrement()
            for _ in 0..<limit {
                store.dispatch(action)
            }
            // The store's middleware holds the log weakly: the runner keeps it.
            return Runner { operations in
                for _ in 0..<operations {
                    store.dispatch(action)
                }
                consume(store.currentState.count)
                consume(log)
            }
        },
        Workload("Redux/dispatch with a filling action log") {
            let log = ActionLog(limit: limit)
            let store = makeLoggedStore(log)
            let action = BenchIncrement()
            return Runner(maxBatch: limit, prepare: { log.clear() }) { operations in
                for _ in 0..<operations {
                    store.dispatch(action)
                }
                consume(store.currentState.count)
                consume(log)
            }
        },
    ]
}

@MainActor
private func makeLoggedStore(_ log: ActionLog) -> Store<BenchState> {
    let store = Store(initialState: BenchState(), middleware: [log.middleware()])
    store.reducers.add(on: \BenchState.count) { (count: inout Int, _: BenchIncrement) in count &+= 1 }
    return store
}
