import BrigadeCore
import BrigadeReactive
import BrigadeRedux

struct BenchState: Sendable, Codable {
    var count = 0
    var name = "bench"
    var other = 0
}

struct BenchIncrement: Action, Codable {}

/// An action type per unrelated reducer: `Unrelated<N>` instantiated with distinct phantom types.
struct Unrelated<Tag>: Action {}

/// Registers reducers for `count` distinct action types, none of which the workload dispatches.
enum UnrelatedReducers {
    struct Left<T> {}
    struct Right<T> {}

    @MainActor
    static func register(_ count: Int, in container: ReducerContainer) {
        var remaining = count
        register(Never.self, depth: 0, remaining: &remaining, in: container)
    }

    @MainActor
    private static func register<T>(_: T.Type, depth: Int, remaining: inout Int, in container: ReducerContainer) {
        guard remaining > 0 else { return }
        container.add(on: \BenchState.other) { (other: inout Int, _: Unrelated<T>) in other &+= 1 }
        remaining -= 1
        if depth < 10 {
            register(Left<T>.self, depth: depth + 1, remaining: &remaining, in: container)
            register(Right<T>.self, depth: depth + 1, remaining: &remaining, in: container)
        }
    }
}

@MainActor
func makeReduxStore(unrelatedReducers: Int) -> Store<BenchState> {
    let store = Store(initialState: BenchState())
    store.reducers.add(on: \BenchState.count) { (count: inout Int, _: BenchIncrement) in count &+= 1 }
    UnrelatedReducers.register(unrelatedReducers, in: store.reducers)
    return store
}

/// A state with a list, one of whose elements a reducer changes.
struct BenchList: Sendable {
    var items = [Int](repeating: 0, count: 10_000)
    var count = 0
}

struct BenchChangeFirst: Action {}

/// A model holding the same state, changed in place by plain Swift: what changing one element costs.
@MainActor
final class PlainListModel {
    var state = BenchList()
}

/// A note of issue 44's notes app: an id and two strings.
struct BenchNote: Sendable {
    let id: Int
    var title: String
    var body: String
}

/// A state of `count` notes and the selected one.
struct BenchNotes: Sendable {
    var notes: [BenchNote]
    var selected = 0

    init(count: Int) {
        notes = (0..<count).map { BenchNote(id: $0, title: "note \($0)", body: "the body of note \($0)") }
    }
}

/// A keystroke in one note's title.
struct BenchKeystroke: Action {
    let index: Int
}

/// Types a character into `title`, starting again past 64 so that the title stays small.
@inline(__always)
func type(into title: inout String) {
    if title.utf8.count > 64 {
        title.removeAll(keepingCapacity: true)
    }
    title.append("x")
}

/// The model of plain Swift: the same state, changed in place.
@MainActor
final class PlainNotesModel {
    var state: BenchNotes

    init(count: Int) {
        state = BenchNotes(count: count)
    }
}

/// Issue 44: a keystroke dispatched to a store of `count` notes, one key-path subscriber watching the selection.
private func keystroke(_ count: Int, _ label: String) -> Workload {
    Workload("Redux/dispatch changing 1 of \(label) notes") {
        let store = Store(initialState: BenchNotes(count: count))
        store.reducers.add(on: \BenchNotes.notes) { (notes: inout [BenchNote], action: BenchKeystroke) in
            type(into: &notes[action.index].title)
        }
        let bag = SubscriptionReferenceBag()
        store.subscribe(\.selected) { consume($0) }.add(to: bag)
        let action = BenchKeystroke(index: count / 2)
        return Runner { operations in
            for _ in 0..<operations {
                store.dispatch(action)
            }
            consume(bag)
        }
    }
}

