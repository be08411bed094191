#!/usr/bin/env python3
"""Reads the markdown output of `swift package benchmark`, prints the ns/op table and the budget ratios, writes both
as JSON, and with --check exits non-zero when a measured budget is broken.

A budget listed in known-over.json, with the figure it was last measured at and what limits it, is still printed as
OVER but does not fail --check: CI then guards every other budget. The budgets themselves never change."""
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


def evaluate(budget, results):
    measure = results.get(budget["measure"], {}).get("ns")
    if measure is None:
        return None, "not measured"
    if "against" in budget:
        against = results.get(budget["against"], {}).get("ns")
        if not against:
            return None, "not measured"
        value = measure / against
        return value, "ok" if value <= budget["max"] else "OVER"
    if "minus" in budget:
        base = results.get(budget["minus"], {}).get("ns")
        if base is None:
            return None, "not measured"
        value = (measure - base) / budget["per"]
        return value, "ok" if value <= budget["max_ns"] else "OVER"
    return measure, "ok" if measure <= budget["max_ns"] else "OVER"


def main():
    markdown_path, budgets_path, json_path = sys.argv[1:4]
    check = "--check" in sys.argv[4:]
    known_path = budgets_path.replace("budgets.json", "known-over.json")
    try:
        with open(known_path) as handle:
            known_over = {entry["budget"] for entry in json.load(handle)["known_over"]}
    except FileNotFoundError:
        known_over = set()
    with open(markdown_path) as handle:
        results = parse(handle.read())
    with open(budgets_path) as handle:
        budgets = json.load(handle)["budgets"]

    print(f"{'benchmark':<52} {'ns/op':>12} {'mallocs/op':>11}")
    for name in sorted(results):
        entry = results[name]
        print(f"{name:<52} {entry.get('ns', float('nan')):>12.1f} {entry.get('mallocs', float('nan')):>11.1f}")
    print()
    print(f"{'budget':<58} {'measured':>10} {'budget':>10}  status")
    rows = []
    broken = False
    for budget in budgets:
        value, status = evaluate(budget, results)
        known = budget["name"] in known_over
        limit = f"≤ {budget['max']}×" if "max" in budget else f"≤ {budget['max_ns']:g} ns"
        shown = "-" if value is None else (f"{value:.3f}×" if "max" in budget else f"{value:.1f} ns")
        note = ""
        if known:
            note = " (known, see known-over.json)" if status == "OVER" else " (listed in known-over.json: remove it)"
        print(f"{budget['name']:<58} {shown:>10} {limit:>10}  {status}{note}")
        rows.append({"budget": budget["name"], "value": value, "limit": limit, "status": status, "known": known})
        broken = broken or (status == "OVER" and not known) or status == "not measured"
    with open(json_path, "w") as handle:
        json.dump({"results": results, "budgets": rows}, handle, indent=2)
    if check and broken:
        print("\nsome budgets are broken or not measured (not counting those in known-over.json)")
        sys.exit(1)


if __name__ == "__main__":
    main()
