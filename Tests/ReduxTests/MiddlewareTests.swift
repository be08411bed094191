import BrigadeCore
import BrigadeReactive
import BrigadeRedux
import Testing

@Suite("Middleware")
@MainActor
struct MiddlewareTests {
    func makeStore(_ middleware: [Middleware<Counter>]) -> Store<Counter> {
        let store = Store(initialState: Counter(), middleware: middleware)
        store.reducers.add(on: \Counter.count) { (count: inout Int, action: Add) in count += action.amount }
        store.reducers.add(on: \Counter.log) { (log: inout [String], action: Add) in log.append("add \(action.amount)")
        }
        store.reducers.add(on: \Counter.name) { (name: inout String, action: Rename) in name = action.name }
        return store
    }

    @Test("a middleware added while an action is in the chain sees the next action, after the others, in order")
    func addedDuringAChain() async {
        var seen: [String] = []
        weak var weakStore: Store<Counter>?  // the middleware is the store's: a strong capture would keep it
        let late = Middleware<Counter> { _, action, next in
            seen.append("late \(type(of: action))")
            next(action)
        }
        let store = makeStore([
            Middleware { _, action, next in
                seen.append("first \(type(of: action))")
                if seen.count == 1 {
                    weakStore?.add(middleware: late)
                }
                next(action)
            }
        ])
        weakStore = store
        store.dispatch(Add(amount: 1))
        await store.dispatchAndWait(Add(amount: 2))
        #expect(seen == ["first Add", "first Add", "late Add"])
        #expect(store.currentState.count == 3)
        #expect(store.currentState.log == ["add 1", "add 2"])
    }

    @Test("a store made without middleware takes one added after its first dispatches, and each one added later")
    func addedAfterDispatches() {
        var seen: [String] = []
        let store = makeStore([])
        store.dispatch(Add(amount: 1))
        store.add(
            middleware: Middleware { _, action, next in
                seen.append("first \(type(of: action))")
                next(action)
            })
        store.dispatch(Add(amount: 2))
        store.add(
            middleware: Middleware { _, action, next in
                seen.append("second \(type(of: action))")
                next(Add(amount: 10))
            })
        store.dispatch(Rename(name: "kept"))
        #expect(seen == ["first Add", "first Rename", "second Rename"])
        #expect(store.currentState.count == 13)
        #expect(store.currentState.name == "counter")
    }

    @Test("a middleware can drop an action, and the awaiting caller still completes")
    func drop() async {
        let store = makeStore([Middleware { _, action, next in if !(action is Rename) { next(action) } }])
        await store.dispatchAndWait(Rename(name: "dropped"))
        store.dispatch(Add(amount: 1))
        #expect(store.currentState.name == "counter")
        #expect(store.currentState.count == 1)
    }

    @Test("a middleware can replace an action")
    func replace() {
        let store = makeStore([
            Middleware { _, action, next in
                if let add = action as? Add {
                    next(Add(amount: add.amount * 10))
                } else {
                    next(action)
                }
            }
        ])
        store.dispatch(Add(amount: 2))
        #expect(store.currentState.count == 20)
    }

    @Test("a middleware can expand an action into several, reduced in order and notified once")
    func expand() {
        let store = makeStore([
            Middleware { _, action, next in
                if let add = action as? Add {
                    for _ in 0..<add.amount { next(Add(amount: 1)) }
                } else {
                    next(action)
                }
            }
        ])
        let log = StateLog<Int>()
        let bag = SubscriptionReferenceBag()
        store.state.subscribe { value in MainActor.assumeIsolated { log.values.append(value.count) } }.add(to: bag)
        store.dispatch(Add(amount: 3))
        #expect(store.currentState.count == 3)
        #expect(store.currentState.log == ["add 1", "add 1", "add 1"])
        #expect(log.values == [0, 3])
    }

    @Test("a middleware can run a side effect and dispatch; middleware composes in order")
    func sideEffectAndComposition() {
        let seen = StateLog<String>()
        let store = makeStore([
            .sideEffect { context, action in
                seen.values.append("first \(type(of: action)) at \(context.state.count)")
                if action is Increment {
                    context.dispatch(Add(amount: 5))
                }
            },
            .sideEffect { _, action in seen.values.append("second \(type(of: action))") },
        ])
        store.dispatch(Increment())
        #expect(seen.values == ["first Increment at 0", "second Increment", "first Add at 0", "second Add"])
        #expect(store.currentState.count == 5)
    }
}
