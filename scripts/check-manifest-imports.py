#!/usr/bin/env python3
"""Checks that Package.swift tells the truth: each target depends on exactly the package's modules its files import.

For every target of `swift package dump-package`, the modules of this package that its Swift files import
(`import X`, `@_exported import X`, `@testable import X`, inside `#if` blocks too; not in multi-line string
literals) must equal its declared target
dependencies. Executable targets are exempt as dependencies (a test target may depend on a tool it runs without
importing it). Modules of other packages and of the system are not checked.

    python3 scripts/check-manifest-imports.py
"""

import json
import os
import re
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
IMPORT = re.compile(r"^\s*(?:@_exported\s+|@testable\s+|@preconcurrency\s+)*import\s+(?:\w+\s+)?([A-Za-z_][\w]*)")


def imports_of(path):
    found = set()
    for directory, _, names in os.walk(os.path.join(ROOT, path)):
        for name in names:
            if name.endswith(".swift"):
                with open(os.path.join(directory, name), encoding="utf-8") as handle:
                    in_literal = False  # inside a multi-line string literal (the generator's templates)
                    for line in handle:
                        match = None if in_literal else IMPORT.match(line)
                        if match:
                            found.add(match.group(1))
                        if line.count('"""') % 2 == 1:
                            in_literal = not in_literal
    return found


def main():
    dump = json.loads(subprocess.run(
        ["swift", "package", "dump-package"], cwd=ROOT, check=True, capture_output=True, text=True).stdout)
    targets = {target["name"]: target for target in dump["targets"]}
    executables = {name for name, target in targets.items() if target["type"] == "executable"}
    problems = []
    for name, target in sorted(targets.items()):
        if target["type"] == "system":
            continue
        declared = set()
        for dependency in target["dependencies"]:
            for kind in ("byName", "target"):
                if kind in dependency:
                    declared.add(dependency[kind][0])
        imported = imports_of(target.get("path") or "") & set(targets)
        unused = declared - imported - executables
        missing = imported - declared - {name}
        if unused:
            problems.append(f"{name}: depends on {', '.join(sorted(unused))} but no file imports it")
        if missing:
            problems.append(f"{name}: imports {', '.join(sorted(missing))} without depending on it")
    for problem in problems:
        print(problem)
    if problems:
        print(f"\n{len(problems)} manifest mismatch(es): make each target's dependencies its imports")
        return 1
    print(f"every target's dependencies are its imports ({len(targets)} targets)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
