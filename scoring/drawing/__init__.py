"""Pictures of the score as inline SVG, in plain Python that imports no Django: ``chart``
draws the game's points chart, and ``svg`` holds what every drawing needs to write SVG
(a kind draws its own pictures in its package: the team game's slate and Berg in
``scoring.kinds.team.drawing``)."""
