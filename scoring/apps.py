from importlib import import_module
from importlib.util import find_spec
from pkgutil import iter_modules

from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _

KINDS = "scoring.kinds"  # where the game kinds' packages are


class ScoringConfig(AppConfig):
    name = "scoring"
    verbose_name = _("Scoring")

    def import_models(self) -> None:
        """The core's models, then each game kind's own (a ``models`` module in its
        package): a kind is an app of its own (its templates and catalogues), but its
        models are this app's (``app_label = "scoring"``), and so are their migrations,
        so that a kind's tables never move. Every kind's package is read,
        offered or not (``settings.GAME_KINDS``), so that the models and migrations do
        not follow the setting. Found by name, so that the core imports no kind."""
        super().import_models()
        spec = find_spec(KINDS)
        locations = spec.submodule_search_locations if spec else None
        for kind in iter_modules(locations or []):
            models = f"{KINDS}.{kind.name}.models"
            if kind.ispkg and find_spec(models) is not None:
                import_module(models)
