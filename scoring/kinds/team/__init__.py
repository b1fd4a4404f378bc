"""The team game: two teams of two to a target or a number of hands (chibre, Schieber,
a tournament's hands; RULES.md §1–§9). Its rules are :mod:`scoring.kinds.team.rules`; what the
core asks of its games is in :mod:`scoring.kinds.team.kind`; its own pages (recording,
undoing a hand, the big slate, the Weis referee) are in :mod:`scoring.kinds.team.urls`."""

NAME = "team"  # its kind's name (``GameKind.name``), which its pages check a game against
