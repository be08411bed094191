// swift-tools-version:6.2
import PackageDescription

let package = Package(
    name: "Brigade",
    platforms: [.iOS(.v16), .macOS(.v13), .tvOS(.v16), .watchOS(.v9)],
    products: [],
    targets: []
)

/// Adds one Brigade component: its library product, its target under `Sources/<directory>`, and its test target
/// under `Tests/<directory>Tests`.
@MainActor
func addComponent(
    _ directory: String,
    module: String? = nil,
    dependencies: [Target.Dependency] = [],
    testDependencies: [Target.Dependency] = [],
    testResources: [Resource]? = nil
) {
    let module = module ?? "Brigade\(directory)"
    package.products.append(.library(name: module, targets: [module]))
    package.targets.append(
        .target(name: module, dependencies: dependencies, path: "Sources/\(directory)")
    )
    package.targets.append(
        .testTarget(
            name: "\(directory)Tests",
            dependencies: [.target(name: module)] + testDependencies,
            path: "Tests/\(directory)Tests",
            resources: testResources
        )
    )
}

// MARK: - Components: one block each, leaves first.

// The locks every component shares: an internal target, not a product (its types are `package`).
package.targets.append(.target(name: "BrigadeLocking", path: "Sources/Locking"))
package.targets.append(
    .testTarget(name: "LockingTests", dependencies: ["BrigadeLocking"], path: "Tests/LockingTests"))

addComponent("Reactive", dependencies: ["BrigadeLocking"], testDependencies: ["BrigadeLocking"])
addComponent("Core")
addComponent("Wireframe", dependencies: ["BrigadeCore"], testDependencies: ["BrigadeCore", "BrigadeTesting"])
addComponent(
    "Redux",
    dependencies: ["BrigadeCore", "BrigadeReactive", "BrigadeLocking"],
    testDependencies: ["BrigadeCore", "BrigadeReactive"]
)
addComponent("Entity")
addComponent(
    "Presenter",
    dependencies: ["BrigadeCore", "BrigadeReactive", "BrigadeRedux", "BrigadeLocking"],
    testDependencies: ["BrigadeCore", "BrigadeReactive", "BrigadeWireframe"]
)

// Platform adapters: the neutral core (Observation bridge, state-driven and host-driven navigators), tested on Linux.
addComponent(
    "Navigation",
    dependencies: ["BrigadeCore", "BrigadeReactive", "BrigadeWireframe", "BrigadeLocking"],
    testDependencies: [
        "BrigadeCore", "BrigadeReactive", "BrigadeRedux", "BrigadeWireframe", "BrigadeServices",
        "BrigadeTesting",
    ]
)
// The Apple-only glue: every file is wrapped in `#if canImport(UIKit) && !os(watchOS)` (watchOS has UIKit but no
// UIViewController) / `#if canImport(SwiftUI)`, so on Linux these targets build empty; they have no test target of
// their own (their logic is BrigadeNavigation's, tested there; scripts/check-apple-stand-ins type-checks them against
// stand-ins; AppleSmokeTests below runs BrigadeUIKit on an iOS simulator).
for (directory, module) in [("UIKit", "BrigadeUIKit"), ("SwiftUI", "BrigadeSwiftUI")] {
    package.products.append(.library(name: module, targets: [module]))
    package.targets.append(
        .target(name: module, dependencies: ["BrigadeNavigation", "BrigadeCore"], path: "Sources/\(directory)"))
}

// The iOS-simulator smoke run of the navigation scenario table against real UIKit (BrigadeTesting's
// `NavigationScenario.standard`): every file is wrapped in `#if canImport(UIKit) && !os(watchOS)`, so on Linux it builds
// empty; .github/workflows/apple.yml runs it (unverified here) and scripts/check-apple-stand-ins type-checks it.
package.targets.append(
    .testTarget(
        name: "AppleSmokeTests",
        dependencies: ["BrigadeUIKit", "BrigadeTesting", "BrigadeNavigation", "BrigadeCore"],
        path: "Tests/AppleSmokeTests"
    )
)

// The Kitchen: the service container alone (register, resolve, scopes), so registering a service links no SQLite.
addComponent("Kitchen", dependencies: ["BrigadeCore", "BrigadeLocking"], testDependencies: ["BrigadeTesting"])

