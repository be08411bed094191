import BrigadeCore
import BrigadeRedux
import Testing

@Suite("The synchronous dispatch and the enqueuing dispatcher")
@MainActor
struct DispatcherKindsTests {
    @Test("the store's dispatch on the main actor has processed the action when it returns")
    func synchronous() {
        let store = Store(initialState: Counter())
        store.reducers.add(on: \Counter.count) { (count: inout Int, action: Add) in count += action.amount }
        store.dispatch(Add(amount: 2))
        #expect(store.currentState.count == 2)
    }

    @Test("the store's actionDispatcher defers, even on the main actor; awaiting it sees its actions in order")
    func enqueuing() async {
        let store = Store(initialState: Counter())
        store.reducers.add(on: \Counter.log) { (log: inout [String], action: Rename) in log.append(action.name) }
        let dispatcher: any ActionDispatcher = store.actionDispatcher
        dispatcher.dispatch(Rename(name: "a"))
        dispatcher.dispatch(Rename(name: "b"))
        #expect(store.currentState.log.isEmpty)
        await store.actionDispatcher.dispatchAndWait(Rename(name: "c"))
        #expect(store.currentState.log == ["a", "b", "c"])
    }
}
