// swift-tools-version:6.0
import PackageDescription

// libFuzzer targets for Brigade. Build and run them with Fuzz/run.sh; each is an executable whose entry point is
// libFuzzer's, so it is built with `-sanitize=fuzzer`.
let package = Package(
    name: "BrigadeFuzz",
    platforms: [.macOS(.v13)],
    dependencies: [.package(name: "Brigade", path: "..")],
    targets: [
        .executableTarget(
            name: "FuzzRoutePattern",
            dependencies: [.product(name: "BrigadeWireframe", package: "Brigade")]
        ),
        .executableTarget(
            name: "FuzzURLMatching",
            dependencies: [.product(name: "BrigadeWireframe", package: "Brigade")]
        ),
        .executableTarget(
            name: "FuzzJSON",
            dependencies: [.product(name: "BrigadeKitchen", package: "Brigade")]
        ),
        .executableTarget(
            name: "FuzzSQLiteModel",
            dependencies: [
                .product(name: "BrigadeKitchen", package: "Brigade"), .product(name: "BrigadeEntity", package: "Brigade"),
            ]
        ),
    ]
)
