import Benchmark
import BrigadeCore
import BrigadeEntity
import BrigadeKitchen
import BrigadeReactive
import BrigadeRedux
import BrigadeWireframe
import Foundation
import OpenCombine
import RoutingKit
import Swinject

// Every benchmark runs `operations` operations per sample and reports per-operation figures (scalingFactor .kilo:
// one sample = 1,000 operations). Budgets are checked by run.sh on ratios between benchmarks of the same run.

let operations = 1_000

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .mallocCountTotal],
        timeUnits: .nanoseconds,
        warmupIterations: 3,
        scalingFactor: .kilo,
        maxDuration: .milliseconds(Int(benchmarkSeconds * 1_000)),
        maxIterations: 1_000_000
    )
    floorBenchmarks()
    reactiveBenchmarks()
    reduxBenchmarks()
    routingBenchmarks()
    compositionBenchmarks()
    kitchenBenchmarks()
}

/// Hides `value` from the optimizer.
@inline(never)
func opaque<T>(_ value: T) -> T { value }

/// Seconds per benchmark, from BRIGADE_BENCHMARK_SECONDS (CI runs short).
let benchmarkSeconds: Double = {
    if let text = getenv("BRIGADE_BENCHMARK_SECONDS").map({ String(cString: $0) }), let seconds = Double(text) {
        return seconds
    }
    return 1
}()

// MARK: - Floor

final class FloorTarget {}

func floorBenchmarks() {
    Benchmark("Floor/lookup+closure") { benchmark in
        var table: [ObjectIdentifier: (Int) -> Int] = [:]
        for index in 0..<16 {
            table[ObjectIdentifier(FloorKeys.types[index])] = { $0 &+ index }
        }
        let key = ObjectIdentifier(FloorTarget.self)
        table[key] = { $0 &+ 1 }
        var accumulator = 0
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            if let closure = table[opaque(key)] {
                accumulator = closure(accumulator)
            }
        }
        benchmark.stopMeasurement()
        blackHole(accumulator)
    }
    for count in [1, 10, 100, 10_000] {
        Benchmark("Floor/notify \(count) closures") { benchmark in
            final class Sink { var total = 0 }
            let sink = Sink()
            let closures: [(Int) -> Void] = (0..<count).map { _ in { sink.total &+= $0 } }
            benchmark.startMeasurement()
            for iteration in benchmark.scaledIterations {
                for closure in closures {
                    closure(iteration)
                }
            }
            benchmark.stopMeasurement()
            blackHole(sink.total)
        }
    }
}

enum FloorKeys {
    final class K0 {}
    final class K1 {}
    final class K2 {}
    final class K3 {}
    final class K4 {}
    final class K5 {}
    final class K6 {}
    final class K7 {}
    final class K8 {}
    final class K9 {}
    final class K10 {}
    final class K11 {}
    final class K12 {}
    final class K13 {}
    final class K14 {}
    final class K15 {}
    static let types: [AnyObject.Type] = [
        K0.self, K1.self, K2.self, K3.self, K4.self, K5.self, K6.self, K7.self, K8.self, K9.self, K10.self,
        K11.self, K12.self, K13.self, K14.self, K15.self,
    ]
}

// MARK: - ObservableProperty and OpenCombine

final class Total: @unchecked Sendable {
    // Written only by the benchmark's own thread.
    var value = 0
}

func reactiveBenchmarks() {
    for count in [1, 10, 100] {
        Benchmark("ObservableProperty/set \(count) subscribers") { benchmark in
            let property = ObservableProperty(0)
            let total = Total()
            let bag = SubscriptionReferenceBag()
            for _ in 0..<count {
                property.subscribe { total.value &+= $0 }.add(to: bag)
            }
            benchmark.startMeasurement()
            for iteration in benchmark.scaledIterations {
                property.value = iteration
            }
            benchmark.stopMeasurement()
            blackHole(total.value)
        }
        Benchmark("OpenCombine/send \(count) sinks") { benchmark in
            let subject = CurrentValueSubject<Int, Never>(0)
            let total = Total()
            var cancellables: [AnyCancellable] = []
            for _ in 0..<count {
                cancellables.append(subject.sink { total.value &+= $0 })
            }
            benchmark.startMeasurement()
            for iteration in benchmark.scaledIterations {
                subject.send(iteration)
            }
            benchmark.stopMeasurement()
            blackHole(total.value)
            blackHole(cancellables)
        }
    }
}

// MARK: - Redux

struct BenchState: Sendable {
    var count = 0
    var name = "bench"
    var other = 0
}

struct BenchIncrement: Action {}

/// An action type per unrelated reducer: `Unrelated<N>` instantiated with distinct phantom types.
struct Unrelated<Tag>: Action {}

/// Registers reducers for `count` distinct action types, none of which the benchmark dispatches.
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

