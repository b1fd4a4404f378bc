"""Game kinds, one package each (issue 25): a kind's pure rules live in its own
``rules`` module, plain Python like :mod:`scoring.rules`."""
