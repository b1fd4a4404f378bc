from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class TournamentsConfig(AppConfig):
    name = "tournaments"
    verbose_name = _("Tournaments")

    def ready(self) -> None:
        """A tournament table's game gets its extras on the table screen
        (``scoring.extras``, the table screen's one seam)."""
        from scoring import extras
        from tournaments.table_extra import TournamentTable

        extras.register(TournamentTable())
