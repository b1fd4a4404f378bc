"""WSGI entry point: ``gunicorn jassclub.wsgi``."""

import os

from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "jassclub.settings")
application = get_wsgi_application()
