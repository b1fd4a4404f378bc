"""The static files storage of a deployed site: `collectstatic` minifies the site's own
scripts and stylesheets (``jassclub.staticbuild``), writes a source map beside each,
then hashes every file into the manifest and compresses it (WhiteNoise). The
repository keeps the readable sources only; DEBUG serves them as they are."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import django
from django.apps import apps
from django.conf import settings
from django.contrib.staticfiles.storage import ManifestStaticFilesStorage
from django.core.files.base import ContentFile
from django.core.files.storage import FileSystemStorage, Storage
from whitenoise.storage import CompressedManifestStaticFilesStorage

from jassclub import staticbuild


def _own_directories() -> set[Path]:
    """The site's static folders: ``static/`` and each of its own apps' (a game kind's
    scripts), not those of Django or of an installed package."""
    found = set()
    for entry in settings.STATICFILES_DIRS:
        found.add(Path(entry[1] if isinstance(entry, tuple | list) else entry).resolve())
    base, installed = Path(settings.BASE_DIR).resolve(), Path(django.__file__).resolve().parents[1]
    for app in apps.get_app_configs():
        folder = Path(app.path).resolve() / "static"
        if folder.is_relative_to(base) and not folder.is_relative_to(installed) and folder.is_dir():
            found.add(folder)
    return found


class MinifyMixin(Storage):
    """Before the manifest's hashing, each of the site's scripts and stylesheets (its
    own apps' too; not those of Django or of installed packages, nor a file already
    ``.min.``) is replaced by its
    minified text and gains ``NAME.map``; the hashing then reads those, and rewrites
    the ``sourceMappingURL`` comment to the map's hashed name."""

    def post_process(
        self, paths: dict[str, tuple[Storage, str]], dry_run: bool = False, **options: Any
    ) -> Iterator[tuple[str, str | None, Any]]:
        if not dry_run:
            paths = dict(paths)
            own = _own_directories()
            for name, (storage, path) in list(paths.items()):
                if not staticbuild.can_minify(name) or not isinstance(storage, FileSystemStorage):
                    continue
                if Path(storage.location).resolve() not in own:
                    continue
                with storage.open(path) as original:  # the source, never a built copy
                    source = original.read().decode("utf-8")
                code, mapping = staticbuild.build(name, source)
                for built, text in ((name, code), (f"{name}.map", mapping)):
                    if self.exists(built):
                        self.delete(built)
                    self._save(built, ContentFile(text.encode("utf-8")))  # type: ignore[attr-defined]
                    paths[built] = (self, built)
        yield from super().post_process(paths, dry_run=dry_run, **options)  # type: ignore[misc]


class MinifiedManifestStaticFilesStorage(MinifyMixin, ManifestStaticFilesStorage):
    """Minified and hashed, not compressed: what the tests and the bench build."""


class CompressedMinifiedManifestStaticFilesStorage(
    MinifyMixin, CompressedManifestStaticFilesStorage
):
    """Minified, hashed and compressed: the deployed site's (``STORAGES``)."""
