import BrigadeCore
import BrigadeTesting
import BrigadeWireframe
import Foundation
import Testing

/// How many times the default number of saved states the property test restores: `BRIGADE_SAVED_STATE_SCALE` (CI
/// restores 10,000 with it), 1 by default.
let savedStateScale = ProcessInfo.processInfo.environment["BRIGADE_SAVED_STATE_SCALE"].flatMap { Int($0) } ?? 1

@Suite("NavigationState round trip, seeded")
@MainActor
struct NavigationStatePropertyTests {
    static let patterns = [
        "/notes", "/notes/:id", "/files/*", "/compose", "https://bistro.example/menu/:dish", "/user/:id<int>",
        "bistro://tab/:name", "/ñ(/:q)",
    ]

    /// A wireframe with `patterns`, showing on `navigator`.
    static func makeWireframe(_ navigator: HeadlessNavigator) throws -> DefaultWireframe {
        let wireframe = DefaultWireframe()
        for pattern in patterns {
            try wireframe.add(routePattern: pattern)
        }
        wireframe.add(controllerProvider: ScreenProvider())
        wireframe.navigateOn(navigator)
        return wireframe
    }

    /// A URL of a random pattern with unfriendly values and query items, or nil when building refused it.
    static func randomURL(_ wireframe: DefaultWireframe, _ cases: inout RoundTripCases) -> URL? {
        let pattern = cases.pick(patterns)
        var parameters: [String: any Sendable] = [:]
        for name in (try? RoutePattern(pattern))?.parameterNames ?? [] where cases.chance(90) {
            if name == RouteParameters.wildcard {
                parameters[name] = (0..<cases.int(1...3)).map { _ in cases.value() }
            } else if pattern.contains("<int>") {
                parameters[name] = cases.int(-9...99_999)
            } else {
                parameters[name] = cases.value()
            }
        }
        if cases.chance(40) {
            parameters[cases.pick(["sort", "tag", "é t", "+"])] =
                cases.chance(20) ? [cases.value(), cases.value()] as [String] : cases.value()
        }
        return try? wireframe.url(forPattern: pattern, parameters: RouteParameters(parameters))
    }

    /// Builds random stacks (1 to 20 screens) with 0 to 2 modals (sheet or full screen), saves them, sends the state
    /// through JSON and restores it on a fresh app: every screen comes back with the same pattern and values, in the
    /// same place, every modal in its style.
    @Test("every saved navigation state restores the same screens, modals included", arguments: [UInt64(30), 2026])
    func savedStatesRestore(seed: UInt64) async throws {
        var cases = RoundTripCases(generator: SeededGenerator(state: seed))
        var restoredCount = 0
        for attempt in 0..<(25 * savedStateScale) {
            let navigator = HeadlessNavigator()
            let wireframe = try Self.makeWireframe(navigator)
            let stack = (0..<cases.int(1...20)).compactMap { _ in Self.randomURL(wireframe, &cases) }
            let modals = (0..<cases.int(0...2)).compactMap { _ in Self.randomURL(wireframe, &cases) }
            guard !stack.isEmpty else { continue }
            try await wireframe.route(stack: stack)
            for modal in modals {
                let style: NavigationModalStyle = cases.chance(50) ? .fullScreen : .sheet
                try await wireframe.route(url: modal, option: .modal.presented(as: style))
            }
            let saved = try wireframe.navigationState()
            let data = try JSONEncoder().encode(saved)

            let restoredNavigator = HeadlessNavigator()
            let restored = try Self.makeWireframe(restoredNavigator)
            try await restored.route(state: JSONDecoder().decode(NavigationState.self, from: data))
            let before = NavigationStateTests.routes(navigator.stack + navigator.modalStack)
            let after = NavigationStateTests.routes(restoredNavigator.stack + restoredNavigator.modalStack)
            #expect(restoredNavigator.modalStack.count == modals.count, "seed \(seed), attempt \(attempt)")
            #expect(after == before, "seed \(seed), attempt \(attempt): saved \(saved)")
            let styles = restoredNavigator.modalStack.map { restoredNavigator.modalStyle(of: $0) }
            #expect(styles == saved.modalStyles, "seed \(seed), attempt \(attempt): modal styles")
            if after != before || styles != saved.modalStyles { return }
            restoredCount += 1
        }
        if savedStateScale > 1 {
            print("saved states, seed \(seed): \(restoredCount) restored identical, modal styles included; different 0")
        }
        #expect(restoredCount > 20 * savedStateScale)
    }
}
