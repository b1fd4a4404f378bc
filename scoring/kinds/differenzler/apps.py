"""Différenzler as a Django app (``kind_differenzler``): its templates (``templates/``) and its
catalogues (``locale/``), installed with the kinds of ``settings.GAME_KINDS``."""

from django.apps import AppConfig


class DifferenzlerKindConfig(AppConfig):
    name = "scoring.kinds.differenzler"
    label = "kind_differenzler"
