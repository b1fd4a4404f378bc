"""Tournaments: scheduling, table scoring and standings (issue 5)."""
