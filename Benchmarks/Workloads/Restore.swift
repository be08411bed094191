import BrigadeCore
import BrigadeWireframe
import Foundation

/// A saved navigation state restored on a fresh `HeadlessNavigator`: a 20-deep stack (a query item on each screen)
/// with 2 modals, one full screen, once per operation (issue 30: under 1 ms).
func restoreWorkloads() -> [Workload] {
    [
        Workload("Wireframe/restore a 20-deep stack with 2 modals", operationsPerSample: 10) {
            let wireframe = DefaultWireframe()
            try? wireframe.add(routePattern: "/menu")
            try? wireframe.add(routePattern: "/menu/:dish")
            try? wireframe.add(routePattern: "/order/:id<int>")
            wireframe.add(controllerProvider: BenchScreenProvider())
            wireframe.add(presenterProvider: BenchPresenterProvider())
            let stack = ["/menu"] + (1..<20).map { "/menu/dish\($0)?size=large%20%26%20hot" }
            let state = NavigationState(
                stack: stack.compactMap { URL(string: $0) },
                modals: [
                    URL(string: "/order/7").map { NavigationState.Modal(url: $0, style: .fullScreen) },
                    URL(string: "/menu/soup?note=%C3%A9").map { NavigationState.Modal(url: $0, style: .sheet) },
                ].compactMap { $0 })
            return Runner { operations in
                for _ in 0..<operations {
                    let navigator = HeadlessNavigator()
                    wireframe.navigateOn(navigator)
                    try? await wireframe.route(state: state)
                    consume(navigator)
                }
            }
        }
    ]
}
