"""Guggitaler as a Django app (``kind_guggitaler``): its templates (``templates/``), its
catalogues (``locale/``) and its static files (``static/``), installed with the kinds of
``settings.GAME_KINDS``."""

from django.apps import AppConfig


class GuggitalerKindConfig(AppConfig):
    name = "scoring.kinds.guggitaler"
    label = "kind_guggitaler"
