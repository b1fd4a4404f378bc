"""Settings of `make soak` (scripts/soak.py): production's, DEBUG off, but served over
plain HTTP on 127.0.0.1 and with the plain static files storage, so that the drill
needs no `collectstatic` into the work tree."""

import warnings

from jassclub.settings import *  # noqa: F403
from jassclub.settings import STORAGES

warnings.filterwarnings("ignore", "No directory at")  # whitenoise: no collectstatic here

SECURE_SSL_REDIRECT = False
STORAGES = {
    **STORAGES,
    "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
}
