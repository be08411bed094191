import BrigadeCore
import BrigadeRedux
import BrigadeTesting
import Testing

struct SearchState: Sendable, Equatable {
    var query = ""
    var results: [String] = []
    var user: String? = "ada"
}

struct Search: Action { let query: String }
struct SearchResults: Action { let results: [String] }
struct StartTicking: Action {}
struct SignOutNow: Action {}

/// The identity of the search.
struct SearchWork: Hashable, Sendable {}

/// A debounced search: each query cancels the one in flight and waits 300 ms on the store's clock before answering.
@MainActor
func makeSearchStore(clock: ManualClock) -> (TestStore<SearchState>, Captured) {
    let store = TestStore(initialState: SearchState(), clock: clock) { reducers in
        reducers.add(effectsOn: \SearchState.self) { (state: inout SearchState, action: Search) -> Effect in
            state.query = action.query
            return .run(id: SearchWork(), cancelInFlight: true) { send in
                try await send.clock.sleep(for: .milliseconds(300))
                await send(SearchResults(results: ["\(action.query) soup"]))
            }
        }
        reducers.add(on: \SearchState.results) { (results: inout [String], action: SearchResults) in
            results = action.results
        }
        reducers.add(effectsOn: \SearchState.self) { (state: inout SearchState, _: StartTicking) -> Effect in
            .run(id: "ticker") { send in
                while true {
                    try await send.clock.sleep(for: .seconds(1))
                    await send(SearchResults(results: ["tick"]))
                }
            }
        }
        reducers.add(effectsOn: \SearchState.self) { (state: inout SearchState, _: SignOutNow) -> Effect in
            state = SearchState(user: nil)
            return .cancel(id: SearchWork())
        }
    }
    let captured = Captured()
    store.reporter = FailureReporter { message, _ in captured.messages.append(message) }
    return (store, captured)
}

@Suite("TestStore with effects")
@MainActor
struct TestStoreEffectTests {
    @Test("a debounced search answers when the manual clock advances, and the superseded search is cancelled")
    func debounce() async {
        let clock = ManualClock()
        let (store, captured) = makeSearchStore(clock: clock)
        await store.send(Search(query: "to")) { $0.query = "to" }
        await store.send(Search(query: "tomato")) { $0.query = "tomato" }
        store.expectCancelled(id: SearchWork())
        await clock.waitForSleepers(1)
        clock.advance(by: .milliseconds(300))
        await store.receive(SearchResults.self) { $0.results = ["tomato soup"] }
        await store.finish()
        #expect(captured.messages.isEmpty)
    }

