"""Season points as a reader writes them."""

from __future__ import annotations

from decimal import Decimal

from django.utils.formats import number_format


def figure(value: Decimal | None) -> str:
    """111, 16.5, 12.33, with the language's decimal mark; "" for no value."""
    if value is None:
        return ""
    exponent = value.normalize().as_tuple().exponent
    decimals = -exponent if isinstance(exponent, int) and exponent < 0 else 0
    return number_format(value, min(2, decimals))
