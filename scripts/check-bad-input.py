#!/usr/bin/env python3
"""Keeps docs/BadInput.md true to the code.

Every case of every public error enum in Sources/ must have one row in the catalogue, whose text is the case's
message as its `description` writes it (with ‹placeholders› for what the error carries), and whose test exists: a
Swift Testing test named "<Type>.<case>" in one of the Tests/*/BadInputTests.swift files.

    scripts/check-bad-input.py           # check; exits 1 and lists the differences
    scripts/check-bad-input.py --print   # print the rows the code implies, for writing the catalogue
"""
import pathlib
import re
import sys

root = pathlib.Path(__file__).resolve().parent.parent


def split_literal_expression(expression):
    """Renders a Swift string expression ("a \\(b)" + "c", or x.joined(...) + "d") as a template."""
    parts = []
    index = 0
    while index < len(expression):
        char = expression[index]
        if char == '"':
            index += 1
            text = []
            while index < len(expression) and expression[index] != '"':
                if expression.startswith("\\(", index):
                    depth, start = 1, index + 2
                    index += 2
                    while depth:
                        depth += {"(": 1, ")": -1}.get(expression[index], 0)
                        index += 1
                    text.append(placeholder(expression[start:index - 1]))
                    continue
                if expression[index] == "\\":
                    index += 1
                text.append(expression[index])
                index += 1
            parts.append("".join(text))
            index += 1
        elif char in " +\n":
            index += 1
        else:
            start, depth = index, 0
            while index < len(expression) and (depth or expression[index] not in " +\n"):
                depth += {"(": 1, ")": -1}.get(expression[index], 0)
                index += 1
            parts.append(placeholder(expression[start:index]))
    return "".join(parts)


def placeholder(expression):
    """‹url› for `url.absoluteString`, ‹chain, joined by " -> "› for `chain.joined(separator: " -> ")`."""
    expression = expression.removesuffix(".absoluteString")
    joined = re.fullmatch(r'(\w+)\.joined\(separator: (".*")\)', expression)
    if joined:
        return f"‹{joined.group(1)}, joined by {joined.group(2)}›"
    return f"‹{expression}›"


def error_cases():
    """(Type.case, template) for every case of every public error enum, in source order."""
    rows = []
    for path in sorted((root / "Sources").rglob("*.swift")):
        text = path.read_text()
        for match in re.finditer(r"public enum (\w+): Error\b[^{]*\{", text):
            name = match.group(1)
            body_start = match.end()
            depth, index = 1, body_start
            while depth:
                depth += {"{": 1, "}": -1}.get(text[index], 0)
                index += 1
            body = text[body_start:index - 1]
            cases = re.findall(r"^    case (\w+)", body, re.MULTILINE)
            description = body[body.index("var description: String"):]
            for case in cases:
                found = re.search(
                    r"case \." + case + r"\b[^:]*:\s*(?:return\s+)?(.*?)(?=\n\s*case \.|\n\s*\}\n)", description, re.S)
                template = split_literal_expression(found.group(1).strip()) if found else "?"
                rows.append((f"{name}.{case}", template))
    return rows


def catalogue_rows():
    """Type.case -> template, from the catalogue's table rows."""
    rows = {}
    for line in (root / "docs" / "BadInput.md").read_text().splitlines():
        match = re.match(r"\| `(\w+\.\w+)` \| .* \| `(.*)` \| (\w+) \|$", line)
        if match:
            rows[match.group(1)] = (match.group(2).replace("\\|", "|"), match.group(3))
    return rows


def tested_cases():
    """Type.case -> the test target whose BadInputTests.swift tests it."""
    names = {}
    for path in (root / "Tests").glob("*/BadInputTests.swift"):
        for name in re.findall(r'@Test\("(\w+\.\w+)"\)', path.read_text()):
            names[name] = path.parent.name
    return names


def main():
    cases = error_cases()
    if "--print" in sys.argv:
        tests = tested_cases()
        for name, template in cases:
            print(f"| `{name}` | | `{template}` | {tests.get(name, '?')} |")
        return 0
    documented = catalogue_rows()
    tests = tested_cases()
    problems = []
    for name, template in cases:
        if name not in documented:
            problems.append(f"{name}: no row in docs/BadInput.md")
        elif documented[name][0] != template:
            problems.append(f"{name}: the catalogue says `{documented[name][0]}`, the code says `{template}`")
        if name not in tests:
            problems.append(f'{name}: no @Test("{name}") in Tests/*/BadInputTests.swift')
        elif name in documented and documented[name][1] != tests[name]:
            problems.append(f"{name}: the catalogue names {documented[name][1]}, the test is in {tests[name]}")
    known = {name for name, _ in cases}
    problems += [f"{name}: a row for an error case that does not exist" for name in documented if name not in known]
    for problem in problems:
        print(problem)
    tested = len(known & tests.keys())
    print(f"bad-input catalogue: {len(cases)} error cases, {len(documented)} rows, {tested} tested")
    return 1 if problems else 0


sys.exit(main())
