#!/usr/bin/env python3
"""Writes the guides of docs/*.md into a DocC catalog as articles, so the guides have one source.

    python3 scripts/docc-articles.py CATALOG

Each docs/NAME.md becomes CATALOG/NAME.md with: links to other guides (`[text](Other.md)`) as `<doc:Other>`, links
to files of the repository as the file's path in code voice, and HTML comments (the doc-block checker's markers and
hidden declarations) removed. Everything else is DocC's Markdown already.
"""

import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DOCS = os.path.join(ROOT, "docs")
LINK = re.compile(r"\[([^\]]+)\]\(([^)\s]+)\)")


def convert(text, guides):
    text = re.sub(r"<!--.*?-->\n?", "", text, flags=re.S)

    def link(match):
        label, target = match.group(1), match.group(2)
        if re.match(r"^[a-z]+:", target):
            return match.group(0)
        path, _, anchor = target.partition("#")
        name = os.path.splitext(os.path.basename(path))[0]
        if path == "":
            return label
        if path.endswith(".md") and name in guides and os.path.dirname(path) in ("", "."):
            return f"<doc:{name}>"
        repository_path = os.path.normpath(os.path.join("docs", path))
        return f"{label} (`{repository_path}`)"

    lines = []
    fenced = False
    for line in text.split("\n"):
        if line.lstrip().startswith("```"):
            fenced = not fenced
        lines.append(line if fenced or line.lstrip().startswith("```") else LINK.sub(link, line))
    return "\n".join(lines)


def main():
    if len(sys.argv) != 2:
        raise SystemExit("usage: docc-articles.py CATALOG")
    catalog = sys.argv[1]
    guides = {os.path.splitext(name)[0] for name in os.listdir(DOCS) if name.endswith(".md")}
    for name in sorted(guides):
        with open(os.path.join(DOCS, name + ".md"), encoding="utf-8") as handle:
            text = handle.read()
        with open(os.path.join(catalog, name + ".md"), "w", encoding="utf-8") as handle:
            handle.write(convert(text, guides))


if __name__ == "__main__":
    main()