/// The same keystroke made by plain Swift in place, plus the store's fixed dispatch cost ("dispatch 1 reducer 1
/// subscriber"): what issue 44 holds the store's keystroke at 10,000 notes to, within 3×.
private func plainKeystrokeAndDispatch(_ count: Int, _ label: String) -> Workload {
    Workload("Redux/plain Swift changing 1 of \(label) notes, plus a dispatch") {
        let model = PlainNotesModel(count: count)
        let change: (inout BenchNotes, Int) -> Void = { state, index in type(into: &state.notes[index].title) }
        let changes = [change]
        let store = makeReduxStore(unrelatedReducers: 0)
        let bag = SubscriptionReferenceBag()
        store.subscribe(\.count) { consume($0) }.add(to: bag)
        let action = BenchIncrement()
        let index = count / 2
        return Runner { operations in
            for _ in 0..<operations {
                changes[opaque(0)](&model.state, index)
                store.dispatch(action)
            }
            consume(bag)
        }
    }
}

/// Store dispatch. Every store has one subscriber whose selection changes with each dispatch (`count`), plus the
/// extra ones.
func reduxWorkloads() -> [Workload] {
    func dispatch(
        _ name: String,
        unrelated: Int = 0,
        extra: @escaping @MainActor @Sendable (Store<BenchState>, SubscriptionReferenceBag) -> Void
    ) -> Workload {
        Workload(name) {
            let store = makeReduxStore(unrelatedReducers: unrelated)
            let total = Total()
            let bag = SubscriptionReferenceBag()
            store.subscribe(\.count) { total.value &+= $0 }.add(to: bag)
            extra(store, bag)
            let action = BenchIncrement()
            return Runner { operations in
                for _ in 0..<operations {
                    store.dispatch(action)
                }
                consume(total.value)
                consume(bag)
            }
        }
    }
    /// `count` subscribers, each with its own selector (nothing is shared: the worst case), on a field the action
    /// does not change.
    func unchanged(_ count: Int, _ label: String) -> Workload {
        dispatch("Redux/dispatch \(label) unchanged subscribers") { store, bag in
            for _ in 0..<count {
                store.subscribe(select: { (state: BenchState) in state.other }) { consume($0) }.add(to: bag)
            }
        }
    }
    return [
        keystroke(100, "100"),
        keystroke(10_000, "10,000"),
        keystroke(100_000, "100,000"),
        plainKeystrokeAndDispatch(10_000, "10,000"),
        releaseBag(1_000, "1,000"),
        releaseBag(100_000, "100,000"),
        disposeOne(10, "10"),
        disposeOne(100_000, "100,000"),
        dispatch("Redux/dispatch 1 reducer 1 subscriber") { _, _ in },
        dispatch("Redux/dispatch with 1,000 reducers", unrelated: 1_000) { _, _ in },
        // Issue 26: the first `select:` subscriber was seen to add about 33 ns to every dispatch.
        dispatch("Redux/dispatch with 1 selector subscriber") { store, bag in
            store.subscribe(select: { (state: BenchState) in state.other }) { consume($0) }.add(to: bag)
        },
        dispatch("Redux/dispatch through 1 middleware") { store, _ in
            store.add(middleware: Middleware { _, action, next in next(action) })
        },
        unchanged(100, "100"),
        unchanged(10_000, "10,000"),
        unchanged(100_000, "100,000"),
        dispatch("Redux/dispatch 10,000 scoped-away subscribers") { store, bag in
            for index in 0..<10_000 {
                if index.isMultiple(of: 2) {
                    store.subscribe(\.other) { consume($0) }.add(to: bag)
                } else {
                    store.subscribe(\.name) { consume($0) }.add(to: bag)
                }
            }
        },
        // Since issue 44 the store's reducers change its state in place: tracked beside plain Swift changing the
        // element in place (docs/Redux.md, Reads during a reduce).
        Workload("Redux/dispatch changing 1 of 10,000 list elements") {
            let store = Store(initialState: BenchList())
            store.reducers.add(on: \BenchList.items) { (items: inout [Int], _: BenchChangeFirst) in items[0] &+= 1 }
            let action = BenchChangeFirst()
            return Runner { operations in
                for _ in 0..<operations {
                    store.dispatch(action)
                }
                consume(store.currentState.items[0])
            }
        },
        Workload("Redux/plain Swift changing 1 of 10,000 list elements") {
            let model = PlainListModel()
            let change: (inout [Int]) -> Void = { items in items[0] &+= 1 }
            let changes = [change]
            return Runner { operations in
                for _ in 0..<operations {
                    changes[opaque(0)](&model.state.items)
                }
                consume(model.state.items[0])
            }
        },
        Workload("Redux/transaction of 10 dispatches", operationsPerSample: 1) {
            let store = makeReduxStore(unrelatedReducers: 0)
            let total = Total()
            let bag = SubscriptionReferenceBag()
            store.subscribe(\.count) { total.value &+= $0 }.add(to: bag)
            let action = BenchIncrement()
            return Runner { operations in
                for _ in 0..<operations {
                    store.transaction {
                        for _ in 0..<10 {
                            store.dispatch(action)
                        }
                    }
                }
                consume(total.value)
                consume(bag)
            }
        },
    ]
}

