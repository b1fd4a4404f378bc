"""`runserver` for a club evening on one machine (`make run`): Django's development
server keeps only 10 connections waiting to be accepted, so 200 phones at once saw
some refused or timed out. It waits with as many as the system allows; static files
are still served by whitenoise (its runserver, which this one extends)."""

from __future__ import annotations

import socket
from typing import Any

from django.core.servers.basehttp import WSGIServer
from whitenoise.runserver_nostatic.management.commands.runserver import (
    Command as WhiteNoiseRunserver,
)

from jassclub.production import refuse_unsafe_settings


class PatientWSGIServer(WSGIServer):
    request_queue_size = socket.SOMAXCONN


class Command(WhiteNoiseRunserver):
    server_cls = PatientWSGIServer

    def handle(self, *args: Any, **options: Any) -> None:
        refuse_unsafe_settings()  # debug off and no good DJANGO_SECRET_KEY: do not serve
        super().handle(*args, **options)
