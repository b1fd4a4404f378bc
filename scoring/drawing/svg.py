"""What the slate and the chart both need to write SVG: short numbers, escaped
attributes and elements, the root element with its title, and a guess at text widths.

Plain Python: imports no Django.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from html import escape

SVG_NS = "http://www.w3.org/2000/svg"

Attr = tuple[str, str | float | int | None]
"""An attribute's name and value; ``None`` leaves the attribute out."""


def num(value: float) -> str:
    """A coordinate, short: 12, 12.5, -3.25."""
    text = f"{value:.2f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def attrs(pairs: Iterable[Attr]) -> str:
    """``name="value"`` pairs, escaped, leaving out those whose value is ``None``."""
    parts = []
    for name, value in pairs:
        if value is None:
            continue
        if isinstance(value, float):
            value = num(value)
        parts.append(f'{name}="{escape(str(value), quote=True)}"')
    return " ".join(parts)


def element(tag: str, *pairs: Attr, text: str = "") -> str:
    """One element; ``text``, if any, is escaped and put inside it."""
    rendered = attrs(pairs)
    if text:
        return f"<{tag} {rendered}>{escape(text, quote=True)}</{tag}>"
    return f"<{tag} {rendered}/>"


def document(
    width: float, height: float, label: str, data: Sequence[tuple[str, int]], body: list[str]
) -> str:
    """The whole picture: the root ``<svg>``, scaling to its container through
    ``viewBox``, named by ``label`` for screen readers, with ``data-`` attributes for
    tests and the elements of ``body``. No ids, no ``style=`` and no external
    references, so several pictures can share one page."""
    root = attrs(
        [
            ("xmlns", SVG_NS),
            ("viewBox", f"0 0 {num(width)} {num(height)}"),
            ("role", "img"),
            ("aria-label", label),
            ("preserveAspectRatio", "xMidYMid meet"),
            *data,
        ]
    )
    title = f"<title>{escape(label, quote=True)}</title>"
    return f"<svg {root}>{title}{''.join(body)}</svg>"


def text_width(text: str, size: float) -> float:
    """A generous guess at how wide ``text`` is at ``size``, in a sans-serif or chalk font."""
    ems = sum(0.95 if c in "MWmw@" else 0.72 if c.isupper() else 0.56 for c in text)
    return ems * size