// The system SQLite, for the services' SQLiteStore.
package.targets.append(
    .systemLibrary(
        name: "CSQLite",
        path: "Sources/CSQLite",
        pkgConfig: "sqlite3",
        providers: [.apt(["libsqlite3-dev"]), .brew(["sqlite"])]
    )
)
// An HTTP/1.1 server on loopback for the tests of the services' APIClient and AssetCache.
package.targets.append(.target(name: "TestHTTPServer", path: "Tests/Support/TestHTTPServer"))
// The services a kitchen hands out: API client, SQLite store, asset cache, bundled resources, translations,
// temporary values.
addComponent(
    "Services",
    dependencies: ["BrigadeReactive", "BrigadeEntity", "CSQLite", "BrigadeLocking"],
    testDependencies: [
        "BrigadeKitchen", "BrigadeEntity", "BrigadeReactive", "CSQLite", "TestHTTPServer", "sqlite-crash-writer",
    ],
    // A folder of JSON for the test of BundledResources over a real `Bundle.module`.
    testResources: [.copy("Resources")]
)
// A process that writes to a SQLiteStore until it is killed, for the crash-safety test.
package.targets.append(
    .executableTarget(
        name: "sqlite-crash-writer", dependencies: ["BrigadeServices", "BrigadeEntity"],
        path: "Tests/Support/SQLiteCrashWriter")
)

// State persistence: a Codable part of a store's state kept in the services' SQLiteStore. Its own target, so that
// neither Redux nor Services needs the other, and an app that persists nothing links no glue.
addComponent(
    "Persistence",
    dependencies: ["BrigadeCore", "BrigadeEntity", "BrigadeReactive", "BrigadeRedux", "BrigadeServices"],
    testDependencies: [
        "BrigadeCore", "BrigadeEntity", "BrigadeRedux", "BrigadeServices", "BrigadeTesting",
        "state-persistence-crash-writer",
    ]
)
// A process that changes and saves a persisted state until it is killed, for the persistence's crash test.
package.targets.append(
    .executableTarget(
        name: "state-persistence-crash-writer",
        dependencies: ["BrigadePersistence", "BrigadeRedux", "BrigadeServices", "BrigadeCore"],
        path: "Tests/Support/StatePersistenceCrashWriter")
)

// The composition: BrigadeApp, a store, a wireframe and a kitchen behind one FeatureApp.
addComponent(
    "Composition",
    dependencies: ["BrigadeCore", "BrigadeRedux", "BrigadeWireframe", "BrigadeKitchen"],
    testDependencies: ["BrigadeCore", "BrigadeReactive", "BrigadeRedux", "BrigadeWireframe", "BrigadeKitchen"]
)

// The inspector's app side: records a running app's actions, states, screens, effects and resolutions, sends them to
// `brigade-tool inspect`, travels back in time; debug builds attach it, the umbrella does not export it.
addComponent(
    "Inspector",
    dependencies: [
        "BrigadeCore", "BrigadeRedux", "BrigadeWireframe", "BrigadeKitchen", "BrigadeComposition", "BrigadeServices",
        "BrigadeLocking",
    ],
    testDependencies: [
        "BrigadeCore", "BrigadeRedux", "BrigadeWireframe", "BrigadeKitchen", "BrigadeComposition",
        "BrigadeNavigation", "BrigadeReactive", "BrigadeTesting", "BrigadeServices", "TestHTTPServer",
    ]
)

// The server of `brigade-tool inspect`: the inspected app's connection, the page and `--emit-test`; not a product.
package.targets.append(
    .target(
        name: "BrigadeInspectorServer", dependencies: ["BrigadeInspector", "BrigadeLocking"],
        path: "Sources/InspectorServer"))
package.targets.append(
    .testTarget(
        name: "InspectorServerTests",
        dependencies: ["BrigadeInspectorServer", "BrigadeInspector", "BrigadeCore", "BrigadeRedux"],
        path: "Tests/InspectorServerTests"))

