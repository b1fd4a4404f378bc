"""The tournament evening's views: the director's page (``director``), a table's
link and signatures (``tables``), and the results (``results``)."""
