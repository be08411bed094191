#!/usr/bin/env python3
"""Fails when Swift code under a folder (Sources/ by default) has a crash path or an unchecked unsafe construct.

Crash paths that input, configuration or call order could reach: fatalError, precondition, preconditionFailure,
try!, as!, or a force unwrap of an optional. A line may keep one only with a justified `// brigade:allow <reason>`
comment on it.

Unsafe constructs (issue 26): `unsafeDowncast`, `unsafeBitCast`, `Unmanaged`, calls of the standard library's
underscored `_with…` functions (`_withUnsafeGuaranteedRef`; a `_with…` function the scanned code declares itself is
not one), `@exclusivity(unchecked)`, `nonisolated(unsafe)`, and pointers: the `Unsafe…Pointer` types, `withUnsafe…`
calls, raw loads and stores (`load(fromByteOffset:as:)`, `loadUnaligned`, `storeBytes`), `assumingMemoryBound`,
`bindMemory`, `withMemoryRebound`. Each needs `// brigade:allow-unsafe <reason and measured gain>` on the same line
or in the comment lines directly above it (the block of `//` lines that ends on the line above); a comment without a
reason does not count.

Names: a `@usableFromInline` declaration's name starts with an underscore (`@usableFromInline var _members`).
Initializers, subscripts and operators have no name to underscore and are not reported.

Comments and string literals are not scanned.

    scripts/check-crash-paths.py [FOLDER]            # exits 1 and lists each finding
    scripts/check-crash-paths.py --count [FOLDER]    # per-construct counts (allowed ones included); exits 0
    scripts/check-crash-paths.py --self-test         # proves each rule catches and each allow comment releases
"""
import pathlib
import re
import sys
import tempfile

CRASH_PATHS = [
    (re.compile(r"\bfatalError\s*\("), "fatalError"),
    (re.compile(r"\bpreconditionFailure\s*\("), "preconditionFailure"),
    (re.compile(r"\bprecondition\s*\("), "precondition"),
    (re.compile(r"\btry!"), "try!"),
    (re.compile(r"\bas!"), "as!"),
    # A force unwrap: an expression followed by `!` that is not `!=`.
    (re.compile(r"[A-Za-z0-9_)\]]!(?![=])"), "force unwrap"),
]

UNSAFE = [
    (re.compile(r"\bunsafeDowncast\b"), "unsafeDowncast"),
    (re.compile(r"\bunsafeBitCast\b"), "unsafeBitCast"),
    (re.compile(r"\bUnmanaged\b"), "Unmanaged"),
    (re.compile(r"(?<![A-Za-z0-9_])_with[A-Z]\w*"), "_with* stdlib call"),
    (re.compile(r"@exclusivity\s*\(\s*unchecked\s*\)"), "@exclusivity(unchecked)"),
    (re.compile(r"\bnonisolated\s*\(\s*unsafe\s*\)"), "nonisolated(unsafe)"),
    (re.compile(r"\bUnsafe(?:Mutable)?(?:Raw)?(?:Buffer)?Pointer\b"), "Unsafe*Pointer"),
    (re.compile(r"\bwithUnsafe\w*"), "withUnsafe*"),
    (
        re.compile(
            r"\.(?:load\s*\(\s*(?:fromByteOffset|as)\b|loadUnaligned\b|storeBytes\b)"
            r"|\b(?:assumingMemoryBound|bindMemory|withMemoryRebound)\b|\.pointee\b"
        ),
        "raw pointer load/store",
    ),
]

USABLE_FROM_INLINE = "@usableFromInline without underscore"
DECLARATION = re.compile(
    r"\b(var|let|func|class|struct|enum|protocol|typealias|actor|case|init|subscript|deinit)\b\s*`?([A-Za-z_]\w*)?"
)
CRASH_ALLOW = re.compile(r"brigade:allow(?!-)\s+\S")
UNSAFE_ALLOW = re.compile(r"//.*brigade:allow-unsafe\b(.*)$")


def strip(line: str, in_block: bool):
    """The code of `line` without string literals and comments, and whether a block comment continues."""
    code = []
    index = 0
    in_string = False
    while index < len(line):
        if in_block:
            end = line.find("*/", index)
            if end < 0:
                return "".join(code), True
            in_block = False
            index = end + 2
            continue
        char = line[index]
        if in_string:
            if char == "\\":
                index += 2
                continue
            if char == '"':
                in_string = False
            index += 1
            continue
        if line.startswith("//", index):
            break
        if line.startswith("/*", index):
            in_block = True
            index += 2
            continue
        if char == '"':
            in_string = True
            code.append('""')
            index += 1
            continue
        code.append(char)
        index += 1
    return "".join(code), in_block


def code_lines(text: str):
    """(line number, original line, code without comments and strings) of each line outside multi-line strings."""
    in_block = False
    in_multiline = False
    for number, line in enumerate(text.splitlines(), 1):
        if '"""' in line:
            in_multiline = not in_multiline if line.count('"""') % 2 == 1 else in_multiline
            continue
        if in_multiline:
            continue
        code, in_block = strip(line, in_block)
        yield number, line, code


