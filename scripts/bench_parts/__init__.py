"""The parts of the table screen's benchmark (`make bench`); ``scripts/bench.py`` runs them."""
