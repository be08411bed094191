// swift-tools-version:6.0
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
        .target(name: "OrderApp", dependencies: [.product(name: "Brigade", package: "Brigade")]),
        .testTarget(
            name: "OrderAppTests",
            dependencies: ["OrderApp", .product(name: "BrigadeTesting", package: "Brigade")]
        ),
    ]
)