func reduxBenchmarks() {
    // Every store has one subscriber whose selection changes with each dispatch (`count`), plus the extra ones.
    func measureDispatch(_ name: String, unrelated: Int = 0, extra: @escaping @MainActor (Store<BenchState>) -> Void) {
        Benchmark(name) { @MainActor (benchmark: Benchmark) async in
            let store = makeReduxStore(unrelatedReducers: unrelated)
            let total = Total()
            let bag = SubscriptionReferenceBag()
            store.subscribe(\.count) { total.value &+= $0 }.add(to: bag)
            extra(store)
            let action = BenchIncrement()
            benchmark.startMeasurement()
            for _ in benchmark.scaledIterations {
                store.dispatch(action)
            }
            benchmark.stopMeasurement()
            blackHole(total.value)
            blackHole(bag)
        }
    }
    measureDispatch("Redux/dispatch 1 reducer 1 subscriber") { _ in }
    measureDispatch("Redux/dispatch with 1,000 reducers", unrelated: 1_000) { _ in }
    measureDispatch("Redux/dispatch 10,000 unchanged subscribers") { store in
        // Each has its own selector, so nothing is shared: the worst case for unchanged subscribers.
        for _ in 0..<10_000 {
            _ = store.subscribe(select: { $0.other }) { blackHole($0) }
        }
    }
    measureDispatch("Redux/dispatch 10,000 scoped-away subscribers") { store in
        for index in 0..<10_000 {
            if index.isMultiple(of: 2) {
                _ = store.subscribe(\.other) { blackHole($0) }
            } else {
                _ = store.subscribe(\.name) { blackHole($0) }
            }
        }
    }
    Benchmark("Redux/transaction of 10 dispatches", configuration: .init(scalingFactor: .one)) {
        @MainActor (benchmark: Benchmark) async in
        let store = makeReduxStore(unrelatedReducers: 0)
        let total = Total()
        let bag = SubscriptionReferenceBag()
        store.subscribe(\.count) { total.value &+= $0 }.add(to: bag)
        let action = BenchIncrement()
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            store.transaction {
                for _ in 0..<10 {
                    store.dispatch(action)
                }
            }
        }
        benchmark.stopMeasurement()
        blackHole(total.value)
    }
}

// MARK: - Routing

/// `count` patterns of 4 segments with 1 parameter, and the path to match: one in the middle of the table.
func routeTable(_ count: Int) -> (patterns: [String], path: String, miss: String) {
    let patterns = (0..<count).map { "/section\($0)/items/:id/details" }
    return (patterns, "/section\(count / 2)/items/42/details", "/nowhere/items/42/details")
}

/// Brigade's matcher with `patterns` registered.
func makeMatcher(_ patterns: [String]) -> RouteMatcher {
    let matcher = RouteMatcher()
    for pattern in patterns {
        try? matcher.add(RoutePattern(pattern))
    }
    return matcher
}

/// RoutingKit's router with the same `patterns`.
func makeRouter(_ patterns: [String]) -> TrieRouter<Int> {
    let router = TrieRouter<Int>()
    for (index, pattern) in patterns.enumerated() {
        router.register(index, at: pattern.pathComponents)
    }
    return router
}

func routingBenchmarks() {
    for count in [10, 100, 1_000] {
        let table = routeTable(count)
        Benchmark("Routing/Brigade among \(count) patterns") { benchmark in
            let matcher = makeMatcher(table.patterns)
            benchmark.startMeasurement()
            for _ in benchmark.scaledIterations {
                blackHole(matcher.match(path: table.path))
            }
            benchmark.stopMeasurement()
        }
        Benchmark("Routing/RoutingKit among \(count) patterns") { benchmark in
            let router = makeRouter(table.patterns)
            benchmark.startMeasurement()
            for _ in benchmark.scaledIterations {
                var parameters = Parameters()
                let segments = table.path.split(separator: "/").map(String.init)
                blackHole(router.route(path: segments, parameters: &parameters))
                blackHole(parameters)
            }
            benchmark.stopMeasurement()
        }
    }
    Benchmark("Routing/Brigade miss among 1000 patterns") { benchmark in
        let table = routeTable(1_000)
        let matcher = makeMatcher(table.patterns)
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            blackHole(matcher.match(path: table.miss))
        }
        benchmark.stopMeasurement()
    }
    Benchmark("Routing/RoutingKit miss among 1000 patterns") { benchmark in
        let table = routeTable(1_000)
        let router = makeRouter(table.patterns)
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            var parameters = Parameters()
            blackHole(router.route(path: table.miss.split(separator: "/").map(String.init), parameters: &parameters))
        }
        benchmark.stopMeasurement()
    }
    Benchmark("Routing/wireframe route and pop", configuration: .init(scalingFactor: .one)) {
        @MainActor (benchmark: Benchmark) async in
        let navigator = HeadlessNavigator()
        let wireframe = DefaultWireframe()
        wireframe.navigateOn(navigator)
        try? wireframe.add(routePattern: "/menu")
        try? wireframe.add(routePattern: "/menu/:dish")
        wireframe.add(controllerProvider: BenchScreenProvider())
        wireframe.add(presenterProvider: BenchPresenterProvider())
        try? await wireframe.route(to: "/menu", option: .root)
        guard let url = URL(string: "/menu/soup") else { return }
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            try? await wireframe.route(url: url)
            try? await wireframe.popController(animated: false)
        }
        benchmark.stopMeasurement()
    }
}

