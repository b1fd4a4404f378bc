"""Coiffeur as a Django app (``kind_coiffeur``): its templates (``templates/``) and its
catalogues (``locale/``), installed with the kinds of ``settings.GAME_KINDS``."""

from django.apps import AppConfig


class CoiffeurKindConfig(AppConfig):
    name = "scoring.kinds.coiffeur"
    label = "kind_coiffeur"