// The umbrella: re-exports every component, nothing of its own.
addComponent(
    "Brigade",
    module: "Brigade",
    dependencies: [
        "BrigadeCore", "BrigadeReactive", "BrigadeRedux", "BrigadeWireframe", "BrigadePresenter", "BrigadeEntity",
        "BrigadeKitchen", "BrigadeServices", "BrigadeNavigation", "BrigadeComposition", "BrigadePersistence",
    ]
)

// The test kit: for users' test targets.
addComponent(
    "Testing",
    dependencies: [
        "BrigadeCore", "BrigadeRedux", "BrigadeWireframe", "BrigadeNavigation", "BrigadeLocking", "BrigadeInspector",
        "BrigadeKitchen",
    ],
    testDependencies: [
        "BrigadeCore", "BrigadeReactive", "BrigadeRedux", "BrigadeWireframe", "BrigadeNavigation", "BrigadeInspector",
        "BrigadeKitchen",
    ]
)

// The module generator behind `brigade-tool new-module`, and the tool. Not `brigade`: on a case-insensitive file
// system (APFS by default) its build products and source folder would collide with the `Brigade` library's.
addComponent("Generator", dependencies: ["BrigadeWireframe"], testResources: [.copy("Golden")])
package.targets.append(
    .executableTarget(
        name: "brigade-tool", dependencies: ["BrigadeGenerator", "BrigadeInspectorServer"],
        path: "Sources/brigade-tool"))
package.products.append(.executable(name: "brigade-tool", targets: ["brigade-tool"]))

// What Xcode 26 sets for a new app target ("approachable concurrency"): every declaration on the main actor unless
// marked otherwise, nonisolated async functions run on their caller's actor, conformances of main-actor types are
// main-actor isolated. The examples are the code a user copies, so CI builds and tests them in both modes: the
// Swift 6 language mode (the default) and, with BRIGADE_APP_MODE=1, the app mode (scripts/check-app-mode.sh).
let appMode: [SwiftSetting] =
    Context.environment["BRIGADE_APP_MODE"] == "1"
    ? [
        .defaultIsolation(MainActor.self),
        .enableUpcomingFeature("NonisolatedNonsendingByDefault"),
        .enableUpcomingFeature("InferIsolatedConformances"),
    ] : []

// Brigade as an app target made by Xcode 26 uses it (issue 40): these tests always compile in the app mode.
package.targets.append(
    .testTarget(
        name: "AppModeTests",
        dependencies: ["Brigade", "BrigadeTesting", "BrigadeInspector", "TestHTTPServer"],
        path: "Tests/AppModeTests",
        swiftSettings: [
            .defaultIsolation(MainActor.self),
            .enableUpcomingFeature("NonisolatedNonsendingByDefault"),
            .enableUpcomingFeature("InferIsolatedConformances"),
        ]
    )
)

// The example app: `swift run bistro`.
package.targets.append(
    .target(
        name: "BistroKit",
        dependencies: ["Brigade", "BrigadeInspector"],
        path: "Examples/Bistro/Sources/BistroKit",
        resources: [.copy("Resources")],
        swiftSettings: appMode
    )
)
package.targets.append(
    .executableTarget(
        name: "bistro", dependencies: ["BistroKit"], path: "Examples/Bistro/Sources/bistro", swiftSettings: appMode))
package.targets.append(
    .testTarget(
        name: "BistroTests",
        dependencies: ["BistroKit", "Brigade", "TestHTTPServer", "BrigadeTesting", "BrigadeInspector"],
        path: "Examples/Bistro/Tests/BistroTests",
        resources: [.copy("Golden")],
        swiftSettings: appMode
    )
)
package.products.append(.executable(name: "bistro", targets: ["bistro"]))

// The guide's package (docs/GettingStarted.md): its own Package.swift for users to copy; built and tested here too.
package.targets.append(
    .target(
        name: "OrderApp", dependencies: ["Brigade"], path: "Examples/GettingStarted/Sources/OrderApp",
        swiftSettings: appMode))
package.targets.append(
    .testTarget(
        name: "OrderAppTests",
        dependencies: ["OrderApp", "Brigade", "BrigadeTesting"],
        path: "Examples/GettingStarted/Tests/OrderAppTests",
        swiftSettings: appMode
    )
)
