"""The team game's pages: its table screen, its game page, the big slate, the Weis
referee."""
