#!/usr/bin/env python3
"""Checks that Sources/ uses the Observation module only where its availability is declared.

Linux ignores `@available`, so a use of an Apple API above Brigade's floor (iOS 16 / macOS 13 / tvOS 16 /
watchOS 9) compiles here and breaks only on Apple platforms. This script reads the availability of the Observation
module's public symbols from the toolchain's own interface (the .swiftinterface under the toolchain's
lib/swift/linux), then, for every top-level declaration of a Swift file in Sources/ that names one of them, checks
that the declaration carries an `@available` attribute with versions at least as high on every Apple platform.

    python3 scripts/check-availability.py     # exits 1 and lists the declarations that are not marked

The toolchain is found from `swiftc` on the PATH (or $SWIFTC).
"""

import glob
import os
import re
import shutil
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PLATFORMS = ("iOS", "macOS", "tvOS", "watchOS")
SYMBOLS = ("ObservationRegistrar", "withObservationTracking", "Observations", "Observable")


def interface_path():
    swiftc = os.environ.get("SWIFTC") or shutil.which("swiftc")
    if not swiftc:
        raise SystemExit("swiftc not found")
    toolchain = os.path.dirname(os.path.dirname(os.path.realpath(swiftc)))
    found = glob.glob(os.path.join(toolchain, "lib", "swift", "linux", "Observation.swiftmodule", "*.swiftinterface"))
    found = [path for path in found if ".private." not in path]
    if not found:
        raise SystemExit(f"no Observation.swiftinterface under {toolchain}")
    return found[0]


def versions(attribute):
    """{'iOS': (17, 0), ...} from the text of an @available attribute."""
    return {
        name: tuple(int(part) for part in (number.split(".") + ["0", "0"])[:3])
        for name, number in re.findall(r"\b(iOS|macOS|tvOS|watchOS)\s+(\d+(?:\.\d+)*)", attribute)
    }


def required_availability(interface):
    """The availability each symbol needs, from the @available line above its public declaration."""
    lines = open(interface, encoding="utf-8").read().split("\n")
    needed = {}
    for index, line in enumerate(lines):
        for symbol in SYMBOLS:
            if re.search(r"public (?:struct|protocol|func|class|enum) " + symbol + r"\b", line):
                above = "\n".join(lines[max(0, index - 2):index + 1])
                found = versions(above)
                if found and symbol not in needed:
                    needed[symbol] = found
    return needed


def declarations(text):
    """Top-level declarations as (first line number, text with the attributes above them)."""
    lines = text.split("\n")
    blocks = []
    start = None
    for index, line in enumerate(lines):
        top_level = line and not line[0].isspace() and not line.startswith(("}", "//", "#", "import "))
        if top_level and (start is None or not lines[index - 1].startswith("@")):
            if start is not None:
                blocks.append((start + 1, "\n".join(lines[start:index])))
            start = index
            # Attributes and doc comments directly above belong to the declaration.
            while start > 0 and lines[start - 1].startswith(("@", "///")):
                start -= 1
    if start is not None:
        blocks.append((start + 1, "\n".join(lines[start:])))
    return blocks


def main():
    needed = required_availability(interface_path())
    problems = []
    for path in sorted(glob.glob(os.path.join(ROOT, "Sources", "**", "*.swift"), recursive=True)):
        text = open(path, encoding="utf-8").read()
        if not re.search(r"^import Observation$", text, re.M):
            continue
        for line, block in declarations(text):
            code = "\n".join(row for row in block.split("\n") if not row.lstrip().startswith("//"))
            used = [symbol for symbol in needed if re.search(r"\b" + symbol + r"\b", code)]
            if not used:
                continue
            declared = {}
            for attribute in re.findall(r"^@available\(([^)]*)\)", block, re.M):
                declared.update(versions(attribute))
            for symbol in used:
                for platform in PLATFORMS:
                    need = needed[symbol].get(platform)
                    if need and declared.get(platform, (0, 0, 0)) < need:
                        relative = os.path.relpath(path, ROOT)
                        problems.append(
                            f"{relative}:{line}: uses {symbol}, which needs {platform} {'.'.join(map(str, need[:2]))}, "
                            f"but the declaration is available from {platform} "
                            f"{'.'.join(map(str, declared.get(platform, ())[:2])) or '(floor)'}")
    for problem in problems:
        print(problem)
    print(f"availability: {len(needed)} Observation symbols checked, {len(problems)} problem(s)")
    return 1 if problems else 0


sys.exit(main())
