from importlib import import_module
from importlib.util import find_spec

from django.apps import AppConfig
from django.conf import settings
from django.utils.translation import gettext_lazy as _


class ScoringConfig(AppConfig):
    name = "scoring"
    verbose_name = _("Scoring")

    def import_models(self) -> None:
        """The core's models, then each game kind's own (a ``models`` module beside
        its ``kind`` module, as ``settings.GAME_KINDS`` names them): a kind is a
        package of this app, not an app, so its models are the app's (``scoring``) and
        its migrations are the app's too. Named by the settings, so that the core
        imports no kind."""
        super().import_models()
        for path in settings.GAME_KINDS:
            models = f"{path.rpartition('.')[0]}.models"
            if find_spec(models) is not None:
                import_module(models)
