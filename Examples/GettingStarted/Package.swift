// swift-tools-version:6.2
import PackageDescription

let package = Package(
    name: "OrderApp",
    // Brigade's floor: SwiftPM rejects a package below it on Apple systems.
    platforms: [.iOS(.v16), .macOS(.v13), .tvOS(.v16), .watchOS(.v9)],
    products: [.library(name: "OrderApp", targets: ["OrderApp"])],
    dependencies: [
        // In your app: .package(url: "<Brigade's repository URL>", branch: "main"), or a local clone.
        .package(name: "Brigade", path: "../..")
    ],
    targets: [
        .target(
            name: "OrderApp", dependencies: [.product(name: "Brigade", package: "Brigade")],
            swiftSettings: xcodeAppDefaults),
        .testTarget(
            name: "OrderAppTests",
            dependencies: ["OrderApp", .product(name: "BrigadeTesting", package: "Brigade")],
            swiftSettings: xcodeAppDefaults
        ),
    ]
)

// What Xcode 26 sets for a new app target: the code below compiles with or without these (docs/Platforms.md, Default
// isolation); remove them for the Swift 6 language mode alone.
var xcodeAppDefaults: [SwiftSetting] {
    [
        .defaultIsolation(MainActor.self),
        .enableUpcomingFeature("NonisolatedNonsendingByDefault"),
        .enableUpcomingFeature("InferIsolatedConformances"),
    ]
}
