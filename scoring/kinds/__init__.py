"""Game kinds, one package each (issue 25): the team game, Différenzler, Coiffeur.

Each package holds its pure rules (plain Python, no Django) and, in its ``kind``
module, the ``KIND`` it registers with :mod:`scoring.registry` through
``settings.GAME_KINDS``. The core never imports these packages: it asks the registry.
"""