/// Subscriptions a disposal workload made and has not disposed yet.
@MainActor
private final class Pending {
    var bag = SubscriptionReferenceBag()
    var references: [SubscriptionReference] = []
}

/// Releasing a bag of `count` subscribers of one key path (issue 44: each disposal scanned every live subscriber, so
/// a bag's release was quadratic). The bag is filled before each release, untimed.
private func releaseBag(_ count: Int, _ label: String) -> Workload {
    Workload("Redux/release a bag of \(label) subscribers", operationsPerSample: 1) {
        let store = makeReduxStore(unrelatedReducers: 0)
        let pending = Pending()
        return Runner(
            maxBatch: 1,
            prepare: {
                let bag = SubscriptionReferenceBag()
                for _ in 0..<count {
                    store.subscribe(\.other) { consume($0) }.add(to: bag)
                }
                pending.bag = bag
            },
            run: { _ in pending.bag.dispose() })
    }
}

/// One `dispose()` of a key-path subscriber among `live` others of the same key path, which stay.
private func disposeOne(_ live: Int, _ label: String) -> Workload {
    Workload("Redux/dispose 1 of \(label) live subscribers") {
        let store = makeReduxStore(unrelatedReducers: 0)
        let kept = SubscriptionReferenceBag()
        for _ in 0..<live {
            store.subscribe(\.other) { consume($0) }.add(to: kept)
        }
        let pending = Pending()
        return Runner(
            maxBatch: 100,
            prepare: {
                for reference in pending.references {
                    reference.dispose()
                }
                pending.references = (0..<100).map { _ in store.subscribe(\.other) { consume($0) } }
            },
            finish: { kept.dispose() },
            run: { operations in
                for index in 0..<operations {
                    pending.references[index].dispose()
                }
            })
    }
}

/// A store and the bag that keeps its subscribers, kept alive together by a memory probe.
final class StoreWithBag {
    let store: Store<BenchState>
    let bag: SubscriptionReferenceBag

    init(store: Store<BenchState>, bag: SubscriptionReferenceBag) {
        self.store = store
        self.bag = bag
    }
}

/// Memory per store subscriber kept in a bag: `count` subscribers, each with its own `select:` closure or all on
/// one key path, with handlers that capture nothing.
func reduxSubscriberProbes(_ count: Int) -> [MemoryProbe] {
    func probe(
        _ kind: String,
        subscribe: @escaping @MainActor @Sendable (Store<BenchState>, SubscriptionReferenceBag) -> Void
    ) -> MemoryProbe {
        MemoryProbe("Memory/Redux 100,000 \(kind) subscribers in a bag", count: count) {
            let kept = StoreWithBag(store: makeReduxStore(unrelatedReducers: 0), bag: SubscriptionReferenceBag())
            for _ in 0..<count {
                subscribe(kept.store, kept.bag)
            }
            return kept
        }
    }
    return [
        probe("selector") { store, bag in store.subscribe(select: { $0.other }) { consume($0) }.add(to: bag) },
        probe("key-path") { store, bag in store.subscribe(\.other) { consume($0) }.add(to: bag) },
    ]
}
