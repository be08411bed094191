#!/usr/bin/env python3
"""Compiles every ```swift block of README.md and docs/*.md against the debug build's modules.

The blocks of one page are joined, in order, into one main file that imports the Brigade modules (so top-level
statements are allowed and a later block sees what an earlier one declared), and `swiftc -emit-sil` compiles it:
type checking and the diagnostics that come after it (definite initialization, data-race safety), no code.
A block with a line `<!-- partial -->` immediately above its fence is skipped: a fragment, or code of another
library (VISPER's, in the migration guide). A block with a line `<!-- apple -->` immediately above its fence is
Apple-only code (it imports UIKit or SwiftUI): skipped here, it is compiled by `scripts/check-apple-stand-ins`
against the project's stand-ins of those frameworks. A block with a line `<!-- file: PATH -->` above its fence is a
file of the repository shown in full (the Getting Started package): it must equal that file, and is compiled with
its package rather than here. A swift block inside an HTML comment is hidden on the page but checked: the declarations
the page's examples assume. A line `<!-- new scope -->` starts a new main file for the blocks after it, for a page
that shows several versions of one type (the migration guide's before and after).

Run it after `swift build` (the modules are read from the build directory):

    python3 scripts/check-doc-blocks.py                 # every page
    python3 scripts/check-doc-blocks.py docs/Redux.md   # some pages

Warnings are not reported (a guide may leave a value unused); errors are. On failure it prints the page, the block
(number and line) and the compiler's error, and exits 1.

With BRIGADE_APP_MODE=1 the blocks are compiled as an app target made by Xcode 26 compiles them: default main-actor
isolation, NonisolatedNonsendingByDefault and InferIsolatedConformances (issue 40); CI runs both modes.
"""

import concurrent.futures
import os
import re
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PARTIAL = "<!-- partial -->"
APPLE = "<!-- apple -->"
NEW_SCOPE = "<!-- new scope -->"
FILE = re.compile(r"^<!-- file: (\S+) -->$")
FENCE = re.compile(r"^(\s*)(`{3,})([^`\s]*)\s*$")
# What Xcode 26 sets for a new app target.
APP_MODE = [
    "-default-isolation", "MainActor",
    "-enable-upcoming-feature", "NonisolatedNonsendingByDefault",
    "-enable-upcoming-feature", "InferIsolatedConformances",
]
# Every module a reader may use in a guide; the umbrella re-exports all components but the test kit and the
# inspector.
IMPORTS = ["Foundation", "Brigade", "BrigadeTesting", "BrigadeInspector"]


def find_pages(arguments):
    if arguments:
        return arguments
    docs = os.path.join(ROOT, "docs")
    return ["README.md"] + sorted(
        os.path.join("docs", name) for name in os.listdir(docs) if name.endswith(".md")
    )


def extract_blocks(path, files=None):
    """The page's swift blocks as (index, first line number, lines, skipped, scope), index counted from 1; the
    blocks that show a file are also appended to `files` as (index, first line number, lines, file path)."""
    files = [] if files is None else files
    with open(os.path.join(ROOT, path), encoding="utf-8") as handle:
        lines = handle.read().split("\n")
    blocks = []
    number = 0
    scope = 0
    index = 0
    while index < len(lines):
        match = FENCE.match(lines[index])
        if not match:
            if lines[index].strip() == NEW_SCOPE:
                scope += 1
            index += 1
            continue
        indent, ticks, language = match.group(1), match.group(2), match.group(3)
        previous = lines[index - 1].strip() if index > 0 else ""
        start = index + 1
        end = start
        while end < len(lines) and not re.match(r"^\s*" + ticks + r"`*\s*$", lines[end]):
            end += 1
        if end == len(lines):
            raise SystemExit(f"{path}:{index + 1}: code block never closed")
        if language == "swift":
            number += 1
            body = [line[len(indent):] if line.startswith(indent) else line.lstrip() for line in lines[start:end]]
            shown = FILE.match(previous)
            if shown:
                files.append((number, start + 1, body, shown.group(1)))
            blocks.append((number, start + 1, body, previous in (PARTIAL, APPLE) or shown is not None, scope))
        index = end + 1
    return blocks


def main_file(path, blocks):
    """One main file: the imports, then each checked block with a `#sourceLocation` pointing into the page."""
    out = [f"import {module}" for module in IMPORTS]
    for number, line, body, partial, _ in blocks:
        if partial:
            continue
        out.append(f'#sourceLocation(file: "{path}", line: {line})')
        out.extend(body)
        out.append("#sourceLocation()")
    return "\n".join(out) + "\n"


