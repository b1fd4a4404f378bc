"""Différenzler's pages, by who holds the phone: the scorer's table (``table``), each
player's own phone (``seats``), the phone passed round and a hand's correction
(``estimates``); ``common`` is what they share."""
