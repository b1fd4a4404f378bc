"""Sidi Barrani as a Django app (``kind_sidi``): its templates (``templates/``), its
static files (``static/``) and its catalogues (``locale/``), installed with the kinds of
``settings.GAME_KINDS``."""

from django.apps import AppConfig


class SidiKindConfig(AppConfig):
    name = "scoring.kinds.sidi"
    label = "kind_sidi"
