// swift-tools-version:6.0
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
    dependencies: [Target.Dependency] = [],
    testDependencies: [Target.Dependency] = []
) {
    let module = "Brigade\(directory)"
    package.products.append(.library(name: module, targets: [module]))
    package.targets.append(
        .target(name: module, dependencies: dependencies, path: "Sources/\(directory)")
    )
    package.targets.append(
        .testTarget(
            name: "\(directory)Tests",
            dependencies: [.target(name: module)] + testDependencies,
            path: "Tests/\(directory)Tests"
        )
    )
}

// MARK: - Components: one block each, leaves first.

addComponent("Reactive")
addComponent("Core")
addComponent("Wireframe", dependencies: ["BrigadeCore"])
addComponent("Redux", dependencies: ["BrigadeCore", "BrigadeReactive"])
addComponent("Entity", dependencies: ["BrigadeCore"])
addComponent(
    "Presenter",
    dependencies: ["BrigadeCore", "BrigadeReactive"],
    testDependencies: ["BrigadeWireframe", "BrigadeRedux"]
)
