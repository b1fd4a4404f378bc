"""Pictures of the score as inline SVG, in plain Python that imports no Django:
``slate`` draws a team's slate in chalk, ``chart`` the game's points chart, and
``svg`` holds what both need to write SVG.
"""
