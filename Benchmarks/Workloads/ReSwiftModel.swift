import Foundation

// A model of ReSwift's dispatch, for the budget "Redux dispatch / ReSwift model": ReSwift is not in this machine's
// package mirror, so it cannot be built beside Brigade. Written for this suite after reading ReSwift 6's
// `Store.swift`, `Subscription.swift`, `Synchronized.swift` and `StoreSubscriber.swift` (github.com/ReSwift/ReSwift,
// commit 11f0a2e); no code was copied. What it keeps of ReSwift's algorithm, step by step:
//
// - `dispatch` calls the store's dispatch closure: the middleware list composed once, in reverse, around a closure
//   that calls the default dispatch (`[unowned self]`); each middleware gets a dispatch closure and a state getter
//   (`[weak self]`), and the list is composed again whenever it changes.
// - The default dispatch reads the `isDispatching` flag, sets it, runs the one root reducer `(action, state?)`, clears
//   the flag and assigns the state. The flag is ReSwift's `Synchronized`: a value behind a concurrent
//   `DispatchQueue`, read with `sync` and written with `sync(flags: .barrier)` (three queue calls per dispatch).
// - The state's `didSet` walks the `Set` of subscription boxes (hashed by their subscriber's identity), removes a box
//   whose (weak) subscriber is gone, and passes old and new state to each box's original subscription.
// - A subscription is a chain of closures: the original subscription's observer runs the selector on the old and the
//   new state and forwards both to the selected subscription, whose observer (`skipRepeats`, automatic for an
//   `Equatable` selection) compares them and forwards a change to the box's closure, which passes it as `Any` to the
//   subscriber, which casts it back to its type (`as?`) before its `newState`.
//
// Where the model differs: ReSwift raises a fatal error on a dispatch during a dispatch (the model returns), and its
// state is an implicitly unwrapped optional (the model unwraps it explicitly; the same check). Compiled in this
// module with the benchmark's own types, the model can be specialized and inlined where ReSwift, a separate module
// of `open` classes, runs as unspecialized generic code: the model can only be faster than ReSwift, so the budget
// against it is conservative.

/// An action of the ReSwift model: ReSwift's `Action`, a protocol actions conform to.
protocol ReSwiftModelAction {}

/// ReSwift's `Synchronized`: a value behind a concurrent queue, read with `sync`, written with a barrier.
struct ReSwiftModelSynchronized<Value> {
    private let queue = DispatchQueue(label: "brigade.benchmarks.reswift-model", attributes: .concurrent)
    private var stored: Value

    init(_ value: Value) { stored = value }

    /// The value, read on the queue.
    var value: Value { queue.sync { stored } }

    /// Runs `task` on the value, as a barrier.
    mutating func update<Result>(_ task: (inout Value) -> Result) -> Result {
        queue.sync(flags: .barrier) { task(&stored) }
    }
}

/// ReSwift's `Subscription`: an observer closure, and the operators that make a new subscription fed by it.
final class ReSwiftModelSubscription<State> {
    /// Called with each old and new state.
    var observer: ((State?, State) -> Void)?

    init() {}

    /// A subscription fed through the closure `sink` receives: the operators make their subscriptions so.
    init(sink: (@escaping (State?, State) -> Void) -> Void) {
        sink { old, new in self.newValues(oldState: old, newState: new) }
    }

    /// A subscription of what `selector` selects from each state.
    func select<Selected>(_ selector: @escaping (State) -> Selected) -> ReSwiftModelSubscription<Selected> {
        ReSwiftModelSubscription<Selected> { sink in
            self.observer = { old, new in sink(old.map(selector), selector(new)) }
        }
    }

    /// A subscription that passes a state on only when `isRepeat` says it differs from the old one.
    func skipRepeats(_ isRepeat: @escaping (State, State) -> Bool) -> ReSwiftModelSubscription<State> {
        ReSwiftModelSubscription<State> { sink in
            self.observer = { oldState, newState in
                switch (oldState, newState) {
                case (let old?, let new):
                    if !isRepeat(old, new) {
                        sink(oldState, newState)
                    }
                default:
                    sink(oldState, newState)
                }
            }
        }
    }

    /// Passes a new state to the observer.
    func newValues(oldState: State?, newState: State) {
        observer?(oldState, newState)
    }
}

extension ReSwiftModelSubscription where State: Equatable {
    /// `skipRepeats` by `==`, as ReSwift adds it to every subscription of an `Equatable` selection.
    func skipRepeats() -> ReSwiftModelSubscription<State> { skipRepeats(==) }
}

/// ReSwift's `AnyStoreSubscriber`: a subscriber the store calls with a state of any type.
protocol ReSwiftModelAnySubscriber: AnyObject {
    /// Receives a new state, type-erased.
    func receiveAny(state: Any)
}

/// ReSwift's `StoreSubscriber`: a subscriber of one state type.
protocol ReSwiftModelSubscriber: ReSwiftModelAnySubscriber {
    associatedtype SelectedState
    /// Receives a new state.
    func newState(state: SelectedState)
}

extension ReSwiftModelSubscriber {
    func receiveAny(state: Any) {
        if let typed = state as? SelectedState {
            newState(state: typed)
        }
    }
}

/// ReSwift's `SubscriptionBox`: a subscriber (held weakly), its original subscription, and the closure at the end of
/// its chain; hashed by the subscriber's identity.
final class ReSwiftModelSubscriptionBox<State>: Hashable {
    private let originalSubscription: ReSwiftModelSubscription<State>
    weak var subscriber: (any ReSwiftModelAnySubscriber)?
    private let objectIdentifier: ObjectIdentifier

