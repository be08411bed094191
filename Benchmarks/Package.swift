// swift-tools-version:6.1
import PackageDescription

// Brigade's performance suite: its own package, so the library products stay free of dependencies.
// BrigadeWorkloads holds every workload once; BrigadeBenchmarks runs them as the ordo-one table (wall clock and
// mallocs, each benchmark in a process of its own); BrigadeRatios runs each budget's pair interleaved in one process.
let peers: [Target.Dependency] = [
    .product(name: "BrigadeCore", package: "Brigade"),
    .product(name: "BrigadeReactive", package: "Brigade"),
    .product(name: "BrigadeRedux", package: "Brigade"),
    .product(name: "BrigadeWireframe", package: "Brigade"),
    .product(name: "BrigadeEntity", package: "Brigade"),
    .product(name: "BrigadeKitchen", package: "Brigade"),
    .product(name: "BrigadeServices", package: "Brigade"),
    .product(name: "BrigadeComposition", package: "Brigade"),
    .product(name: "BrigadeNavigation", package: "Brigade"),
    .product(name: "BrigadeInspector", package: "Brigade"),
    .product(name: "RoutingKit", package: "routing-kit"),
    .product(name: "Swinject", package: "Swinject"),
    .product(name: "OpenCombine", package: "OpenCombine"),
]

let package = Package(
    name: "BrigadeBenchmarks",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(name: "Brigade", path: ".."),
        .package(url: "https://github.com/ordo-one/benchmark", from: "1.38.1", traits: ["MallocInterposer"]),
        .package(url: "https://github.com/vapor/routing-kit", from: "4.9.3"),
        .package(url: "https://github.com/Swinject/Swinject", from: "2.10.0"),
        .package(url: "https://github.com/OpenCombine/OpenCombine", from: "0.14.0"),
    ],
    targets: [
        .target(name: "CSupport", path: "CSupport"),
        .target(name: "BrigadeWorkloads", dependencies: peers + ["CSupport"], path: "Workloads"),
        .executableTarget(
            name: "BrigadeBenchmarks",
            dependencies: [.product(name: "Benchmark", package: "benchmark"), "BrigadeWorkloads"],
            path: "Benchmarks/BrigadeBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        // Not under a folder named Benchmarks: the benchmark plugin would take it for a benchmark.
        .executableTarget(name: "BrigadeRatios", dependencies: ["BrigadeWorkloads"], path: "Tools/BrigadeRatios"),
        // The soak (scripts/soak.sh, docs/Reliability.md): here so CI reuses this package's release build.
        .executableTarget(
            name: "BrigadeSoak",
            dependencies: [
                .product(name: "BrigadeCore", package: "Brigade"),
                .product(name: "BrigadeReactive", package: "Brigade"),
                .product(name: "BrigadeRedux", package: "Brigade"),
                .product(name: "BrigadeEntity", package: "Brigade"),
                .product(name: "BrigadeKitchen", package: "Brigade"),
                .product(name: "BrigadeServices", package: "Brigade"),
            ],
            path: "Tools/BrigadeSoak"
        ),
        // What importing costs at start (scripts/measure-import-cost.sh): nothing, the container, the umbrella.
        .executableTarget(name: "ImportCostPlain", path: "Tools/ImportCostPlain"),
        .executableTarget(
            name: "ImportCostKitchen", dependencies: [.product(name: "BrigadeKitchen", package: "Brigade")],
            path: "Tools/ImportCostKitchen"),
        .executableTarget(
            name: "ImportCostBrigade", dependencies: [.product(name: "Brigade", package: "Brigade")],
            path: "Tools/ImportCostBrigade"),
    ]
)
