#!/usr/bin/env bash
# Generates modules with `brigade-tool new-module` inside a temporary package that depends on Brigade by path (run from
# the package, so the tool finds Sources/App and Tests/AppTests itself), builds it and runs the generated tests:
# they must pass as generated. Then changes the Redux template's item type as a user would (other fields, an Int id)
# and builds and runs the tests again: they must still compile and pass.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

cd "$root"
swift build --product brigade-tool
brigade="$(swift build --show-bin-path)/brigade-tool"

mkdir -p "$work/Sources/App" "$work/Tests/AppTests"
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
"$brigade" new-module Menu --route /menu | tee "$work/steps-menu.txt"
"$brigade" new-module OrderDetail --route '/orders/:id(/:tab)' | tee "$work/steps-order.txt"
(cd Sources/App && "$brigade" new-module Dishes --template redux --route '/dishes/:category(/:page)') |
    tee "$work/steps-dishes.txt"

# Every next step the tool printed compiles as printed: its code lines (indented by seven spaces), each module's in
# a block of its own, in a function given the app, with the app state the first step asks for: `Codable`, as a
# persisted or inspected app state is, which the modules' slices must not break.
{
    printf 'import Brigade\n\nstruct AppState: Sendable, Codable {\n'
    printf '    var menu = MenuState()\n    var orderDetail = OrderDetailState()\n    var dishes = DishesState()\n}\n\n'
    printf '@MainActor\nfunc addGeneratedModules(to app: BrigadeApp<AppState>) throws {\n'
    for steps in "$work"/steps-menu.txt "$work"/steps-order.txt "$work"/steps-dishes.txt; do
        printf '    do {\n'
        grep '^       ' "$steps"
        printf '    }\n'
    done
    printf '}\n'
} >Sources/App/NextSteps.swift
grep -q 'AppState' Sources/App/NextSteps.swift
test -f Sources/App/Dishes/DishesFeature.swift
test -f Tests/AppTests/DishesTests/DishesFeatureTests.swift

swift build --build-tests
swift test

# The user's own item type: other fields and an Int id. Only the model file changes.
model=Sources/App/Dishes/DishesModel.swift
python3 - "$model" <<'PYTHON'
import sys
path = sys.argv[1]
text = open(path).read()
replacements = [
    ("public var id: String", "public var id: Int"),
    ("public var title: String", "public var name: String\n    /// The price in cents.\n    public var price: Int"),
    ("public init(id: String, title: String) {\n        self.id = id\n        self.title = title",
     "public init(id: Int, name: String, price: Int) {\n        self.id = id\n        self.name = name\n"
     "        self.price = price"),
    ("public var rowTitle: String { title }", "public var rowTitle: String { \"\\(name), \\(price) cents\" }"),
    ('[DishesItem(id: "1", title: "First"), DishesItem(id: "2", title: "Second")]',
     '[DishesItem(id: 7, name: "Soup", price: 650), DishesItem(id: 9, name: "Tart", price: 850)]'),
]
for old, new in replacements:
    if old not in text:
        sys.exit(f"check-generated-module: the model no longer contains {old!r}")
    text = text.replace(old, new)
open(path, "w").write(text)
PYTHON
swift build --build-tests
swift test --skip-build --filter DishesFeatureTests

# The same modules in an app target as Xcode 26 makes it (issue 40): default main-actor isolation and approachable
# concurrency on the app and its tests; only they rebuild.
python3 - "$work/Package.swift" <<'PYTHON'
import sys
path = sys.argv[1]
text = open(path).read()
text = text.replace("// swift-tools-version:6.0", "// swift-tools-version:6.2")
settings = ('swiftSettings: [.defaultIsolation(MainActor.self), .enableUpcomingFeature("NonisolatedNonsendingByDefault"), '
            '.enableUpcomingFeature("InferIsolatedConformances")]')
text = text.replace('.target(name: "App", dependencies: [.product(name: "Brigade", package: "Brigade")]),',
                    '.target(name: "App", dependencies: [.product(name: "Brigade", package: "Brigade")], ' + settings + '),')
text = text.replace('            ]),\n    ]', '            ], ' + settings + '),\n    ]')
if text.count("defaultIsolation") != 2:
    sys.exit("check-generated-module: could not give both targets the app settings")
open(path, "w").write(text)
PYTHON
if swift build --build-tests 2>&1 | grep -E "(error|warning):"; then
    echo "check-generated-module: the generated modules do not build cleanly in the app mode (above)"
    exit 1
fi
swift test --skip-build
echo "check-generated-module: passed in the Swift 6 mode and in the app mode"
