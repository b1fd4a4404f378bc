"""A server process loads the site once and freezes it out of the garbage collector's
sight before its first request (jassclub.startup; issue 37, the record-hand tail)."""

from __future__ import annotations

import gc

from django.template import engines

from jassclub.startup import freeze_loaded, site_templates


def test_the_site_templates_are_its_own_and_every_kinds():
    names = site_templates()
    assert "base.html" in names
    assert "scoring/kinds/sidi/board.html" in names  # a kind's own app
    assert "scoring/kinds/team/table.html" in names
    assert not [name for name in names if name.startswith(("admin/", "django/", "bootstrap5/"))]


def cached_names(engine) -> set[str]:
    found: set[str] = set()
    todo = list(engine.template_loaders)
    while todo:
        loader = todo.pop()
        found.update(getattr(loader, "get_template_cache", {}))
        todo.extend(getattr(loader, "loaders", []))
    return found


def test_what_is_loaded_is_frozen_and_the_templates_are_compiled():
    try:
        frozen = freeze_loaded()
        assert frozen > 10_000
        assert gc.get_freeze_count() == frozen
        # compiled at start-up, kept for the requests (debug off: the cached loader)
        assert "scoring/kinds/team/table.html" in cached_names(engines.all()[0].engine)
    finally:
        gc.unfreeze()
