"""Sidi Barrani (RULES.md §13): two teams bid for a contract each hand; made or failed."""
