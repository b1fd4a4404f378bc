"""Tokens for links that grant access (invitations, spectator links, table links)."""

import secrets

TOKEN_BYTES = 32  # 256 bits of randomness: at least 128 are required


def new_token() -> str:
    return secrets.token_urlsafe(TOKEN_BYTES)
