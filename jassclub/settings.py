"""Jassclub settings: one file, what differs per deployment read from the environment.

SQLite by default so that a fresh checkout just works; PostgreSQL through
``DATABASE_URL``. Safe production defaults unless ``DJANGO_DEBUG`` is on.
"""

import ipaddress
import os
from pathlib import Path

import dj_database_url
from csp.constants import NONE, SELF
from django.core.exceptions import ImproperlyConfigured
from django.utils.translation import gettext_lazy as _

from jassclub.production import DEVELOPMENT_KEY

BASE_DIR = Path(__file__).resolve().parent.parent


def envbool(name: str, default: str) -> bool:
    return os.environ.get(name, default).strip().lower() in ("1", "true", "yes", "on")


def envint(name: str, default: str) -> int:
    value = os.environ.get(name, default).strip()
    try:
        return int(value)
    except ValueError:
        raise ImproperlyConfigured(f"{name} must be a whole number, not {value!r}.") from None


def envlist(name: str, default: str) -> list[str]:
    return [item.strip() for item in os.environ.get(name, default).split(",") if item.strip()]


def envnetworks(name: str, default: str) -> list[ipaddress.IPv4Network | ipaddress.IPv6Network]:
    """Addresses and networks (``10.0.0.5``, ``10.0.0.0/24``, ``::1``), comma-separated."""
    networks = []
    for item in envlist(name, default):
        try:
            networks.append(ipaddress.ip_network(item, strict=False))
        except ValueError:
            raise ImproperlyConfigured(
                f"{name} lists addresses or networks such as 10.0.0.5 or 10.0.0.0/24, "
                f"separated by commas; {item!r} is neither."
            ) from None
    return networks


DEBUG = envbool("DJANGO_DEBUG", "false")
# The key signs sessions, password-reset links and CSRF tokens. Without
# DJANGO_SECRET_KEY the public development key is used, and no server starts on it,
# nor on a key `check --deploy` calls weak, with debug off (jassclub/production.py).
SECRET_KEY = os.environ.get("DJANGO_SECRET_KEY") or DEVELOPMENT_KEY
ALLOWED_HOSTS = envlist("DJANGO_ALLOWED_HOSTS", "localhost,127.0.0.1,[::1]")
CSRF_TRUSTED_ORIGINS = envlist("DJANGO_CSRF_TRUSTED_ORIGINS", "")

# The game kinds the site knows (scoring/kinds/: one package each, the ``KIND`` of its
# ``kind`` module; scoring/registry.py); the first is the kind of a game whose ruleset
# no kind claims. Each kind's package is a Django app too (its templates, catalogues and
# template tags), installed below from this list: a kind is added here alone.
GAME_KINDS = [
    "scoring.kinds.team.kind",
    "scoring.kinds.differenzler.kind",
    "scoring.kinds.coiffeur.kind",
    "scoring.kinds.guggitaler.kind",
    "scoring.kinds.sidi.kind",
]

INSTALLED_APPS = [
    "jassclub",  # first: its runserver waits with more connections (management/commands)
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "django_htmx",
    "template_partials",
    "crispy_forms",
    "crispy_bootstrap5",
    "axes",
    "csp",
    "django_tasks",
    "django_tasks_db",
    "scoring",
    # the package of each kind's ``kind`` module (its AppConfig: apps.py)
    *(kind.rpartition(".")[0] for kind in GAME_KINDS),
    "clubs",
    "tournaments",
    "seasons",
    "archive",
]

# The events a season championship may count, one source per kind (seasons.sources):
# a dotted path to each source's ``SOURCE``. Club evenings add theirs here.
SEASON_EVENT_SOURCES = ["seasons.tournament_source.SOURCE"]
# The module of the club evenings' code that gives a season their rankings (plain data:
# seasons/evening_source.py says what it provides): scoring's, in Striche and Différenzler.
SEASON_EVENINGS = "scoring.season_evenings"
# What apps above tournaments add to `manage.py load_demo`'s club: functions of
# (club, stdout), called in order after the demo's games and tournaments.
DEMO_EXTRAS = ["seasons.demo.load"]

# Work that must not hold a request (the results sheet of a big tournament) is a task,
# kept in the database and run by `manage.py db_worker` (django-tasks): `make run`
# starts one beside the server; in production run one or more beside the app.
TASKS = {"default": {"BACKEND": "django_tasks_db.DatabaseBackend", "QUEUES": ["default"]}}

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "csp.middleware.CSPMiddleware",
    "django_permissions_policy.PermissionsPolicyMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.middleware.gzip.GZipMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "jassclub.accounts.TypistHeaderMiddleware",  # whom a page was drawn for: sw.js
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    "axes.middleware.AxesMiddleware",
]

