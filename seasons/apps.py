from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class SeasonsConfig(AppConfig):
    name = "seasons"
    verbose_name = _("Season championships")

    def ready(self) -> None:
        """The events a season may count come from the sources named in
        ``settings.SEASON_EVENT_SOURCES`` (``seasons.sources``); a player's page shows
        their season rank through scoring's player panels (``scoring.panels``)."""
        from scoring import panels
        from seasons import evening_source, sources
        from seasons.panel import season_panel

        sources.load()
        evening_source.load()
        panels.register(season_panel)