def module_directory(build):
    for candidate in ("Modules", ""):
        directory = os.path.join(build, candidate)
        if os.path.exists(os.path.join(directory, "Brigade.swiftmodule")):
            return directory
    raise SystemExit(f"no Brigade.swiftmodule under {build}: run `swift build` first")


def typecheck(path, scope, blocks, modules, scratch):
    source = os.path.join(scratch, re.sub(r"[^A-Za-z0-9]", "_", path) + f"_{scope}.swift")
    with open(source, "w", encoding="utf-8") as handle:
        handle.write(main_file(path, blocks))
    command = [
        os.environ.get("SWIFTC", "swiftc"),
        "-emit-sil", "-o", os.devnull,
        "-diagnostic-style=llvm",
        # A guide's `let dishes = …` that it never reads is fine; errors only.
        "-suppress-warnings",
        "-swift-version", "6",
        "-module-name", "DocBlocks",
        "-I", modules,
        # BrigadeServices' system-library module (SQLite), which its interface refers to.
        "-I", os.path.join(ROOT, "Sources", "CSQLite"),
        "-module-cache-path", os.path.join(scratch, "ModuleCache"),
        source,
    ] + (APP_MODE if os.environ.get("BRIGADE_APP_MODE") == "1" else [])
    result = subprocess.run(command, cwd=ROOT, capture_output=True, text=True)
    return result.returncode, result.stdout + result.stderr


def block_of(blocks, line):
    """The block that holds page line `line`."""
    for number, start, body, partial, _ in blocks:
        if not partial and start <= line < start + len(body):
            return number, start
    return None


def report(path, blocks, output):
    """The compiler's output, each error preceded by its page and block."""
    lines = []
    for line in output.splitlines():
        match = re.match(r"^(.*?):(\d+):\d+: (error|warning)", line)
        if match and match.group(1).endswith(path):
            found = block_of(blocks, int(match.group(2)))
            if found:
                lines.append(f"--- {path}, block {found[0]} (starting line {found[1]}):")
        lines.append(line)
    return "\n".join(lines)


def compare_files(path, files):
    """The differences between the blocks that show a file and the file, as messages."""
    problems = []
    for number, line, body, shown in files:
        try:
            with open(os.path.join(ROOT, shown), encoding="utf-8") as handle:
                expected = handle.read()
        except OSError as error:
            problems.append(f"{path}:{line}: block {number} shows {shown}, which cannot be read: {error}")
            continue
        if "\n".join(body) + "\n" != expected:
            problems.append(f"{path}:{line}: block {number} differs from {shown}; copy the file into the guide")
    return problems


def main():
    build = os.environ.get("BRIGADE_BUILD", os.path.join(ROOT, ".build", "debug"))
    modules = module_directory(build)
    pages = find_pages(sys.argv[1:])
    work = []
    failures = 0
    pages_checked = []
    for path in pages:
        files = []
        blocks = extract_blocks(path, files)
        problems = compare_files(path, files)
        if problems:
            failures += 1
            print("\n".join(problems))
        elif files:
            print(f"{path}: {len(files)} block(s) equal the files they show")
        checked = [block for block in blocks if not block[3]]
        skipped = len(blocks) - len(checked)
        scopes = sorted({block[4] for block in checked})
        if checked:
            pages_checked.append((path, blocks, len(checked), skipped))
            for scope in scopes:
                work.append((path, scope, [block for block in blocks if block[4] == scope]))
        else:
            print(f"{path}: no block to check ({skipped} skipped)")
    with tempfile.TemporaryDirectory(prefix="doc-blocks-") as scratch:
        jobs = int(os.environ.get("DOC_BLOCKS_JOBS", os.cpu_count() or 1))
        with concurrent.futures.ThreadPoolExecutor(max_workers=jobs) as pool:
            results = list(pool.map(lambda item: typecheck(item[0], item[1], item[2], modules, scratch), work))
    for path, blocks, count, skipped in pages_checked:
        outputs = [output for (page, _, _), (status, output) in zip(work, results) if page == path and status != 0]
        if not outputs:
            print(f"{path}: {count} block(s) compile ({skipped} skipped)")
        else:
            failures += 1
            print(f"{path}: FAILED")
            print(report(path, blocks, "\n".join(outputs)))
    if failures:
        print(f"{failures} page(s) failed: blocks that do not compile (mark a deliberate fragment with {PARTIAL})"
              " or that differ from the file they show")
        sys.exit(1)


if __name__ == "__main__":
    main()
