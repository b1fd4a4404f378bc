"""Différenzler: four players each for themselves, each estimating their card points
before the hand (RULES.md §10). Its rules are :mod:`scoring.kinds.differenzler.rules`; what
the core asks of its games is in :mod:`scoring.kinds.differenzler.kind`."""
