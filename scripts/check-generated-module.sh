#!/usr/bin/env bash
# Generates a module with `brigade new-module` into a temporary package that depends on Brigade by path, then builds
# it and runs the generated tests: they must pass as generated.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

cd "$root"
swift build --product brigade
brigade="$(swift build --show-bin-path)/brigade"

mkdir -p "$work/Sources/App" "$work/Tests/AppTests"
"$brigade" new-module Menu --route /menu --output "$work/Sources/App" --tests "$work/Tests/AppTests" --app-module App
"$brigade" new-module OrderDetail --route '/orders/:id(/:tab)' --output "$work/Sources/App" \
    --tests "$work/Tests/AppTests" --app-module App

cat >"$work/Package.swift" <<PACKAGE
// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "GeneratedApp",
    platforms: [.macOS(.v13)],
    dependencies: [.package(name: "Brigade", path: "$root")],
    targets: [
        .target(name: "App", dependencies: [.product(name: "Brigade", package: "Brigade")]),
        .testTarget(
            name: "AppTests",
            dependencies: [
                "App", .product(name: "Brigade", package: "Brigade"),
                .product(name: "BrigadeTesting", package: "Brigade"),
            ]),
    ]
)
PACKAGE

cd "$work"
swift build --build-tests
swift test