    @Test("an error an effect does not catch fails the test at the next step, naming the effect and the error")
    func uncaughtEffectError() async {
        struct Offline: Error, CustomStringConvertible {
            var description: String { "the network is offline" }
        }
        struct Load: Action {}
        let store = TestStore(initialState: SearchState()) { reducers in
            reducers.add(effectsOn: \SearchState.self) { (_: inout SearchState, _: Load) -> Effect in
                .run(id: "load") { _ in throw Offline() }
            }
        }
        let captured = Captured()
        store.reporter = FailureReporter { message, _ in captured.messages.append(message) }
        await store.send(Load())
        await store.finish()
        #expect(
            captured.messages == [
                "an effect's error was not caught: effect #1 (id load) started by Load failed: the network is offline"
                    + " (give the effect a catch: handler that dispatches a failure action)"
            ])
    }

    @Test("a test expects an effect's failure with expectEffectFailed, which fails when none came")
    func expectedEffectError() async {
        struct Offline: Error {}
        struct Load: Action {}
        struct Fine: Action {}
        let store = TestStore(initialState: SearchState()) { reducers in
            reducers.add(effectsOn: \SearchState.self) { (_: inout SearchState, _: Load) -> Effect in
                .run(id: "load") { _ in throw Offline() }
            }
            reducers.add(effectsOn: \SearchState.self) { (_: inout SearchState, _: Fine) -> Effect in
                .run(id: "fine") { _ in }
            }
        }
        let captured = Captured()
        store.reporter = FailureReporter { message, _ in captured.messages.append(message) }
        await store.send(Load())
        let failure = await store.expectEffectFailed()
        #expect(failure?.hasPrefix("effect #1 (id load) started by Load failed: Offline") == true)
        await store.send(Fine())
        #expect(await store.expectEffectFailed() == nil)
        await store.finish()
        #expect(captured.messages == ["expected an effect to fail, but none did"])
    }

    @Test("signing out during a search cancels it, and no late result is received")
    func signOutCancels() async {
        let clock = ManualClock()
        let (store, captured) = makeSearchStore(clock: clock)
        await store.send(Search(query: "soup")) { $0.query = "soup" }
        await clock.waitForSleepers(1)
        await store.send(SignOutNow()) { $0 = SearchState(user: nil) }
        store.expectCancelled(id: SearchWork())
        clock.advance(by: .seconds(1))
        await store.finish()
        #expect(captured.messages.isEmpty)
    }

    @Test("finish fails for an effect still running at the end, names it, and cancels it")
    func finishFailsForRunningEffect() async {
        let clock = ManualClock()
        let (store, captured) = makeSearchStore(clock: clock)
        await store.send(StartTicking())
        await store.finish(timeout: .milliseconds(20))
        #expect(captured.messages.count == 1)
        #expect(captured.messages.first?.contains("1 effect(s) still running") == true)
        #expect(captured.messages.first?.contains("started by StartTicking") == true)
        #expect(!store.store.isRunningEffect(id: "ticker"))
    }

    @Test("the store-wide timeout is what receive and finish wait when given none")
    func storeWideTimeout() async {
        let clock = ManualClock()
        let (store, captured) = makeSearchStore(clock: clock)
        #expect(store.timeout == .seconds(5))
        store.timeout = .milliseconds(20)
        await store.send(StartTicking())
        await store.finish()
        #expect(captured.messages.count == 1)
        #expect(captured.messages.first?.contains("still running after \(Duration.milliseconds(20))") == true)
    }

    @Test("a test that says so ends with long-running work without failing")
    func skipInFlightEffects() async {
        let clock = ManualClock()
        let (store, captured) = makeSearchStore(clock: clock)
        await store.send(StartTicking())
        await clock.waitForSleepers(1)
        clock.advance(by: .seconds(1))
        await store.receive(SearchResults.self) { $0.results = ["tick"] }
        store.skipInFlightEffects()
        await store.finish()
        #expect(captured.messages.isEmpty)
    }

    @Test("receive fails at once when nothing was received and no effect runs")
    func receiveWithNothingRunning() async {
        let clock = ManualClock()
        let (store, captured) = makeSearchStore(clock: clock)
        await store.receive(SearchResults.self)
        #expect(captured.messages == ["expected to receive SearchResults, but nothing was received"])
    }

    @Test("receive fails after its timeout when a running effect dispatches nothing, naming the effect")
    func receiveTimesOut() async {
        let clock = ManualClock()
        let (store, captured) = makeSearchStore(clock: clock)
        await store.send(Search(query: "soup")) { $0.query = "soup" }
        await store.receive(SearchResults.self, timeout: .milliseconds(20))
        #expect(captured.messages.count == 1)
        #expect(captured.messages.first?.contains("SearchWork()") == true)
        store.skipInFlightEffects()
        await store.finish()
        #expect(captured.messages.count == 1)
    }

    @Test("expecting a cancellation that did not happen fails")
    func expectCancelledFails() async {
        let clock = ManualClock()
        let (store, captured) = makeSearchStore(clock: clock)
        await store.send(Search(query: "soup")) { $0.query = "soup" }
        store.expectCancelled(id: SearchWork())
        #expect(captured.messages == ["expected the effect SearchWork() to be cancelled, but it was not"])
        store.skipInFlightEffects()
        await store.finish()
    }
}