def unsafe_allowance(lines, index):
    """'ok' when line `index` (0-based) carries a reasoned `brigade:allow-unsafe`, or the `//` block directly above
    it does; 'empty' when the only such comment has no reason; None when there is none."""
    candidates = [lines[index]]
    above = index - 1
    while above >= 0 and lines[above].strip().startswith("//"):
        candidates.append(lines[above])
        above -= 1
    found = None
    for line in candidates:
        match = UNSAFE_ALLOW.search(line)
        if match:
            if match.group(1).strip():
                return "ok"
            found = "empty"
    return found


def own_with_functions(files):
    """Names `_with…` that the scanned code declares itself: calls of them are not the standard library's."""
    names = set()
    for path in files:
        for _, _, code in code_lines(path.read_text()):
            names.update(re.findall(r"\bfunc\s+(_with[A-Z]\w*)", code))
    return names


def usable_from_inline_names(code_by_line):
    """(line index, name) of each `@usableFromInline` declaration, its name read from the line of the attribute or
    the next ones (attributes and modifiers may come between); the name is None for init, subscript, deinit and
    operators."""
    found = []
    for index, code in enumerate(code_by_line):
        for match in re.finditer(r"@usableFromInline\b", code):
            rest = code[match.end():]
            following = index + 1
            while not DECLARATION.search(rest) and following < len(code_by_line) and following <= index + 4:
                rest += " " + code_by_line[following]
                following += 1
            declaration = DECLARATION.search(rest)
            if not declaration:
                continue
            keyword, name = declaration.group(1), declaration.group(2)
            if keyword in ("init", "subscript", "deinit"):
                name = None
            found.append((index, name))
    return found


def scan(root: pathlib.Path):
    """Every finding under `root`: (path, line number, rule, allowed, text). `allowed` is True when an allow comment
    releases it (counted by --count, not reported)."""
    files = sorted(root.rglob("*.swift")) if root.is_dir() else [root]
    own = own_with_functions(files)
    findings = []
    for path in files:
        lines = path.read_text().splitlines()
        code_by_line = [""] * len(lines)
        for number, line, code in code_lines("\n".join(lines)):
            code_by_line[number - 1] = code
        for index, code in enumerate(code_by_line):
            line = lines[index]
            if not code.strip():
                continue
            for pattern, name in CRASH_PATHS:
                checked = re.sub(r"\b(as|try)!", "", code) if name == "force unwrap" else code
                if pattern.search(checked):
                    findings.append((path, index + 1, name, bool(CRASH_ALLOW.search(line)), line.strip()))
            for pattern, name in UNSAFE:
                matches = [m.group(0) for m in pattern.finditer(code)]
                if name == "_with* stdlib call":
                    matches = [m for m in matches if m not in own]
                    if re.search(r"\bfunc\s+_with[A-Z]", code):
                        matches = []
                if not matches:
                    continue
                allowance = unsafe_allowance(lines, index)
                for _ in matches:
                    if allowance == "empty":
                        findings.append((path, index + 1, name + " (brigade:allow-unsafe needs a reason)", False,
                                         line.strip()))
                    else:
                        findings.append((path, index + 1, name, allowance == "ok", line.strip()))
        for index, name in usable_from_inline_names(code_by_line):
            if name is not None and not name.startswith("_"):
                findings.append((path, index + 1, USABLE_FROM_INLINE, False, lines[index].strip() + f"  ({name})"))
    return findings


def rule_of(name: str) -> str:
    return name.split(" (brigade:allow-unsafe")[0]


def count(root: pathlib.Path) -> int:
    findings = scan(root)
    print(f"unsafe constructs and crash paths in {root} (occurrences; allowed ones included)")
    order = [name for _, name in UNSAFE] + [USABLE_FROM_INLINE] + [name for _, name in CRASH_PATHS]
    total_unsafe = 0
    for rule in order:
        hits = [f for f in findings if rule_of(f[2]) == rule]
        allowed = sum(1 for f in hits if f[3])
        files = len({f[0] for f in hits})
        print(f"  {rule:<40} {len(hits):>5}   allowed {allowed:>4}   in {files} files")
        if rule in [name for _, name in UNSAFE]:
            total_unsafe += len(hits)
    print(f"  {'unsafe constructs in all':<40} {total_unsafe:>5}")
    return 0


def check(root: pathlib.Path) -> int:
    findings = [f for f in scan(root) if not f[3]]
    for path, number, name, _, text in findings:
        print(f"{path}:{number}: {name}: {text}")
    if findings:
        print(f"\n{len(findings)} finding(s) in {root}: use a typed error or a safe construct; justify a crash path "
              "with // brigade:allow <reason>, an unsafe construct with // brigade:allow-unsafe <reason and measured "
              "gain>; start a @usableFromInline name with an underscore")
        return 1
    print(f"no crash paths, unchecked unsafe constructs or unprefixed @usableFromInline names in {root}")
    return 0


