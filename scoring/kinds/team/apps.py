"""The team game as a Django app (``kind_team``): its templates (``templates/``) and its
catalogues (``locale/``), installed with the kinds of ``settings.GAME_KINDS``."""

from django.apps import AppConfig


class TeamKindConfig(AppConfig):
    name = "scoring.kinds.team"
    label = "kind_team"
