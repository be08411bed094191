// swift-tools-version:6.0
import PackageDescription

// libFuzzer targets for Brigade. Build and run them with Fuzz/run.sh; each is an executable whose entry point is
// libFuzzer's, so it is built with `-sanitize=fuzzer`.
let package = Package(
    name: "BrigadeFuzz",
    platforms: [.macOS(.v13)],
    dependencies: [.package(name: "Brigade", path: "..")],
    targets: [
        .target(name: "FuzzSupport"),
        .executableTarget(
            name: "FuzzRoutePattern",
            dependencies: [
                "FuzzSupport", .product(name: "BrigadeWireframe", package: "Brigade"),
                .product(name: "BrigadeCore", package: "Brigade"),
            ]
        ),
        .executableTarget(
            name: "FuzzURLMatching",
            dependencies: [
                "FuzzSupport", .product(name: "BrigadeWireframe", package: "Brigade"),
                .product(name: "BrigadeCore", package: "Brigade"),
            ]
        ),
        .executableTarget(
            name: "FuzzURLRoundTrip",
            dependencies: [
                "FuzzSupport", .product(name: "BrigadeWireframe", package: "Brigade"),
                .product(name: "BrigadeCore", package: "Brigade"),
            ]
        ),
        .executableTarget(
            name: "FuzzJSON",
            dependencies: ["FuzzSupport", .product(name: "BrigadeServices", package: "Brigade")]
        ),
        .executableTarget(
            name: "FuzzSQLiteModel",
            dependencies: [
                "FuzzSupport", .product(name: "BrigadeServices", package: "Brigade"),
                .product(name: "BrigadeEntity", package: "Brigade"),
            ]
        ),
    ]
)