# Each fixture: Swift source, and the rules (sorted) the check must report on it.
FIXTURES = {
    "crash paths": ("let x = y!\nfatalError(\"no\")\nlet z = try! f()\nlet w = v as! Int\n",
                    ["fatalError", "force unwrap", "try!", "as!"]),
    "crash path allowed": ("fatalError(\"no\")  // brigade:allow unreachable: the enum is frozen\n", []),
    "crash path not released by allow-unsafe": ("fatalError(\"no\")  // brigade:allow-unsafe reason\n",
                                                ["fatalError"]),
    "comments and strings": ("// unsafeDowncast(x, to: Y.self) and Unmanaged\nlet s = \"withUnsafePointer x!\"\n"
                             "/* @exclusivity(unchecked) */\n", []),
    "unsafeDowncast": ("let y = unsafeDowncast(x, to: Y.self)\n", ["unsafeDowncast"]),
    "unsafeBitCast": ("let y = unsafeBitCast(x, to: Int.self)\n", ["unsafeBitCast"]),
    "Unmanaged": ("let u = Unmanaged.passUnretained(x)\n", ["Unmanaged"]),
    "_with stdlib call": ("u._withUnsafeGuaranteedRef { $0.run() }\n", ["_with* stdlib call"]),
    "own _with function": ("func _withLock<T>(_ body: () -> T) -> T { body() }\nlet v = _withLock { 1 }\n", []),
    "exclusivity": ("@exclusivity(unchecked) var count = 0\n", ["@exclusivity(unchecked)"]),
    "nonisolated unsafe": ("nonisolated(unsafe) var shared = 0\n", ["nonisolated(unsafe)"]),
    "pointer type": ("let p: UnsafeMutableRawPointer = q\n", ["Unsafe*Pointer"]),
    "withUnsafe call": ("withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 8) { _ in }\n", ["withUnsafe*"]),
    "raw load": ("let v = raw.load(fromByteOffset: 8, as: Int.self)\nlet w = p.assumingMemoryBound(to: Int.self)\n",
                 ["raw pointer load/store", "raw pointer load/store"]),
    "pointee": ("let v = pointer.pointee\n", ["raw pointer load/store"]),
    "allowed on the same line": ("let y = unsafeDowncast(x, to: Y.self)  // brigade:allow-unsafe 3 ns per row\n", []),
    "allowed on the line above": ("// brigade:allow-unsafe unretained call: 11 ns per idle subscriber\n"
                                  "let u = Unmanaged.passUnretained(x)\n", []),
    "allowed by a comment block above": ("// brigade:allow-unsafe checked casts cost 3.4 ns per subscriber\n"
                                         "// (docs/Performance.md)\n@exclusivity(unchecked) var count = 0\n", []),
    "not allowed from two lines above": ("// brigade:allow-unsafe 11 ns\nlet a = 1\n"
                                         "let u = Unmanaged.passUnretained(x)\n", ["Unmanaged"]),
    "empty reason": ("let u = Unmanaged.passUnretained(x)  // brigade:allow-unsafe\n",
                     ["Unmanaged (brigade:allow-unsafe needs a reason)"]),
    "empty reason above": ("// brigade:allow-unsafe   \nnonisolated(unsafe) var shared = 0\n",
                           ["nonisolated(unsafe) (brigade:allow-unsafe needs a reason)"]),
    "usableFromInline names": ("@usableFromInline var members: [Int] = []\n@usableFromInline\nfinal class Group {}\n"
                               "@usableFromInline internal static func refresh() {}\n",
                               [USABLE_FROM_INLINE, USABLE_FROM_INLINE, USABLE_FROM_INLINE]),
    "usableFromInline underscored": ("@usableFromInline var _members: [Int] = []\n@usableFromInline\n"
                                     "final class _Group {}\n@usableFromInline init(_ x: Int) {}\n"
                                     "@usableFromInline\n    nonisolated func _refresh() {}\n", []),
}


def self_test() -> int:
    failures = []
    with tempfile.TemporaryDirectory() as directory:
        for name, (source, expected) in FIXTURES.items():
            path = pathlib.Path(directory) / (re.sub(r"\W+", "_", name) + ".swift")
            path.write_text(source)
            reported = sorted(f[2] for f in scan(path) if not f[3])
            if reported != sorted(expected):
                failures.append(f"{name}: expected {sorted(expected)}, reported {reported}")
            path.unlink()
        # --count sees allowed constructs as well.
        path = pathlib.Path(directory) / "count.swift"
        path.write_text(FIXTURES["allowed on the line above"][0])
        counted = [f for f in scan(path) if f[2] == "Unmanaged"]
        if len(counted) != 1 or not counted[0][3]:
            failures.append(f"count: expected one allowed Unmanaged, found {counted}")
    for failure in failures:
        print("self-test FAILED: " + failure)
    if failures:
        return 1
    print(f"check-crash-paths self-test: {len(FIXTURES) + 1} fixtures, each rule catches and each allow comment "
          "releases")
    return 0


def main() -> int:
    arguments = sys.argv[1:]
    if "--self-test" in arguments:
        return self_test()
    counting = "--count" in arguments
    paths = [a for a in arguments if not a.startswith("--")]
    root = pathlib.Path(paths[0] if paths else "Sources")
    return count(root) if counting else check(root)


if __name__ == "__main__":
    sys.exit(main())