# Sign-in attempts are limited (django-axes): after AXES_FAILURE_LIMIT failures for a
# username from one address, that pair is locked out for AXES_COOLOFF_TIME hours.
AUTHENTICATION_BACKENDS = [
    "axes.backends.AxesStandaloneBackend",
    "django.contrib.auth.backends.ModelBackend",
]
AXES_FAILURE_LIMIT = int(os.environ.get("DJANGO_SIGNIN_FAILURES", "5"))
AXES_COOLOFF_TIME = 0.25  # hours
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"]]
AXES_LOCKOUT_TEMPLATE = "registration/locked_out.html"
AXES_RESET_ON_SUCCESS = True
# Behind proxies (the TLS proxy of the README), every request comes from the proxy's
# address: the client's is read from X-Forwarded-For, at most as many entries from the
# right as there are proxies in front of the site, and only those written by a trusted
# proxy: a request from any other address (or forged by a proxy's client) is counted
# for the address it came from (jassclub/proxies.py). An IPv6 client is counted for its
# /64, as the signing codes are (``proxies.address_bucket``): one phone or home picks a
# new address in its /64 at will.
PROXY_COUNT = envint("DJANGO_PROXY_COUNT", "0")
TRUSTED_PROXIES = envnetworks("DJANGO_TRUSTED_PROXIES", "127.0.0.0/8,::1")
AXES_CLIENT_IP_CALLABLE = "jassclub.proxies.client_bucket"

# Pages load scripts, styles and images from this site only, and never inline code.
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": [SELF],
        "script-src": [SELF],
        "style-src": [SELF],
        "img-src": [SELF, "data:"],
        "font-src": [SELF],
        "connect-src": [SELF],
        "object-src": [NONE],
        "base-uri": [SELF],
        "form-action": [SELF],
        "frame-ancestors": [NONE],
    },
}
# Nothing of the phone is needed: no camera, no position, no microphone, no payment.
PERMISSIONS_POLICY: dict[str, list[str]] = {
    feature: []
    for feature in (
        "accelerometer",
        "camera",
        "geolocation",
        "gyroscope",
        "magnetometer",
        "microphone",
        "payment",
        "usb",
    )
}

ROOT_URLCONF = "jassclub.urls"
WSGI_APPLICATION = "jassclub.wsgi.application"
ASGI_APPLICATION = "jassclub.asgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.template.context_processors.i18n",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ],
            # A kind's template tags, its package being no app (``{% load hand_form %}``)
            "libraries": {
                "hand_form": "scoring.kinds.team.templatetags",
                "slate": "scoring.kinds.team.slate_tags",
            },
        },
    },
]

DATABASES = {
    "default": dj_database_url.config(
        env="DATABASE_URL",
        default=f"sqlite:///{BASE_DIR / 'db.sqlite3'}",
        conn_max_age=int(os.environ.get("DJANGO_CONN_MAX_AGE", "60")),
        conn_health_checks=True,
    )
}
# SQLite (the embedded default): a transaction takes the write lock when it begins and
# waits up to 20 s for it, so that two phones saving at the same moment are served one
# after the other (without it, the second one fails with "database is locked" when its
# read turns into a write); WAL lets pages be read while a hand is written.
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    DATABASES["default"].setdefault("OPTIONS", {}).update(
        {
            "transaction_mode": "IMMEDIATE",
            "timeout": 20,
            "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
        }
    )
    # The tests' database is a file as well, not SQLite's shared in-memory one: there a
    # second connection (the browser tests' live server) is refused at once with "table
    # is locked" instead of waiting for the lock, unlike the site's own database.
    DATABASES["default"].setdefault("TEST", {}).setdefault(
        "NAME", str(BASE_DIR / ".test-db.sqlite3")
    )
# PostgreSQL: each app process keeps a pool of at most DJANGO_DB_POOL_MAX connections,
# whatever its number of threads; a request waits up to DJANGO_DB_POOL_TIMEOUT seconds
# for a free one rather than opening another ("too many clients already"). Connections
# used = app processes x pool size: keep it under PostgreSQL's max_connections.
if DATABASES["default"]["ENGINE"] == "django.db.backends.postgresql":
    DATABASES["default"]["CONN_MAX_AGE"] = 0  # the pool keeps them; required by Django
    DATABASES["default"].setdefault("OPTIONS", {})["pool"] = {
        "min_size": envint("DJANGO_DB_POOL_MIN", "1"),
        "max_size": envint("DJANGO_DB_POOL_MAX", "10"),
        "timeout": float(os.environ.get("DJANGO_DB_POOL_TIMEOUT", "30")),
    }
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]

# Languages: French, German and Italian for the clubs, English for everyone else.
LANGUAGE_CODE = "fr"
LANGUAGES = [
    ("fr", _("French")),
    ("de", _("German")),
    ("it", _("Italian")),
    ("en", _("English")),
]
LOCALE_PATHS = [BASE_DIR / "locale"]
# Italian dates as Ticino writes them (jassclub/formats/it/formats.py).
FORMAT_MODULE_PATH = ["jassclub.formats"]
USE_I18N = True
TIME_ZONE = "Europe/Zurich"
USE_TZ = True

