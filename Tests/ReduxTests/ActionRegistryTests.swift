import BrigadeCore
import BrigadeRedux
import Foundation
import Testing

struct Rated: Action, Codable { let stars: Int }
struct Seen: Action {}

@Suite("ActionRegistry from the reducers")
@MainActor
struct ActionRegistryTests {
    @Test("the reducers' action types are listed once each; the Codable ones decode a log with no list kept by hand")
    func fromReducers() throws {
        let store = Store(initialState: AppState())
        store.reducers.add(on: \AppState.counter.count) { (count: inout Int, action: Rated) in count += action.stars }
        store.reducers.add(on: \AppState.other) { (other: inout Int, action: Rated) in other += 1 }
        store.reducers.add(on: \AppState.other) { (other: inout Int, _: Seen) in other += 10 }
        #expect(store.reducers.actionTypes.map { "\($0)" } == ["Rated", "Seen"])

        let log = ActionLog()
        store.add(middleware: log.middleware())
        store.dispatch(Rated(stars: 4))
        store.dispatch(Rated(stars: 1))

        let replayed = Store(initialState: AppState())
        replayed.reducers.add(on: \AppState.counter.count) { (count: inout Int, action: Rated) in count += action.stars
        }
        let registry = ActionRegistry(reducers: replayed.reducers)
        #expect(registry.name(of: Rated(stars: 0)) == "Rated")
        #expect(registry.name(of: Seen()) == nil)  // not Codable: a log cannot hold it
        try ActionLog.replay(try log.exportJSON(), registry: registry, into: replayed)
        #expect(replayed.currentState.counter.count == 5)
    }
}
