import BrigadeCore
import BrigadeInspector
import BrigadeKitchen
import BrigadeNavigation
import BrigadeReactive
import BrigadeRedux
import Foundation
import Observation
import Testing

/// A count, for many small actions.
struct Tally: Codable, Equatable, Sendable {
    var count = 0
}

struct Add: Action, Codable { let amount: Int }
struct AddMany: Action, Codable {}

/// A service made off the main actor, whose resolution the inspector records from that thread.
final class Printer: Sendable {}

@Suite("Inspector: what each action cost, and the order of what other threads record")
@MainActor
struct CostTests {
    /// The kitchen store and a kitchen that makes a `Printer` (on any thread, or on the main actor), both inspected.
    private func inspectedKitchen(printerOffMainActor: Bool) throws -> (Store<KitchenState>, Kitchen, Inspector) {
        let store = makeStore()
        let kitchen = Kitchen()
        if printerOffMainActor {
            try kitchen.registerNonisolated(Printer.self) { _ in Printer() }
        } else {
            try kitchen.register(Printer.self) { _ in Printer() }
        }
        let inspector = Inspector()
        inspector.attach(to: store)
        inspector.attach(to: kitchen)
        return (store, kitchen, inspector)
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @Test("each action counts the subscribers its notification round told and the view members it invalidated")
    func subscribersAndMembers() async throws {
        let store = makeStore()
        let bag = SubscriptionReferenceBag()
        store.subscribe(\.orders) { _ in }.add(to: bag)
        store.subscribe(\.orders) { _ in }.add(to: bag)
        store.subscribe(\.open) { _ in }.add(to: bag)
        let view = ObservedState(store: store)
        withObservationTracking {
            _ = view[\.orders]
        } onChange: {
        }
        let inspector = Inspector()
        inspector.attach(to: store)

        store.dispatch(PlaceOrder(dish: "soup"))  // two `orders` subscribers, the view; its member
        withObservationTracking {
            _ = view[\.orders]
        } onChange: {
        }
        store.dispatch(Close())  // the `open` subscriber, the view; no member it read
        store.transaction {
            store.dispatch(PlaceOrder(dish: "tea"))
            store.dispatch(Close())  // one round for both, counted on the last
        }
        let costs: [InspectorEvent.Cost?] = await inspector.events().filter { $0.type == .action }.dropFirst().map(
            \.cost)
        let notified: [Int?] = costs.map { cost in cost?.subscribersNotified }
        let invalidated: [Int?] = costs.map { cost in cost?.membersInvalidated }
        #expect(notified == [3, 2, 0, 3])
        #expect(invalidated == [1, 0, 0, 1])
        withExtendedLifetime((bag, view)) {}
    }

    @Test("what another thread records while the store's actions wait in its log comes after them, before the next")
    func otherThreadsInOrder() async throws {
        let (store, kitchen, inspector) = try inspectedKitchen(printerOffMainActor: true)
        store.dispatch(PlaceOrder(dish: "soup"))
        store.dispatch(PlaceOrder(dish: "bread"))
        try await Task.detached { _ = try kitchen.resolve(Printer.self) }.value
        store.dispatch(Serve(index: 0))
        let events = await inspector.events()
        let names: [String] = events.map { event in event.action ?? event.type.rawValue }
        #expect(names == ["@initial", "PlaceOrder", "PlaceOrder", "resolution", "Serve"])
        #expect(events.map(\.seq) == Array(1...5))
    }

    @Test("actions dispatched while four other threads record events: each numbered once, none lost, actions in order")
    func concurrentRecording() async throws {
        let store = Store(initialState: Tally())
        store.reducers.add(on: \Tally.count) { (count: inout Int, action: Add) in count += action.amount }
        let kitchen = Kitchen()
        try kitchen.registerNonisolated(Printer.self, scope: .transient) { _ in Printer() }
        let inspector = Inspector(ringSize: 20_000)
        inspector.attach(to: store)
        inspector.attach(to: kitchen)
        let threads = (0..<4).map { _ in
            Task.detached {
                for _ in 0..<100 {
                    _ = try kitchen.resolve(Printer.self)
                }
            }
        }
        // More than a log holds (256); the main actor yields often: it is shared with the other tests that run.
        for amount in 1...600 {
            store.dispatch(Add(amount: amount))
            if amount.isMultiple(of: 20) {
                await Task.yield()
            }
        }
        for thread in threads {
            try await thread.value
        }
        let events = await inspector.events()
        #expect(events.map(\.seq) == Array(1...events.count))
        let amounts: [Int] = events.filter { $0.type == .action }.compactMap { event in
            guard case .object(let members)? = event.payload, case .number(let amount)? = members["amount"] else {
                return nil
            }
            return Int(amount)
        }
        #expect(amounts == Array(1...600))
        #expect(events.filter { $0.type == .resolution }.count == 400)
    }

    @Test("an event the main actor records during an action's notification round comes after it; the action counts it")
    func eventDuringRound() async throws {
        let (store, kitchen, inspector) = try inspectedKitchen(printerOffMainActor: false)
        store.dispatch(Close())
        // The first order makes the printer: its resolution is recorded while the store tells its subscribers.
        let subscription = store.subscribe(\.orders) { orders in
            if !orders.isEmpty { _ = try? kitchen.resolve(Printer.self) }
        }
        store.dispatch(PlaceOrder(dish: "soup"))
        store.dispatch(Serve(index: 0))

        let events = await inspector.events()
        let names: [String] = events.map { event in event.action ?? event.type.rawValue }
        #expect(names == ["@initial", "Close", "PlaceOrder", "resolution", "Serve"])
        #expect(events[2].cost?.subscribersNotified == 1)
        #expect(events.map(\.seq) == Array(1...5))
        subscription.dispose()
    }

    @Test("more actions than the log hands over at once keep their order, their states and the effects' follow-ups")
    func manyActions() async throws {
        let store = Store(initialState: Tally())
        store.reducers.add(on: \Tally.count) { (count: inout Int, action: Add) in count += action.amount }
        store.reducers.add(effectsOn: \Tally.self) { (_: inout Tally, _: AddMany) -> Effect in
            .run { send in
                for _ in 0..<100 {
                    await send(Add(amount: 1000))
                }
            }
        }
        let inspector = Inspector()
        inspector.attach(to: store)
        // More than a log holds (256), in few actions: the main actor is shared with the other tests that run.
        for _ in 0..<300 {
            store.dispatch(Add(amount: 1))
        }
        await store.dispatchAndWait(AddMany())
        await store.effectsFinished()
        let events = await inspector.events()
        let actions = events.filter { $0.type == .action }
        let expected = 1 + 300 + 1 + 100  // @initial, the dispatches, AddMany, the effect's
        #expect(actions.count == expected)
        #expect(events.map(\.seq) == Array(1...events.count))
        let finished = events.first { $0.type == .effect && $0.phase == "finished" }
        let specials = actions.filter { $0.origin?.kind == "effect" }.map(\.seq)
        #expect(specials.count == 100)
        #expect(finished?.followUps == specials)

        try await inspector.travel(to: actions[200].seq)
        #expect(store.currentState.count == 200)
        try await inspector.travel(to: actions[350].seq)
        #expect(store.currentState.count == 300 + 49 * 1000)
    }

    @Test("a released inspector takes its log off the store, and a store attached later replaces the first's")
    func logsComeOff() async throws {
        let first = makeStore()
        let second = makeStore()
        var inspector: Inspector? = Inspector()
        inspector?.attach(to: first)
        #expect(first.inspectionLog != nil)
        inspector?.attach(to: second)
        #expect(first.inspectionLog == nil)
        #expect(second.inspectionLog != nil)
        inspector = nil
        #expect(second.inspectionLog == nil)
        second.dispatch(Close())
        #expect(second.currentState.open == false)
    }
}
