import BrigadeCore
import BrigadeReactive
import BrigadeRedux
import Foundation

struct SoakState: Sendable, Equatable {
    var applied = 0
    /// The last index applied, per producer: each producer's actions arrive in its order.
    var lastIndex: [Int] = []
    var outOfOrder = 0
    var label = ""
}

struct Produced: Action {
    let producer: Int
    let index: Int
}

struct SoakNoop: Action {}

/// (a) The store with the action log on: producers sending from other threads (with back-pressure), subscribers of
/// every kind subscribing and leaving on the main actor and from other threads, some kept to the end.
@MainActor
final class StoreSoak: SoakWorkload {
    let memoryBoundKiBPerMinute = 512.0
    /// Both instances would do their store work on the one main actor, each getting the same actions a turn: a
    /// fresh one beside it would slow with it (the throughput check falls back to operations per CPU-second).
    let comparesWithFreshInstance = false
    private let producers = 2
    private let store = Store(initialState: SoakState())
    private let log = ActionLog(limit: 10_000)
    private let sent = (0..<2).map { _ in Tally() }
    private let stopFlag = StopFlag()
    private let workers = Workers()
    private var churner: Task<Void, Never>?
    private var kept: [SubscriptionReference] = []
    private var keptSeen: [Int] = []
    private var churned = 0

    func start() async throws {
        store.add(middleware: log.middleware())
        store.reducers.add(on: \SoakState.self) { (state: inout SoakState, action: Produced) in
            while state.lastIndex.count <= action.producer {
                state.lastIndex.append(-1)
            }
            if state.lastIndex[action.producer] != action.index - 1 {
                state.outOfOrder += 1
            }
            state.lastIndex[action.producer] = action.index
            state.applied += 1
        }
        keptSeen = Array(repeating: -1, count: 8)
        for slot in 0..<4 {
            kept.append(store.subscribe(\.applied) { [unowned self] in self.keptSeen[slot] = $0 })
        }
        for slot in 4..<6 {
            kept.append(store.subscribe(select: { $0.applied }) { [unowned self] in self.keptSeen[slot] = $0 })
        }
        kept.append(store.subscribe { [unowned self] state in self.keptSeen[6] = state.applied })
        kept.append(store.subscribe(\.applied, priority: 1) { [unowned self] in self.keptSeen[7] = $0 })
        let dispatcher = store.actionDispatcher
        let stopFlag = stopFlag
        let sent = sent
        workers.task(producers) { producer in
            var index = 0
            while !stopFlag.isRaised {
                await dispatcher.send(Produced(producer: producer, index: index))
                sent[producer].add()
                index += 1
            }
        }
        churner = Task { @MainActor [store, stopFlag] in
            var round = 0
            while !stopFlag.isRaised {
                let references = [
                    store.subscribe(\.applied) { _ in },
                    store.subscribe(\.label, initial: false) { _ in },
                    store.subscribe(select: { $0.applied % 7 }) { _ in },
                    store.subscribe { _ in },
                    store.subscribe(\.applied, priority: round % 3) { _ in },
                    store.state.subscribe { _ in },
                ]
                if round.isMultiple(of: 2) {
                    for reference in references {
                        reference.dispose()
                    }
                } else {
                    // Disposed from another thread.
                    Task.detached {
                        for reference in references {
                            reference.dispose()
                        }
                    }
                }
                round += 1
                self.churned = round
                await Task.yield()
            }
        }
    }

    var operations: Int { store.currentState.applied }

    func stop() async -> Bool {
        stopFlag.raise()
        await churner?.value
        return await workers.join()
    }

    func verify() async -> [String] {
        var failures: [String] = []
        await store.actionDispatcher.dispatchAndWait(SoakNoop())
        let state = store.currentState
        let total = sent.map(\.count).reduce(0, +)
        if state.applied != total {
            failures.append("data: \(state.applied) actions applied, \(total) sent")
        }
        if state.outOfOrder != 0 {
            failures.append("data: \(state.outOfOrder) actions out of their producer's order")
        }
        if keptSeen.contains(where: { $0 != state.applied }) {
            failures.append("data: kept subscribers saw \(keptSeen), the store ended on \(state.applied)")
        }
        if log.entries.count != min(log.limit, total + 1) {
            failures.append(
                "data: the action log holds \(log.entries.count) entries, expected \(min(log.limit, total + 1))")
        }
        // Subscriptions disposed on other threads leave by the time the count is read.
        await Task.yield()
        if store.subscriberCount != kept.count {
            failures.append("data: \(store.subscriberCount) subscribers left, \(kept.count) kept")
        }
        print("[store] \(total) actions sent by \(producers) producers, \(churned) rounds of 6 subscribers churned")
        return failures
    }
}
