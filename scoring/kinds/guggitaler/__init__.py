"""Guggitaler (RULES.md §14): the avoidance game of three or four players each for
themselves, five hands of penalties and the domino, the lowest total wins."""
