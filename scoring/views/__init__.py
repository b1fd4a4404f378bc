"""The views of games, by what they show: games, the table screen, spectator links."""
