import BrigadeCore
import BrigadeReactive
import BrigadeRedux
import BrigadeTesting
import BrigadeWireframe
import Testing

struct Counter: Sendable, Equatable {
    var count = 0
    var log: [String] = []
    var loaded = ""
}

struct Increment: Action {}
struct Logged: Action { let text: String }
struct Load: Action {}
struct Reset: Action {}

struct SlowLoad: AsyncActionReducer {
    func reduce(action: Load, state: String) async -> @Sendable (String) -> String {
        await Task.yield()
        return { _ in "loaded" }
    }
}

final class Captured: @unchecked Sendable {
    // Written only on the main actor by the tests' reporter.
    var messages: [String] = []
}

@MainActor
func makeTestStore(middleware: [Middleware<Counter>] = []) -> (TestStore<Counter>, Captured) {
    let store = TestStore(initialState: Counter(), middleware: middleware) { reducers in
        reducers.add(on: \Counter.count) { (count: inout Int, _: Increment) in count += 1 }
        reducers.add(on: \Counter.log) { (log: inout [String], action: Logged) in log.append(action.text) }
        reducers.add(reducer: SlowLoad(), on: \Counter.loaded)
        reducers.add(on: \Counter.self) { (counter: inout Counter, _: Reset) in counter = Counter() }
    }
    let captured = Captured()
    store.reporter = FailureReporter { message, _ in captured.messages.append(message) }
    return (store, captured)
}

@MainActor
let logIncrements = Middleware<Counter> { context, action, next in
    next(action)
    if action is Increment {
        context.dispatch(Logged(text: "incremented"))
    }
}

@Suite("TestStore")
@MainActor
struct TestStoreTests {
    @Test("send asserts the exact state change, and passes when it matches")
    func sendPasses() async {
        let (store, captured) = makeTestStore()
        await store.send(Increment()) { $0.count = 1 }
        await store.send(Increment()) { $0.count = 2 }
        await store.finish()
        #expect(captured.messages.isEmpty)
    }

    @Test("an unasserted change fails with a field-level diff")
    func exhaustiveFailure() async {
        let (store, captured) = makeTestStore()
        await store.send(Increment()) { $0.count = 2 }
        #expect(captured.messages == ["state after sending Increment is not as asserted:\n  count: expected 2, got 1"])
        await store.send(Increment())
        #expect(
            captured.messages.last == "state after sending Increment is not as asserted:\n  count: expected 1, got 2")
    }

    @Test("receive asserts an action dispatched by middleware; an unasserted one fails at the end")
    func receiveFromMiddleware() async {
        let (store, captured) = makeTestStore(middleware: [logIncrements])
        await store.send(Increment()) { $0.count = 1 }
        await store.receive(Logged.self) { $0.log = ["incremented"] }
        await store.send(Increment()) { $0.count = 2 }
        await store.finish()
        #expect(captured.messages == ["1 received action(s) not asserted: Logged"])
    }

    @Test("receive of the wrong type, or of nothing, fails")
    func receiveMismatch() async {
        let (store, captured) = makeTestStore(middleware: [logIncrements])
        await store.send(Increment()) { $0.count = 1 }
        await store.receive(Increment.self)
        await store.receive(Logged.self)
        #expect(
            captured.messages == [
                "expected to receive Increment, but received Logged",
                "expected to receive Logged, but nothing was received",
            ])
    }

    @Test("receive asserts an action dispatched by a priority subscriber")
    func receiveFromPrioritySubscriber() async {
        let (store, captured) = makeTestStore()
        let bag = SubscriptionReferenceBagHolder()
        bag.subscription = store.store.subscribe(\.count, priority: 1) { count in
            if count == 1 { store.store.dispatch(Logged(text: "first")) }
        }
        await store.send(Increment()) { $0.count = 1 }
        await store.receive(Logged.self) { $0.log = ["first"] }
        await store.finish()
        #expect(captured.messages.isEmpty)
        bag.subscription?.dispose()
    }

    @Test("the change of an async reducer is received and asserted")
    func asyncChange() async {
        let (store, captured) = makeTestStore()
        await store.send(Load())
        await store.receiveAsyncChange(of: Load.self) { $0.loaded = "loaded" }
        await store.finish()
        #expect(captured.messages.isEmpty)
    }

    @Test("the non-exhaustive mode checks only the fields the test sets")
    func nonExhaustive() async {
        let (store, captured) = makeTestStore()
        store.exhaustivity = .off
        await store.send(Logged(text: "a"))
        await store.send(Increment()) { $0.count = 1 }
        #expect(captured.messages.isEmpty)
        await store.send(Increment()) { $0.count = 7 }
        #expect(
            captured.messages == [
                "state after sending Increment does not have the asserted fields:\n  count: expected 7, got 2"
            ])
    }

    @Test("failures are recorded as Swift Testing issues by default")
    func swiftTestingIssue() async {
        let store = TestStore(initialState: Counter()) { reducers in
            reducers.add(on: \Counter.count) { (count: inout Int, _: Increment) in count += 1 }
        }
        await withKnownIssue {
            await store.send(Increment()) { $0.count = 5 }
        }
    }
}

/// Keeps a subscription for the length of a test.
@MainActor
final class SubscriptionReferenceBagHolder {
    var subscription: SubscriptionReference?
}