STATIC_URL = "static/"
STATIC_ROOT = BASE_DIR / "staticfiles"
STATICFILES_DIRS = [BASE_DIR / "static"]
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        # collectstatic minifies the scripts and stylesheets (ARCHITECTURE.md, "Static
        # files"); DEBUG serves the readable sources.
        "BACKEND": "jassclub.storage.CompressedMinifiedManifestStaticFilesStorage"
        if not DEBUG
        else "django.contrib.staticfiles.storage.StaticFilesStorage"
    },
}
MEDIA_URL = "media/"
MEDIA_ROOT = Path(os.environ.get("DJANGO_MEDIA_ROOT", BASE_DIR / "media"))

# The cache keeps drawn PDFs (a pass's table cards) until what they show changes. Each
# app process keeps its own in memory; DJANGO_CACHE_DIR shares one on disk.
CACHE_DIR = os.environ.get("DJANGO_CACHE_DIR", "")
CACHES = {
    "default": {
        "BACKEND": "django.core.cache.backends.filebased.FileBasedCache",
        "LOCATION": CACHE_DIR,
    }
    if CACHE_DIR
    else {"BACKEND": "django.core.cache.backends.locmem.LocMemCache", "LOCATION": "jassclub"}
}

LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "scoring:home"
# Signing out shows the signed-out page (jassclub.accounts.LogoutView), no redirect.
# Mail (password reset): printed on the console unless an SMTP server is configured.
EMAIL_BACKEND = os.environ.get(
    "DJANGO_EMAIL_BACKEND", "django.core.mail.backends.console.EmailBackend"
)
EMAIL_HOST = os.environ.get("DJANGO_EMAIL_HOST", "localhost")
EMAIL_PORT = int(os.environ.get("DJANGO_EMAIL_PORT", "25"))
EMAIL_HOST_USER = os.environ.get("DJANGO_EMAIL_HOST_USER", "")
EMAIL_HOST_PASSWORD = os.environ.get("DJANGO_EMAIL_HOST_PASSWORD", "")
EMAIL_USE_TLS = envbool("DJANGO_EMAIL_USE_TLS", "false")
DEFAULT_FROM_EMAIL = os.environ.get("DJANGO_DEFAULT_FROM_EMAIL", "jassclub@localhost")

CRISPY_ALLOWED_TEMPLATE_PACKS = "bootstrap5"
CRISPY_TEMPLATE_PACK = "bootstrap5"

# Production: behind a TLS-terminating proxy that sets X-Forwarded-Proto.
if not DEBUG:
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    SECURE_SSL_REDIRECT = envbool("DJANGO_SECURE_SSL_REDIRECT", "true")
    SESSION_COOKIE_SECURE = True
    CSRF_COOKIE_SECURE = True
    SECURE_HSTS_SECONDS = int(os.environ.get("DJANGO_HSTS_SECONDS", "31536000"))
    SECURE_HSTS_INCLUDE_SUBDOMAINS = True
    SECURE_HSTS_PRELOAD = True
    SECURE_CONTENT_TYPE_NOSNIFF = True
    SECURE_REFERRER_POLICY = "same-origin"

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": os.environ.get("DJANGO_LOG_LEVEL", "WARNING")},
}

# -- Request and upload size limits ------------------------------------------------------
# Form fields (files aside): the largest form, the admin page of a game of 1,000 hands,
# sends about 0.3 MB in 13,000 fields.
DATA_UPLOAD_MAX_MEMORY_SIZE = 1024 * 1024
DATA_UPLOAD_MAX_NUMBER_FIELDS = 15_000
# Files: a game file is at most 1 MB (1,000 hands make about 0.4 MB), a club logo
# 512 KB, and their forms say so. Files up to 1 MB are read in memory, larger ones into
# a temporary file; a request with files of more than 10 MB is refused unread (400,
# jassclub/uploads.py), while a phone's photo picked by mistake still gets the form's word.
FILE_UPLOAD_MAX_MEMORY_SIZE = 1024 * 1024
UPLOAD_MAX_REQUEST_SIZE = 10 * 1024 * 1024
# a club's archive (archive.checks), once unpacked: read by restore_club and the upload
CLUB_ARCHIVE_MAX_BYTES = 512 * 1024 * 1024
# and sent to the restore page: at most UPLOAD_MAX_REQUEST_SIZE as sent, this once unpacked
CLUB_ARCHIVE_UPLOAD_UNPACKED = 100 * 1024 * 1024
FILE_UPLOAD_HANDLERS = [
    "jassclub.uploads.RequestSizeLimit",
    "django.core.files.uploadhandler.MemoryFileUploadHandler",
    "django.core.files.uploadhandler.TemporaryFileUploadHandler",
]
