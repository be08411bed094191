import BrigadeCore
import BrigadeRedux

struct Increment: Action {}
struct Add: Action { let amount: Int }
struct Rename: Action { let name: String }
struct Noop: Action {}
struct Tick: Action {
    let task: Int
    let index: Int
}

struct Counter: Sendable, Equatable {
    var count = 0
    var name = "counter"
    var log: [String] = []
}

/// A state whose parts key-path reducers reach in every way: nested stored properties, a computed property, a
/// subscript, a tuple element.
struct KeyPathParts: Sendable {
    struct Inner: Sendable {
        var name = "inner"
        var count = 0
    }

    var inner = Inner()
    var base = 0
    var items = ["a", "x", "c"]
    var pair = (1, "x")
    /// Twice `base`; setting it sets `base` to half.
    var doubled: Int {
        get { base * 2 }
        set { base = newValue / 2 }
    }
}

struct AppState: Sendable, Equatable {
    var counter = Counter()
    var title = "Bistro"
    var other = 0
}

/// An async gate a test opens when it chooses: an async reducer waits in `pass()`, the test waits in `arrival()`
/// until it is there, checks what it wants, then calls `open(with:)`.
actor Gate {
    private var passer: CheckedContinuation<Int, Never>?
    private var arrivalWaiters: [CheckedContinuation<Void, Never>] = []

    func pass() async -> Int {
        await withCheckedContinuation { continuation in
            passer = continuation
            for waiter in arrivalWaiters {
                waiter.resume()
            }
            arrivalWaiters.removeAll()
        }
    }

    func arrival() async {
        if passer != nil { return }
        await withCheckedContinuation { arrivalWaiters.append($0) }
    }

    func open(with value: Int) {
        passer?.resume(returning: value)
        passer = nil
    }
}

/// Adds what the gate gives to the counter, once the test opens the gate.
struct GatedAdd: AsyncActionReducer {
    let gate: Gate

    func reduce(action: Add, state: Counter) async -> @Sendable (Counter) -> Counter {
        let extra = await gate.pass()
        return { counter in
            var counter = counter
            counter.count += action.amount + extra
            return counter
        }
    }
}

/// Adds the amount asynchronously, with no gate.
struct AsyncAdd: AsyncActionReducer {
    func reduce(action: Add, state: Counter) async -> @Sendable (Counter) -> Counter {
        await Task.yield()
        return { counter in
            var counter = counter
            counter.count += action.amount
            return counter
        }
    }
}

@MainActor
final class StateLog<Value> {
    var values: [Value] = []
}
