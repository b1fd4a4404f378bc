"""WSGI entry point: ``gunicorn jassclub.wsgi``."""

import os

from django.core.wsgi import get_wsgi_application

from jassclub.production import refuse_unsafe_settings
from jassclub.startup import freeze_loaded

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "jassclub.settings")
application = get_wsgi_application()
refuse_unsafe_settings()  # debug off and no good DJANGO_SECRET_KEY: do not serve
freeze_loaded()  # the site loaded once, out of the garbage collector's way