    init<Selected>(
        originalSubscription: ReSwiftModelSubscription<State>,
        transformedSubscription: ReSwiftModelSubscription<Selected>?,
        subscriber: any ReSwiftModelAnySubscriber
    ) {
        self.originalSubscription = originalSubscription
        self.subscriber = subscriber
        self.objectIdentifier = ObjectIdentifier(subscriber)
        if let transformedSubscription {
            transformedSubscription.observer = { [unowned self] _, newState in
                self.subscriber?.receiveAny(state: newState as Any)
            }
        } else {
            originalSubscription.observer = { [unowned self] _, newState in
                self.subscriber?.receiveAny(state: newState as Any)
            }
        }
    }

    /// Passes old and new state to the original subscription.
    func newValues(oldState: State, newState: State) {
        originalSubscription.newValues(oldState: oldState, newState: newState)
    }

    func hash(into hasher: inout Hasher) { hasher.combine(objectIdentifier) }

    static func == (left: ReSwiftModelSubscriptionBox, right: ReSwiftModelSubscriptionBox) -> Bool {
        left.objectIdentifier == right.objectIdentifier
    }
}

/// ReSwift's `Store`: one root reducer, middleware composed into a dispatch closure, a set of subscription boxes.
class ReSwiftModelStore<State> {
    typealias DispatchFunction = (any ReSwiftModelAction) -> Void
    typealias Reducer = (any ReSwiftModelAction, State?) -> State
    typealias Middleware = (@escaping DispatchFunction, @escaping () -> State?) -> (@escaping DispatchFunction) ->
        DispatchFunction

    private(set) var state: State? {
        didSet {
            for box in subscriptions {
                if box.subscriber == nil {
                    subscriptions.remove(box)
                } else if let oldValue, let state {
                    box.newValues(oldState: oldValue, newState: state)
                }
            }
        }
    }

    lazy var dispatchFunction: DispatchFunction = createDispatchFunction()
    private let reducer: Reducer
    var subscriptions: Set<ReSwiftModelSubscriptionBox<State>> = []
    private var isDispatching = ReSwiftModelSynchronized(false)

    var middleware: [Middleware] {
        didSet { dispatchFunction = createDispatchFunction() }
    }

    init(reducer: @escaping Reducer, state: State, middleware: [Middleware] = []) {
        self.reducer = reducer
        self.middleware = middleware
        self.state = state
    }

    private func createDispatchFunction() -> DispatchFunction {
        middleware.reversed().reduce({ [unowned self] action in self.defaultDispatch(action: action) }) {
            dispatchFunction, middleware in
            let dispatch: DispatchFunction = { [weak self] in self?.dispatch($0) }
            let getState: () -> State? = { [weak self] in self?.state }
            return middleware(dispatch, getState)(dispatchFunction)
        }
    }

    /// Subscribes `subscriber` to what `transform` selects, skipping repeats (the selection is `Equatable`).
    func subscribe<Selected: Equatable, Subscriber: ReSwiftModelSubscriber>(
        _ subscriber: Subscriber,
        transform: (ReSwiftModelSubscription<State>) -> ReSwiftModelSubscription<Selected>
    ) where Subscriber.SelectedState == Selected {
        let originalSubscription = ReSwiftModelSubscription<State>()
        let transformedSubscription = transform(originalSubscription).skipRepeats()
        let box = ReSwiftModelSubscriptionBox(
            originalSubscription: originalSubscription, transformedSubscription: transformedSubscription,
            subscriber: subscriber)
        subscriptions.update(with: box)
        if let state {
            originalSubscription.newValues(oldState: nil, newState: state)
        }
    }

    /// The end of the middleware chain: the flag checked and set, the reducer run, the state assigned.
    func defaultDispatch(action: any ReSwiftModelAction) {
        guard !isDispatching.value else { return }
        isDispatching.update { $0 = true }
        let newState = reducer(action, state)
        isDispatching.update { $0 = false }
        state = newState
    }

    /// Dispatches `action` through the middleware.
    func dispatch(_ action: any ReSwiftModelAction) {
        dispatchFunction(action)
    }
}

struct ReSwiftModelIncrement: ReSwiftModelAction {}

/// The benchmark's subscriber: adds the selected count to a total.
final class ReSwiftModelCountSubscriber: ReSwiftModelSubscriber {
    let total: Total

    init(total: Total) { self.total = total }

    func newState(state: Int) { total.value &+= state }
}

/// The ReSwift model dispatching as Brigade's "Redux/dispatch 1 reducer 1 subscriber" does: one reducer that
/// increments `count`, one subscriber that selects `count`.
func reSwiftModelWorkloads() -> [Workload] {
    [
        Workload("ReSwift model/dispatch 1 reducer 1 subscriber") {
            let store = ReSwiftModelStore<BenchState>(
                reducer: { action, state in
                    var state = state ?? BenchState()
                    switch action {
                    case is ReSwiftModelIncrement: state.count &+= 1
                    default: break
                    }
                    return state
                },
                state: BenchState())
            let total = Total()
            let subscriber = ReSwiftModelCountSubscriber(total: total)
            store.subscribe(subscriber) { $0.select { $0.count } }
            let action = ReSwiftModelIncrement()
            return Runner { operations in
                for _ in 0..<operations {
                    store.dispatch(action)
                }
                consume(total.value)
                consume(subscriber)
            }
        }
    ]
}
