import BrigadeCore
import BrigadeRedux
import Testing

@Suite("Back-pressure: the dispatcher's send waits for room")
@MainActor
struct BackPressureTests {
    @Test("a producer that sends never has more than the limit queued, and every action is applied in order")
    func sendKeepsTheQueueBounded() async {
        let store = Store(initialState: Counter())
        let dispatcher = store.actionDispatcher
        dispatcher.queueLimit = 16
        var highest = 0
        store.reducers.add(on: \Counter.log) { (log: inout [String], action: Rename) in
            highest = max(highest, dispatcher.queuedCount)
            log.append(action.name)
        }
        let total = 5_000
        let producerHighest = await Task.detached {
            var highest = 0
            for index in 0..<total {
                await dispatcher.send(Rename(name: "\(index)"))
                highest = max(highest, dispatcher.queuedCount)
            }
            return highest
        }.value
        await dispatcher.dispatchAndWait(Noop())
        #expect(producerHighest <= 16)
        #expect(highest <= 16)
        #expect(store.currentState.log == (0..<total).map { "\($0)" })
    }

    @Test("several producers that send keep the bound and their own order")
    func severalProducers() async {
        let store = Store(initialState: Counter())
        let dispatcher = store.actionDispatcher
        dispatcher.queueLimit = 8
        var highest = 0
        store.reducers.add(on: \Counter.log) { (log: inout [String], action: Rename) in
            highest = max(highest, dispatcher.queuedCount)
            log.append(action.name)
        }
        await withTaskGroup(of: Void.self) { group in
            for producer in 0..<4 {
                group.addTask {
                    for index in 0..<1_000 {
                        await dispatcher.send(Rename(name: "\(producer)/\(index)"))
                    }
                }
            }
        }
        await dispatcher.dispatchAndWait(Noop())
        #expect(highest <= 8)
        let log = store.currentState.log
        #expect(log.count == 4_000)
        for producer in 0..<4 {
            let own = log.filter { $0.hasPrefix("\(producer)/") }
            #expect(own == (0..<1_000).map { "\(producer)/\($0)" })
        }
    }

    @Test("the synchronous dispatch queues past the limit and drops nothing")
    func dispatchNeverDrops() async {
        let store = Store(initialState: Counter())
        let dispatcher = store.actionDispatcher
        dispatcher.queueLimit = 4
        store.reducers.add(on: \Counter.count) { (count: inout Int, action: Add) in count += action.amount }
        for _ in 0..<100 {
            dispatcher.dispatch(Add(amount: 1))
        }
        #expect(dispatcher.queuedCount == 100)
        await dispatcher.dispatchAndWait(Noop())
        #expect(store.currentState.count == 100)
        #expect(dispatcher.queuedCount == 0)
    }

    @Test("the limit is at least one")
    func limitIsAtLeastOne() {
        let store = Store(initialState: Counter())
        store.actionDispatcher.queueLimit = 0
        #expect(store.actionDispatcher.queueLimit == 1)
        #expect(StoreDispatcher.defaultQueueLimit == 1_024)
    }
}
