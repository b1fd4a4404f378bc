"""Coiffeur (RULES.md §11): the club's sheet of rows, one column per side."""
