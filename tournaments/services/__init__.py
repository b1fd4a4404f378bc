"""Tournament actions, one function each, each in one transaction. This package is
the one place that moves data between the database and the plain-Python
scheduling (tournaments/pairing.py) and standings (tournaments/standings.py).

- ``entries``: registration, names put right, check-in, withdrawal;
- ``passes``: drawing, swapping, publishing and closing a pass;
- ``tables``: signatures, disputes, the director's decisions, paper totals;
- ``results``: points and standings over the closed passes, an entry's passes.
"""

from tournaments.services.codes import TooFast
from tournaments.services.common import TournamentRuleBroken
from tournaments.services.entries import (
    check_in,
    check_in_all,
    correct_entry,
    drawn_ever,
    playing_entries,
    publish_results,
    register,
    register_all,
    reinstate,
    remove_entry,
    remove_tournament,
    save_settings,
    withdraw,
)
from tournaments.services.passes import (
    close_pass,
    findings,
    nothing_played,
    publish_pass,
    redraw_pass,
    review,
    schedule_next_pass,
    swap,
    unpublish_pass,
)
from tournaments.services.results import (
    EntryTable,
    current_standings,
    entry_passes,
    pass_scores,
    running_pass,
)
from tournaments.services.tables import (
    Signed,
    TableStatus,
    confirm_table,
    decide_table,
    dispute_table,
    enter_paper_totals,
    new_seat_link,
    paper_replaces_a_result,
    renew_link,
    sign_for,
    table_states,
    table_status,
    unlock_codes,
)

__all__ = [
    "EntryTable",
    "Signed",
    "TableStatus",
    "TooFast",
    "TournamentRuleBroken",
    "check_in",
    "check_in_all",
    "close_pass",
    "confirm_table",
    "correct_entry",
    "current_standings",
    "decide_table",
    "dispute_table",
    "drawn_ever",
    "enter_paper_totals",
    "entry_passes",
    "findings",
    "new_seat_link",
    "nothing_played",
    "paper_replaces_a_result",
    "pass_scores",
    "playing_entries",
    "publish_pass",
    "publish_results",
    "redraw_pass",
    "register",
    "register_all",
    "reinstate",
    "remove_entry",
    "remove_tournament",
    "renew_link",
    "review",
    "running_pass",
    "save_settings",
    "schedule_next_pass",
    "sign_for",
    "swap",
    "table_states",
    "table_status",
    "unlock_codes",
    "unpublish_pass",
    "withdraw",
]
