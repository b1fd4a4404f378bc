"""The team game's pictures as inline SVG, plain Python that imports no Django: ``slate``
draws a team's slate in chalk, ``berg`` the way to the target with the Berg under it.
The core's ``scoring.drawing.svg`` writes the SVG."""
