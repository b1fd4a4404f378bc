"""A club's own archive (``jass-club/1``): the whole club written as one document, and
made again from it on this site or another. The top app: it knows the clubs, their
games, tournaments and seasons, and nothing imports it but ``jassclub.urls``."""