@MainActor
final class BenchScreen: Controller {
    var attachments = ControllerAttachments()
    var events = 0
    func lifecycleEvent(_ event: LifecycleEvent) { events &+= 1 }
}

@MainActor
final class BenchScreenProvider: ControllerProvider {
    func isResponsible(routeResult: RouteResult) -> Bool { true }
    func makeController(routeResult: RouteResult) throws -> any Controller { BenchScreen() }
}

@MainActor
final class BenchPresenter: Presenter {
    var events = 0
    func addPresentationLogic(routeResult: RouteResult, controller: any Controller) throws {}
    func lifecycleEvent(_ event: LifecycleEvent, controller: any Controller) { events &+= 1 }
}

@MainActor
final class BenchPresenterProvider: PresenterProvider {
    func isResponsible(routeResult: RouteResult, controller: any Controller) -> Bool { true }
    func makePresenters(routeResult: RouteResult, controller: any Controller) throws -> [any Presenter] {
        [BenchPresenter()]
    }
}

// MARK: - Composition

@MainActor
final class BenchFeature: Feature {}

@MainActor
final class BenchObserver: FeatureObserver {
    var seen = 0
    func featureAdded(application: any App, feature: any Feature) throws { seen &+= 1 }
}

func compositionBenchmarks() {
    Benchmark("Composition/1000 features, 5 observers", configuration: .init(scalingFactor: .one)) {
        @MainActor (benchmark: Benchmark) async in
        for _ in benchmark.scaledIterations {
            let features = (0..<1_000).map { _ in BenchFeature() }
            let app = DefaultApp(featureObservers: (0..<5).map { _ in BenchObserver() })
            benchmark.startMeasurement()
            for feature in features {
                try? app.add(feature: feature)
            }
            benchmark.stopMeasurement()
            blackHole(app)
        }
    }
}

// MARK: - Kitchen

final class BenchService: @unchecked Sendable {
    // Immutable.
    let value = 42
}

struct BenchRow: Entity {
    let id: Int
    let name: String
}

func kitchenBenchmarks() {
    Benchmark("Kitchen/resolve shared instance") { benchmark in
        let kitchen = Kitchen()
        try? kitchen.register(BenchService.self) { _ in BenchService() }
        _ = try? kitchen.resolve(BenchService.self)
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            blackHole(try? kitchen.resolve(BenchService.self))
        }
        benchmark.stopMeasurement()
    }
    Benchmark("Swinject/resolve container scope") { benchmark in
        let container = Container()
        container.register(BenchService.self) { _ in BenchService() }.inObjectScope(.container)
        _ = container.resolve(BenchService.self)
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            blackHole(container.resolve(BenchService.self))
        }
        benchmark.stopMeasurement()
    }
    Benchmark("SQLiteStore/1000 persists in one transaction", configuration: .init(scalingFactor: .one)) {
        benchmark async in
        let path = temporaryDatabasePath()
        defer { removeDatabase(at: path) }
        guard let store = try? SQLiteStore(path: path) else { return }
        let rows = (0..<1_000).map { BenchRow(id: $0, name: "dish \($0)") }
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            try? await store.transaction { try await $0.persist(rows) }
        }
        benchmark.stopMeasurement()
    }
    Benchmark("SQLiteStore/1000 gets by id", configuration: .init(scalingFactor: .one)) { benchmark async in
        let path = temporaryDatabasePath()
        defer { removeDatabase(at: path) }
        guard let store = try? SQLiteStore(path: path) else { return }
        try? await store.persist((0..<1_000).map { BenchRow(id: $0, name: "dish \($0)") })
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            for id in 0..<1_000 {
                blackHole(try? await store.get(BenchRow.self, id: id))
            }
        }
        benchmark.stopMeasurement()
    }
}

/// A fresh database file for one SQLite benchmark.
func temporaryDatabasePath() -> String {
    FileManager.default.temporaryDirectory.appendingPathComponent("brigade-bench-\(UUID()).sqlite").path
}

/// Removes a benchmark's database and its WAL files.
func removeDatabase(at path: String) {
    for suffix in ["", "-wal", "-shm"] {
        try? FileManager.default.removeItem(atPath: path + suffix)
    }
}
