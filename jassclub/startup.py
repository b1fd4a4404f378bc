"""What a server process does once the site is loaded, before its first request
(``jassclub.wsgi``, ``jassclub.asgi``; `make bench` measures the site the same way).

The site's code, its URLconf and its compiled templates live as long as the process.
Python's full garbage collection walks every object that could hold a reference cycle,
these included, on whichever request happens to trigger it: at 140,000 objects such a
hand took 55-80 ms more than the others, idle, and over 100 ms on a busy machine (issue
37: a slower tail on recording a hand). :func:`freeze_loaded` loads them first and
moves them out of the collector's sight (``gc.freeze``): a full collection then walks
what requests made, 9-20 ms. Nothing is freed that would have been: what is frozen is
loaded once and kept.
"""

from __future__ import annotations

import gc
import logging
from pathlib import Path

from django.conf import settings
from django.template import TemplateDoesNotExist, TemplateSyntaxError, engines
from django.template.utils import get_app_template_dirs
from django.urls import get_resolver

logger = logging.getLogger(__name__)


def site_template_folders() -> list[Path]:
    """The site's own template folders: ``templates/`` and each of its apps' (a game
    kind's), not those of Django or of an installed package."""
    base = Path(settings.BASE_DIR).resolve()
    folders = [Path(folder).resolve() for folder in settings.TEMPLATES[0]["DIRS"]]
    folders += [
        folder.resolve()
        for folder in get_app_template_dirs("templates")
        if folder.resolve().is_relative_to(base) and ".venv" not in folder.parts
    ]
    return [folder for folder in folders if folder.is_dir()]


def site_templates() -> list[str]:
    """The names of the site's own templates (:func:`site_template_folders`)."""
    return sorted(
        {
            path.relative_to(root).as_posix()
            for root in site_template_folders()
            for path in root.rglob("*")
            if path.suffix in (".html", ".txt", ".svg") and path.is_file()
        }
    )


def freeze_loaded() -> int:
    """Import every view (through the URLconf), compile every site template (kept by
    the cached loader when debug is off), collect, and freeze what is left; returns
    how many objects were frozen."""
    get_resolver().url_patterns  # noqa: B018 (imports the views)
    for engine in engines.all():
        for name in site_templates():
            try:
                engine.get_template(name)
            except (TemplateDoesNotExist, TemplateSyntaxError) as problem:
                logger.warning("template %s not loaded at start-up: %s", name, problem)
    gc.collect()
    gc.freeze()
    return gc.get_freeze_count()
