"""Forms of the tournament pages, by what they do: the tournament's settings
(``tournament``), its entries (``entries``), the director's page (``director``)
and a table's page (``tables``). The names the views and tests import are taken
from here; the rest stay in their module."""

from tournaments.forms.director import (
    ConfirmDeleteForm,
    OfficeForm,
    PublishForm,
    SwapForm,
    SwitchForm,
)
from tournaments.forms.entries import EntriesFileForm, EntryForm
from tournaments.forms.tables import (
    ConfirmForm,
    DecideForm,
    DisputeForm,
    PaperTotalsForm,
    SideForm,
)
from tournaments.forms.tournament import TournamentForm

__all__ = [
    "ConfirmDeleteForm",
    "ConfirmForm",
    "DecideForm",
    "DisputeForm",
    "EntriesFileForm",
    "EntryForm",
    "OfficeForm",
    "PaperTotalsForm",
    "PublishForm",
    "SideForm",
    "SwapForm",
    "SwitchForm",
    "TournamentForm",
]
