#!/usr/bin/env python3
"""Renames the old vocabulary of Brigade's public API to the new one (issue 26, "One vocabulary").

A table of old -> new names, applied with word-boundary regular expressions to the Swift files, generated-code
goldens and Markdown of the repository. It is mechanical and re-runnable: every rule matches only the old form, so a
second run changes nothing, and it can be run again after merging branches that still use the old names.

    scripts/rename-vocabulary.py            # rewrite the files in place, list the ones changed
    scripts/rename-vocabulary.py --check    # change nothing; list what would change, exit 1 if anything would

After rewriting, it runs `swift format format -i` on the Swift files it changed (a longer name can push a line past
120 columns); `--no-format` skips that.

Where it applies:
- Files: Sources, Tests, Examples, Benchmarks, Fuzz (*.swift, *.golden), docs/*.md and README.md.
- Not: the compatibility files (`VISPERNames.swift`, which keep the old names as deprecated aliases),
  docs/Glossary.md, docs/MigratingFromVISPER.md and CHANGELOG.md (they name the old names on purpose).
- In Swift comments, the references to Dertisch, Filzanzug and Quantwm go (docs/Glossary.md keeps them).
- Names that are also English words (`Undo`, `Redo`, `Signal`, `Entity`) change only in code: Swift code lines,
  code blocks and `code spans` inside comments and Markdown; the prose around them is left alone. The other names
  are unambiguous identifiers and change everywhere.
"""
import pathlib
import re
import subprocess
import sys

root = pathlib.Path(__file__).resolve().parent.parent

EXCLUDED_NAMES = {"VISPERNames.swift"}
EXCLUDED_PATHS = {"docs/Glossary.md", "docs/MigratingFromVISPER.md", "CHANGELOG.md"}

# Unambiguous identifiers: (pattern, replacement), applied to every line.
IDENTIFIERS = [
    # Redux: Swift-style names for VISPER's reducer protocols and their associated types.
    # "VISPER's `ActionReducerType`" names VISPER's protocol and stays.
    (r"(?<!VISPER's `)\bAsyncActionReducerType\b", "AsyncActionReducer"),
    (r"(?<!VISPER's `)\bActionReducerType\b", "ActionReducer"),
    (r"\bReducerActionType\b", "ReducedAction"),
    (r"\bReducerStateType\b", "ReducedState"),
    (r"\bStateType\b", "ReducedState"),
    # Core: one navigation error type.
    (r"\bNavigationError\b", "NavigatorError"),
    # Reactive: SignalBus's descriptive names (Filzanzug's scan / scan once / stop / transmit).
    (r"\bscan\(_:scanner:handler:\)", "observe(_:observer:handler:)"),
    (r"\bscanOnce\(_:scanner:handler:\)", "observeOnce(_:observer:handler:)"),
    (r"\bstop\(_:scanner:\)", "stopObserving(_:observer:)"),
    (r"\btransmit\(_:_:\)", "send(_:_:)"),
    (r"\bhasScanners\(_:\)", "hasObservers(_:)"),
    (r"\balreadyScanning\(signal:scanner:\)", "alreadyObserving(signal:observer:)"),
    (r"\.stop\(([^()\n]*?)\bscanner:", r".stopObserving(\1observer:"),
    (r"\balreadyScanning\(signal:([^()\n]*?)\bscanner:", r"alreadyObserving(signal:\1observer:"),
    (r"\balreadyScanning\b", "alreadyObserving"),
    (r"\.scanOnce\(", ".observeOnce("),
    (r"\.scan\(", ".observe("),
    (r"\.transmit\(", ".send("),
    (r"\.hasScanners\(", ".hasObservers("),
    (r"(?<=[(,] )scanner:(?= )", "observer:"),
]

# Names that are also words: (pattern, replacement in code, replacement in a DocC ``link``).
# The look-behinds keep a second run from qualifying a name twice (a qualified name, the nested declaration) and leave
# recorded type names in JSON ("type":"Undo") alone: an action log keeps naming the action `Undo`.
WORDS = [
    (r"(?<![\w./\"])(?<!struct )Undo\b(?!\")", "HistoryAction.Undo", "HistoryAction/Undo"),
    (r"(?<![\w./\"])(?<!struct )Redo\b(?!\")", "HistoryAction.Redo", "HistoryAction/Redo"),
    (r"(?<![\w./])(?<!struct )Signal\b", "SignalBus.Signal", "SignalBus/Signal"),
    (r"(?<![\w./\"\[])Entity\b(?![/\[\]\"])", "StorableEntity", "StorableEntity"),
]

# A DocC link that names the entity protocol through its module: ``BrigadeEntity/Entity/entityTypeName``.
DOCC_PATHS = [
    (r"\bBrigadeEntity/Entity\b", "BrigadeEntity/StorableEntity"),
    (r"\bBrigadeReactive/Signal\b", "BrigadeReactive/SignalBus/Signal"),
    (r"\bBrigadeRedux/Undo\b", "BrigadeRedux/HistoryAction/Undo"),
    (r"\bBrigadeRedux/Redo\b", "BrigadeRedux/HistoryAction/Redo"),
]


