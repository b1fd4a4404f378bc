"""Actions on games, one function each, each in one transaction.

Every change to the hands goes through the rules engine before anything is
written, and is logged as a :class:`HandChange`. A form is sent with a key: the
same key twice changes the game once. A form sent from a screen that no longer
shows the game as it is (another phone recorded a hand meanwhile) is refused.

The actions are grouped by what they act on: ``games`` (store, start, import, export,
delete) and ``hands`` (record, correct, undo, and the change history); ``common`` holds
what they share. Everything is imported from here.
"""

from scoring.services.common import Author, Done, ReasonNeeded, StaleScreen
from scoring.services.games import (
    SITE_KEY,
    DuplicateGame,
    GameInFileError,
    delete_games,
    export_game,
    fingerprint,
    import_game,
    import_games,
    import_new_games,
    read_game,
    site_fields,
    start_game,
    start_once,
    store_game,
    store_sides,
)
from scoring.services.hands import (
    HAND_COLUMNS,
    IMPOSED_TRUMP,
    OWN_TABLE,
    correct_hand,
    hand_version,
    lock_game,
    log_change,
    record_hand,
    undo_last_hand,
)

__all__ = [
    "HAND_COLUMNS",
    "IMPOSED_TRUMP",
    "OWN_TABLE",
    "SITE_KEY",
    "Author",
    "Done",
    "DuplicateGame",
    "GameInFileError",
    "ReasonNeeded",
    "StaleScreen",
    "correct_hand",
    "delete_games",
    "export_game",
    "fingerprint",
    "hand_version",
    "import_game",
    "import_games",
    "import_new_games",
    "lock_game",
    "log_change",
    "read_game",
    "record_hand",
    "site_fields",
    "start_game",
    "start_once",
    "store_game",
    "store_sides",
    "undo_last_hand",
]
