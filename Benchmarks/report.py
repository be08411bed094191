#!/usr/bin/env python3
"""Reads the markdown output of `swift package benchmark`, prints the ns/op and mallocs/op table and writes it as
JSON. The budgets are not checked here: BrigadeRatios measures them interleaved in one process (see run.sh)."""
import json
import re
import sys


def parse(markdown):
    results = {}
    name = None
    for line in markdown.splitlines():
        heading = re.match(r"^### (.+)$", line)
        if heading:
            name = heading.group(1).strip()
            continue
        if name and line.startswith("|"):
            cells = [cell.strip() for cell in line.strip("|").split("|")]
            if cells[0].startswith("Time (wall clock)"):
                results.setdefault(name, {})["ns"] = float(cells[3])  # p50
            elif cells[0].startswith("Malloc (total)"):
                results.setdefault(name, {})["mallocs"] = float(cells[3])
    return results


def main():
    markdown_path, json_path = sys.argv[1:3]
    with open(markdown_path) as handle:
        results = parse(handle.read())
    print(f"{'benchmark':<56} {'ns/op':>12} {'mallocs/op':>11}")
    for name in sorted(results):
        entry = results[name]
        print(f"{name:<56} {entry.get('ns', float('nan')):>12.1f} {entry.get('mallocs', float('nan')):>11.1f}")
    with open(json_path, "w") as handle:
        json.dump({"results": results}, handle, indent=2)


if __name__ == "__main__":
    main()
