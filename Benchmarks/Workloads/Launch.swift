import BrigadeComposition
import BrigadeCore
import BrigadeKitchen
import BrigadeRedux
import BrigadeWireframe

// Launch at 10, 100 and 1,000 feature types (issue 32 §1): `BrigadeApp.make` from N features, each its own type with
// one route pattern, one key-path reducer and one Kitchen service, beside the same app in plain Swift (a dictionary
// of routes, of reducers by action type and of factories by service type).
//
// Every launch uses feature types the process has never seen, as a real launch does: a runtime cast or a type name
// costs most the first time a type meets it (the runtime searches every conformance of the process, then caches),
// so a workload that launched the same types again would measure the cache. Types made from source would be new only
// once per process; these are made fresh for every launch: `LaunchFeature<Tag>` (and its action and service) over a
// tag `LaunchPair<A, LaunchPair<B, LaunchPair<C, D>>>` of four of 64 digit types, 16.7 million types in all. Each is
// a distinct runtime type with its own metadata, witness tables and conformance-cache entries, so it pays what a
// hand-written feature type pays (the one difference: the process's conformance records do not grow with N).

/// A phantom type that makes the launch's generic features distinct types.
protocol LaunchTag: SendableMetatype {}
/// Two tags as one.
enum LaunchPair<A: LaunchTag, B: LaunchTag>: LaunchTag {}
enum LaunchDigit00: LaunchTag {}
enum LaunchDigit01: LaunchTag {}
enum LaunchDigit02: LaunchTag {}
enum LaunchDigit03: LaunchTag {}
enum LaunchDigit04: LaunchTag {}
enum LaunchDigit05: LaunchTag {}
enum LaunchDigit06: LaunchTag {}
enum LaunchDigit07: LaunchTag {}
enum LaunchDigit08: LaunchTag {}
enum LaunchDigit09: LaunchTag {}
enum LaunchDigit10: LaunchTag {}
enum LaunchDigit11: LaunchTag {}
enum LaunchDigit12: LaunchTag {}
enum LaunchDigit13: LaunchTag {}
enum LaunchDigit14: LaunchTag {}
enum LaunchDigit15: LaunchTag {}
enum LaunchDigit16: LaunchTag {}
enum LaunchDigit17: LaunchTag {}
enum LaunchDigit18: LaunchTag {}
enum LaunchDigit19: LaunchTag {}
enum LaunchDigit20: LaunchTag {}
enum LaunchDigit21: LaunchTag {}
enum LaunchDigit22: LaunchTag {}
enum LaunchDigit23: LaunchTag {}
enum LaunchDigit24: LaunchTag {}
enum LaunchDigit25: LaunchTag {}
enum LaunchDigit26: LaunchTag {}
enum LaunchDigit27: LaunchTag {}
enum LaunchDigit28: LaunchTag {}
enum LaunchDigit29: LaunchTag {}
enum LaunchDigit30: LaunchTag {}
enum LaunchDigit31: LaunchTag {}
enum LaunchDigit32: LaunchTag {}
enum LaunchDigit33: LaunchTag {}
enum LaunchDigit34: LaunchTag {}
enum LaunchDigit35: LaunchTag {}
enum LaunchDigit36: LaunchTag {}
enum LaunchDigit37: LaunchTag {}
enum LaunchDigit38: LaunchTag {}
enum LaunchDigit39: LaunchTag {}
enum LaunchDigit40: LaunchTag {}
enum LaunchDigit41: LaunchTag {}
enum LaunchDigit42: LaunchTag {}
enum LaunchDigit43: LaunchTag {}
enum LaunchDigit44: LaunchTag {}
enum LaunchDigit45: LaunchTag {}
enum LaunchDigit46: LaunchTag {}
enum LaunchDigit47: LaunchTag {}
enum LaunchDigit48: LaunchTag {}
enum LaunchDigit49: LaunchTag {}
enum LaunchDigit50: LaunchTag {}
enum LaunchDigit51: LaunchTag {}
enum LaunchDigit52: LaunchTag {}
enum LaunchDigit53: LaunchTag {}
enum LaunchDigit54: LaunchTag {}
enum LaunchDigit55: LaunchTag {}
enum LaunchDigit56: LaunchTag {}
enum LaunchDigit57: LaunchTag {}
enum LaunchDigit58: LaunchTag {}
enum LaunchDigit59: LaunchTag {}
enum LaunchDigit60: LaunchTag {}
enum LaunchDigit61: LaunchTag {}
enum LaunchDigit62: LaunchTag {}
enum LaunchDigit63: LaunchTag {}

