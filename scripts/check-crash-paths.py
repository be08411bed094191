#!/usr/bin/env python3
"""Fails when Sources/ has a crash path that input, configuration or call order could reach: fatalError,
precondition, preconditionFailure, try!, as!, or a force unwrap of an optional. A line may keep one only with a
justified `// brigade:allow <reason>` comment."""
import pathlib
import re
import sys

FORBIDDEN = [
    (re.compile(r"\bfatalError\s*\("), "fatalError"),
    (re.compile(r"\bpreconditionFailure\s*\("), "preconditionFailure"),
    (re.compile(r"\bprecondition\s*\("), "precondition"),
    (re.compile(r"\btry!"), "try!"),
    (re.compile(r"\bas!"), "as!"),
    # A force unwrap: an expression followed by `!` that is not `!=`.
    (re.compile(r"[A-Za-z0-9_)\]]!(?![=])"), "force unwrap"),
]


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


def main() -> int:
    root = pathlib.Path(sys.argv[1] if len(sys.argv) > 1 else "Sources")
    findings = []
    for path in sorted(root.rglob("*.swift")):
        in_block = False
        in_multiline = False
        for number, line in enumerate(path.read_text().splitlines(), 1):
            if '"""' in line:
                in_multiline = not in_multiline if line.count('"""') % 2 == 1 else in_multiline
                continue
            if in_multiline:
                continue
            code, in_block = strip(line, in_block)
            for pattern, name in FORBIDDEN:
                checked = re.sub(r"\b(as|try)!", "", code) if name == "force unwrap" else code
                if pattern.search(checked) and "brigade:allow" not in line:
                    findings.append(f"{path}:{number}: {name}: {line.strip()}")
    for finding in findings:
        print(finding)
    if findings:
        print(f"\n{len(findings)} crash path(s) in {root}; use a typed error, or justify with // brigade:allow")
        return 1
    print(f"no crash paths in {root}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
