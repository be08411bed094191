import BrigadeCore
import BrigadeWireframe
import Foundation
import RoutingKit

/// `count` patterns of 4 segments with 1 parameter, and the path to match: one in the middle of the table.
func routeTable(_ count: Int) -> (patterns: [String], path: String, miss: String) {
    let patterns = (0..<count).map { "/section\($0)/items/:id/details" }
    return (patterns, "/section\(count / 2)/items/42/details", "/nowhere/items/42/details")
}

/// Brigade's matcher with `patterns` registered.
func makeMatcher(_ patterns: [String]) -> RouteMatcher {
    var builder = RouteMatcherBuilder()
    for pattern in patterns {
        try? builder.add(RoutePattern(pattern))
    }
    return builder.build()
}

/// A matcher kept in an object, for the memory probe.
final class HeldMatcher {
    let matcher: RouteMatcher

    init(_ matcher: RouteMatcher) {
        self.matcher = matcher
    }
}

/// RoutingKit's router with the same `patterns`.
func makeRouter(_ patterns: [String]) -> TrieRouter<Int> {
    let router = TrieRouter<Int>()
    for (index, pattern) in patterns.enumerated() {
        router.register(index, at: pattern.pathComponents)
    }
    return router
}

/// `RouteMatcher` against RoutingKit's `TrieRouter`, from the same path string.
func routingWorkloads() -> [Workload] {
    var workloads: [Workload] = []
    for count in [10, 100, 1_000] {
        let table = routeTable(count)
        workloads.append(brigadeRouting("Routing/Brigade among \(count) patterns", table.patterns, path: table.path))
        workloads.append(routingKit("Routing/RoutingKit among \(count) patterns", table.patterns, path: table.path))
    }
    let large = routeTable(10_000)
    workloads.append(brigadeRouting("Routing/Brigade among 10000 patterns", large.patterns, path: large.path))
    let table = routeTable(1_000)
    workloads.append(brigadeRouting("Routing/Brigade miss among 1000 patterns", table.patterns, path: table.miss))
    workloads.append(routingKit("Routing/RoutingKit miss among 1000 patterns", table.patterns, path: table.miss))
    return workloads
}

/// Matching `path` with Brigade's `RouteMatcher` holding `patterns`.
private func brigadeRouting(_ name: String, _ patterns: [String], path: String) -> Workload {
    Workload(name) {
        let matcher = makeMatcher(patterns)
        return Runner { operations in
            for _ in 0..<operations {
                consume(matcher.match(path: path))
            }
        }
    }
}

/// Matching `path` with RoutingKit's `TrieRouter` holding `patterns`, splitting the path as a caller must.
private func routingKit(_ name: String, _ patterns: [String], path: String) -> Workload {
    Workload(name) {
        let router = makeRouter(patterns)
        return Runner { operations in
            for _ in 0..<operations {
                var parameters = Parameters()
                let segments = path.split(separator: "/").map(String.init)
                consume(router.route(path: segments, parameters: &parameters))
                consume(parameters)
            }
        }
    }
}

/// `DefaultWireframe` routing onto the `HeadlessNavigator`.
func wireframeWorkloads() -> [Workload] {
    var workloads = [
        Workload("Routing/wireframe route and pop", operationsPerSample: 1) {
            let navigator = HeadlessNavigator()
            let wireframe = DefaultWireframe()
            wireframe.navigateOn(navigator)
            try? wireframe.add(routePattern: "/menu")
            try? wireframe.add(routePattern: "/menu/:dish")
            wireframe.add(controllerProvider: BenchScreenProvider())
            wireframe.add(presenterProvider: BenchPresenterProvider())
            try? await wireframe.route(to: "/menu", option: .root)
            return routeAndPop(wireframe, navigator: navigator)
        }
    ]
    for (count, label) in [(10, "10"), (1_000, "1,000")] {
        workloads.append(
            Workload("Wireframe/route and pop with \(label) view features", operationsPerSample: 1) {
                let navigator = HeadlessNavigator()
                let app = WireframeApp(navigator: navigator)
                try? app.add(feature: BenchViewFeature(routePattern: "/menu"))
                try? app.add(feature: BenchViewFeature(routePattern: "/menu/:dish"))
                for index in 2..<count {
                    try? app.add(feature: BenchViewFeature(routePattern: "/feature\(index)/:id"))
                }
                app.wireframe.add(presenterProvider: BenchPresenterProvider())
                try? await app.wireframe.route(to: "/menu", option: .root)
                return routeAndPop(app.wireframe, navigator: navigator)
            })
    }
    return workloads + restoreWorkloads()
}

/// Routes to `/menu/soup` and pops it, once per operation.
@MainActor
private func routeAndPop(_ wireframe: DefaultWireframe, navigator: HeadlessNavigator) -> Runner {
    let url = URL(string: "/menu/soup")
    return Runner { operations in
        guard let url else { return }
        for _ in 0..<operations {
            try? await wireframe.route(url: url)
            try? await wireframe.popController(animated: false)
        }
        consume(navigator)
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
final class BenchViewFeature: ViewFeature {
    let routePattern: String
    init(routePattern: String) { self.routePattern = routePattern }
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