# Doc comments do not name the projects Brigade borrows from (docs/Glossary.md does): "(Dertisch's FoodDelivery)",
# "(Quantwm's contract)", "(Filzanzug's temporary values)" go; "Dertisch's `{...}`" keeps the format only.
PROVENANCE = [
    (r", plus Dertisch's kitchen\)", ")"),
    (r" ?\((?:Dertisch|Filzanzug|Quantwm)'s [^()]*\)", ""),
    (r"(?:Dertisch|Filzanzug|Quantwm)'s (`\{)", r"\1"),
]


def rename_identifiers(text):
    for pattern, replacement in IDENTIFIERS + DOCC_PATHS:
        text = re.sub(pattern, replacement, text)
    return text


# A signal declared as a static member of `extension SignalBus.Signal where Payload == …` is made with `Self(…)`: the
# bare name `Signal` there meant the extended type, the qualified `SignalBus.Signal` cannot infer its payload type.
STATIC_SIGNAL = (r"(static (?:let|var) \w+(?:: [^=]+)? = )(?:SignalBus\.)?Signal\(", r"\1Self(")


def rename_words_in_code(text):
    text = re.sub(STATIC_SIGNAL[0], STATIC_SIGNAL[1], text)
    for pattern, replacement, _ in WORDS:
        text = re.sub(pattern, replacement, text)
    return text


def rename_words_in_spans(text):
    """Renames the word-names inside ``DocC links`` and `code spans` of prose."""

    def docc(match):
        inner = match.group(1)
        for pattern, _, replacement in WORDS:
            inner = re.sub(pattern, replacement, inner)
        return f"``{inner}``"

    def span(match):
        return f"`{rename_words_in_code(match.group(1))}`"

    text = re.sub(r"``([^`\n]+)``", docc, text)
    return re.sub(r"(?<!`)`([^`\n]+)`(?!`)", span, text)


# `NavigationError` lived in BrigadeNavigation; `NavigatorError` lives in BrigadeCore, so a DocC link to it from any
# other module names the module.
CORE_LINKS = [(r"``NavigatorError\b", "``BrigadeCore/NavigatorError")]


def rename_swift(text, in_core=False):
    lines = text.split("\n")
    in_doc_code = False
    for index, line in enumerate(lines):
        stripped = line.lstrip()
        line = rename_identifiers(line)
        if stripped.startswith("//"):
            body = stripped.lstrip("/").strip()
            if body.startswith("```"):
                in_doc_code = not in_doc_code
            elif in_doc_code:
                line = rename_words_in_code(line)
            else:
                line = rename_words_in_spans(line)
            for pattern, replacement in PROVENANCE + ([] if in_core else CORE_LINKS):
                line = re.sub(pattern, replacement, line)
        else:
            in_doc_code = False
            line = rename_words_in_code(line)
        lines[index] = line
    return "\n".join(lines)


def rename_markdown(text):
    lines = text.split("\n")
    in_code = False
    for index, line in enumerate(lines):
        line = rename_identifiers(line)
        fence = line.lstrip()
        if fence.startswith("```"):
            # Only Swift blocks hold Swift names; a diagram's `Entity` node is a module.
            in_code = not in_code and fence[3:].strip().startswith("swift")
        elif in_code:
            line = rename_words_in_code(line)
        else:
            line = rename_words_in_spans(line)
        lines[index] = line
    return "\n".join(lines)


def files():
    for directory in ["Sources", "Tests", "Examples", "Benchmarks", "Fuzz"]:
        for path in sorted((root / directory).rglob("*")):
            if ".build" in path.parts or not path.is_file():
                continue
            if path.suffix in {".swift", ".golden"} and path.name not in EXCLUDED_NAMES:
                yield path
    for path in sorted((root / "docs").glob("*.md")):
        yield path
    yield root / "README.md"


def main():
    check = "--check" in sys.argv
    changed = []
    for path in files():
        relative = path.relative_to(root).as_posix()
        if relative in EXCLUDED_PATHS:
            continue
        text = path.read_text()
        in_core = relative.startswith("Sources/Core/")
        renamed = rename_markdown(text) if path.suffix == ".md" else rename_swift(text, in_core)
        if renamed != text:
            changed.append(relative)
            if not check:
                path.write_text(renamed)
    for relative in changed:
        print(relative)
    swift_files = [relative for relative in changed if relative.endswith(".swift")]
    if swift_files and not check and "--no-format" not in sys.argv:
        subprocess.run(["swift", "format", "format", "-i", "--configuration", ".swift-format", *swift_files],
                       cwd=root, check=True)
    print(f"rename-vocabulary: {len(changed)} file(s) {'would change' if check else 'changed'}")
    return 1 if check and changed else 0


sys.exit(main())
