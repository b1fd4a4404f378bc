"""The month names as a date prints them (the date filter's "F", as in "28 novembre 2026").
They are the site's messages so that its catalogues, which come before Django's
(LOCALE_PATHS), name them: Django's Italian writes them with a capital ("Novembre"),
where Italian writes them in lower case."""

from django.utils.translation import gettext_noop

MONTHS = [
    gettext_noop("January"),
    gettext_noop("February"),
    gettext_noop("March"),
    gettext_noop("April"),
    gettext_noop("May"),
    gettext_noop("June"),
    gettext_noop("July"),
    gettext_noop("August"),
    gettext_noop("September"),
    gettext_noop("October"),
    gettext_noop("November"),
    gettext_noop("December"),
]
