"""Sidi Barrani (RULES.md §13): the pure rules, the game file and the reference."""
