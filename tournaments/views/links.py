"""Links by the hundred: the director's page links each of its tables and entries to
a few views (some 800 links at 61 teams), and ``reverse()`` (some 30 µs each) took a
third of its rendering. A pattern is reversed once, with marker arguments; each row's
link fills them in."""

from __future__ import annotations

from collections.abc import Callable

from django.urls import reverse

#: an argument that each row fills in
ANY = object()
#: the first marker: digits that no id or token of a row holds (reverse() checks the
#: arguments against the pattern, so a marker must be digits)
_MARK = 918_273_645_546_372


def each(name: str, *args: object) -> Callable[..., str]:
    """``reverse(name, args=args)`` as a function of the arguments given as ``ANY``, in
    their order: ``each("tournaments:unlock", t.pk, ANY)(table.pk)``. For ids and
    URL-safe tokens (``secrets.token_urlsafe``), which ``reverse()`` writes as they are."""
    marks = [str(_MARK + n) for n, arg in enumerate(args) if arg is ANY]
    given = iter(marks)
    url = reverse(name, args=[next(given) if arg is ANY else arg for arg in args])
    pieces = []
    for mark in marks:
        head, found, url = url.partition(mark)
        if not found:  # a path converter that writes its argument otherwise
            raise ValueError(f"{name}: an argument is not written as it is in its URL")
        pieces.append(head)
    tail = url

    def link(*values: object) -> str:
        filled = "".join(f"{piece}{value}" for piece, value in zip(pieces, values, strict=True))
        return filled + tail

    return link