/// The launched app's state.
struct LaunchState: Sendable {
    var count = 0
}

/// The action of one feature type.
struct LaunchAction<Tag: LaunchTag>: Action {}

/// The service of one feature type.
final class LaunchService<Tag: LaunchTag>: Sendable {}

/// One feature type: a route pattern, a key-path reducer and a Kitchen service.
@MainActor
final class LaunchFeature<Tag: LaunchTag>: ViewFeature, LogicFeature, KitchenFeature {
    let routePattern: String
    init(index: Int) { routePattern = "/launch/f\(index)" }
    func makeController(routeResult: RouteResult) throws -> any Controller { BenchScreen() }
    func injectReducers(container: ReducerContainer) {
        container.add(on: \LaunchState.count) { (count: inout Int, _: LaunchAction<Tag>) in count &+= 1 }
    }
    func registerServices(in kitchen: Kitchen) throws {
        try kitchen.registerNonisolated(LaunchService<Tag>.self) { _ in LaunchService<Tag>() }
    }
}

/// The same app in plain Swift.
@MainActor
final class PlainLaunchApp {
    var routes: [String: @MainActor () -> AnyObject] = [:]
    var reducers: [ObjectIdentifier: (inout LaunchState, any Action) -> Void] = [:]
    var services: [ObjectIdentifier: @Sendable () -> any Sendable] = [:]
}

/// A plain-Swift feature: what it adds to the plain app.
typealias PlainLaunchFeature = @MainActor (PlainLaunchApp) -> Void

/// Hands out tags never used before in this process (after 16.7 million, they repeat).
@MainActor
enum LaunchTags {
    /// The digits of the tags. (Generated: `for i in range(64): enum LaunchDigit{i:02}: LaunchTag {}`.)
    static let digits: [any LaunchTag.Type] = [
        LaunchDigit00.self, LaunchDigit01.self, LaunchDigit02.self, LaunchDigit03.self, LaunchDigit04.self,
        LaunchDigit05.self, LaunchDigit06.self, LaunchDigit07.self, LaunchDigit08.self, LaunchDigit09.self,
        LaunchDigit10.self, LaunchDigit11.self, LaunchDigit12.self, LaunchDigit13.self, LaunchDigit14.self,
        LaunchDigit15.self, LaunchDigit16.self, LaunchDigit17.self, LaunchDigit18.self, LaunchDigit19.self,
        LaunchDigit20.self, LaunchDigit21.self, LaunchDigit22.self, LaunchDigit23.self, LaunchDigit24.self,
        LaunchDigit25.self, LaunchDigit26.self, LaunchDigit27.self, LaunchDigit28.self, LaunchDigit29.self,
        LaunchDigit30.self, LaunchDigit31.self, LaunchDigit32.self, LaunchDigit33.self, LaunchDigit34.self,
        LaunchDigit35.self, LaunchDigit36.self, LaunchDigit37.self, LaunchDigit38.self, LaunchDigit39.self,
        LaunchDigit40.self, LaunchDigit41.self, LaunchDigit42.self, LaunchDigit43.self, LaunchDigit44.self,
        LaunchDigit45.self, LaunchDigit46.self, LaunchDigit47.self, LaunchDigit48.self, LaunchDigit49.self,
        LaunchDigit50.self, LaunchDigit51.self, LaunchDigit52.self, LaunchDigit53.self, LaunchDigit54.self,
        LaunchDigit55.self, LaunchDigit56.self, LaunchDigit57.self, LaunchDigit58.self, LaunchDigit59.self,
        LaunchDigit60.self, LaunchDigit61.self, LaunchDigit62.self, LaunchDigit63.self,
    ]
    static var next = 0

