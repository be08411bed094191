#!/usr/bin/env bash
# Builds Brigade's DocC archive with the toolchain's own docc: the catalog Sources/Brigade/Brigade.docc (the landing
# page and its curation), the guides of docs/*.md as its articles (converted by scripts/docc-articles.py, so they
# have one source), and the symbol graphs of every library module, extracted from the debug build. Fails on any
# warning (a broken symbol link, an undocumented parameter, a missing article).
#
#   swift build && scripts/build-docs.sh [OUTPUT]      # OUTPUT: .build/docs/Brigade.doccarchive by default
set -euo pipefail
cd "$(dirname "$0")/.."

output=${1:-.build/docs/Brigade.doccarchive}
build=${BRIGADE_BUILD:-.build/debug}
bin=$(dirname "$(readlink -f "$(command -v swift)")")
docc=${DOCC:-$bin/docc}
extract=${SYMBOLGRAPH_EXTRACT:-$bin/swift-symbolgraph-extract}
# The umbrella, the modules it re-exports, the inspector and the test kit. (BrigadeUIKit and BrigadeSwiftUI are empty off Apple
# systems.)
exported=$(sed -n 's/^@_exported import \(Brigade[A-Za-z]*\)$/\1/p' Sources/Brigade/Exports.swift)
modules="Brigade $exported BrigadeInspector BrigadeTesting"
# The landing page lists every re-exported module.
for module in $exported; do
    if ! grep -q "^- \`\`$module\`\`" Sources/Brigade/Brigade.docc/Brigade.md; then
        echo "Sources/Brigade/Brigade.docc/Brigade.md does not list the re-exported module $module" >&2
        exit 1
    fi
done
# ... and curates every guide.
for guide in docs/*.md; do
    name=$(basename "$guide" .md)
    if ! grep -q "^- <doc:$name>" Sources/Brigade/Brigade.docc/Brigade.md; then
        echo "Sources/Brigade/Brigade.docc/Brigade.md does not list the guide $guide (- <doc:$name>)" >&2
        exit 1
    fi
done

if [ -d "$build/Modules" ]; then module_dir=$build/Modules; else module_dir=$build; fi
if [ ! -e "$module_dir/Brigade.swiftmodule" ]; then
    echo "no Brigade.swiftmodule in $module_dir: run swift build first" >&2
    exit 1
fi
target=$(swiftc -print-target-info | python3 -c 'import json, sys; print(json.load(sys.stdin)["target"]["triple"])')

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/symbols"
for module in $modules; do
    "$extract" -module-name "$module" -I "$module_dir" -I Sources/CSQLite -target "$target" \
        -minimum-access-level public -skip-synthesized-members -output-dir "$work/symbols"
done

cp -R Sources/Brigade/Brigade.docc "$work/Brigade.docc"
python3 scripts/docc-articles.py "$work/Brigade.docc"

rm -rf "$output"
mkdir -p "$(dirname "$output")"
"$docc" convert "$work/Brigade.docc" \
    --additional-symbol-graph-dir "$work/symbols" \
    --fallback-display-name Brigade --fallback-bundle-identifier brigade.Brigade \
    --output-path "$output" --warnings-as-errors --ide-console-output 2>&1 | tee "$work/docc.log"
if grep -q "warning:" "$work/docc.log"; then
    echo "docc reported warnings" >&2
    exit 1
fi
echo "DocC archive: $output"
