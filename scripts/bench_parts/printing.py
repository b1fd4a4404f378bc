"""The report's shared pieces, in the parent process: the machine and databases
measured, plain text tables, kilobytes and verdicts."""

from __future__ import annotations

import os
import platform
from typing import Any

from scripts.bench_parts.common import KB


def print_environment(results: dict[str, dict[str, Any]], skipped: dict[str, str]) -> None:
    import django

    print("Jassclub benchmark")
    print(f"  Python   {platform.python_version()} ({platform.python_implementation()})")
    print(f"  Django   {django.get_version()}")
    print(f"  Machine  {platform.platform()}, {os.cpu_count()} CPUs")
    for label, result in results.items():
        db = result["database"]
        print(f"  {label:<8} {db['vendor']} {db['version']}, {db['driver']}")
    for label, why in skipped.items():
        print(f"  {label:<8} skipped: {why}")


def table(headers: list[str], rows: list[list[str]]) -> str:
    widths = [max(len(str(cell)) for cell in column) for column in zip(headers, *rows, strict=True)]

    def line(cells: list[str]) -> str:
        return "  ".join(
            str(cell).ljust(width) if index == 0 else str(cell).rjust(width)
            for index, (cell, width) in enumerate(zip(cells, widths, strict=True))
        ).rstrip()

    rule = "  ".join("-" * width for width in widths).rstrip()
    return "\n".join([line(headers), rule, *(line(row) for row in rows)])


def kb(size: int) -> str:
    return f"{size / KB:.1f}"


def verdict(ok: bool) -> str:
    return "ok" if ok else "OVER BUDGET"