    /// A feature of a new type, made by `make` with that type's tag.
    static func fresh<Made>(_ make: (any LaunchTag.Type) -> Made) -> Made {
        let n = next
        next = (next + 1) % 16_777_216
        let a: any LaunchTag.Type = digits[n % 64]
        let b: any LaunchTag.Type = digits[n / 64 % 64]
        let c: any LaunchTag.Type = digits[n / 4_096 % 64]
        let d: any LaunchTag.Type = digits[n / 262_144 % 64]
        let made: any LaunchTag.Type = tag(a, b, c, d)
        return make(made)
    }

    private static func tag<A: LaunchTag, B: LaunchTag, C: LaunchTag, D: LaunchTag>(
        _ a: A.Type, _ b: B.Type, _ c: C.Type, _ d: D.Type
    ) -> any LaunchTag.Type {
        LaunchPair<A, LaunchPair<B, LaunchPair<C, D>>>.self
    }
}

@MainActor
private func launchFeature<Tag: LaunchTag>(_ tag: Tag.Type, index: Int) -> any Feature {
    LaunchFeature<Tag>(index: index)
}

@MainActor
private func plainLaunchFeature<Tag: LaunchTag>(_ tag: Tag.Type, index: Int) -> PlainLaunchFeature {
    { app in
        app.routes["/launch/f\(index)"] = { BenchScreen() }
        app.reducers[ObjectIdentifier(LaunchAction<Tag>.self)] = { state, _ in state.count &+= 1 }
        app.services[ObjectIdentifier(LaunchService<Tag>.self)] = { LaunchService<Tag>() }
    }
}

/// Registers `LaunchService<Tag>`, declared to depend on `previous` (for the verify workload); returns its type.
@MainActor
private func registerChained<Tag: LaunchTag>(
    _ tag: Tag.Type, in kitchen: Kitchen, after previous: Any.Type?
) -> Any.Type {
    try? kitchen.registerNonisolated(LaunchService<Tag>.self, dependsOn: previous.map { [$0] } ?? []) { _ in
        LaunchService<Tag>()
    }
    return LaunchService<Tag>.self
}

/// `Kitchen.verify()` of a kitchen of 1,000 registrations of new types, each declared to depend on the one before
/// (issue 43: ≤ 50 ms): the kitchen made untimed, one verify per operation.
func verifyWorkloads() -> [Workload] {
    [
        Workload("Kitchen/verify 1,000 registrations", operationsPerSample: 1) {
            @MainActor final class Fresh { var kitchen = Kitchen() }
            let fresh = Fresh()
            return Runner(
                maxBatch: 1,
                prepare: {
                    let kitchen = Kitchen()
                    var previous: Any.Type?
                    for _ in 0..<1_000 {
                        previous = LaunchTags.fresh { registerChained($0, in: kitchen, after: previous) }
                    }
                    fresh.kitchen = kitchen
                },
                run: { _ in consume(try? fresh.kitchen.verify()) }
            )
        }
    ]
}

/// One launch per operation, of features of new types made (untimed) by `prepare`.
func launchWorkloads() -> [Workload] {
    [10, 100, 1_000].flatMap { count in
        [
            Workload("Launch/Brigade \(count) feature types", operationsPerSample: 1) {
                @MainActor final class Fresh { var features: [any Feature] = [] }
                let fresh = Fresh()
                return Runner(
                    maxBatch: 1,
                    prepare: {
                        fresh.features = (0..<count).map { index in
                            LaunchTags.fresh { launchFeature($0, index: index) }
                        }
                    },
                    run: { _ in
                        consume(try? BrigadeApp.make(initialState: LaunchState(), features: fresh.features))
                    }
                )
            },
            Workload("Launch/plain Swift \(count) feature types", operationsPerSample: 1) {
                @MainActor final class Fresh { var features: [PlainLaunchFeature] = [] }
                let fresh = Fresh()
                return Runner(
                    maxBatch: 1,
                    prepare: {
                        fresh.features = (0..<count).map { index in
                            LaunchTags.fresh { plainLaunchFeature($0, index: index) }
                        }
                    },
                    run: { _ in
                        let app = PlainLaunchApp()
                        for feature in fresh.features {
                            feature(app)
                        }
                        consume(app)
                    }
                )
            },
        ]
    }
}
