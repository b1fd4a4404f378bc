"""A cap on the size of a request that carries files.

Django caps form fields (``DATA_UPLOAD_MAX_MEMORY_SIZE``) but not files: it writes
any file, however large, to a temporary file before a form can refuse it. This
handler, first in ``FILE_UPLOAD_HANDLERS``, refuses a multipart request larger than
``UPLOAD_MAX_REQUEST_SIZE`` before reading it: Django answers 400 (Bad Request), as
for too many form fields. Below that, each form says what it accepts (a game file
of at most 1 MB, a logo of at most 512 KB).
"""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.core.exceptions import RequestDataTooBig
from django.core.files.uploadhandler import FileUploadHandler


class RequestSizeLimit(FileUploadHandler):
    def handle_raw_input(
        self,
        input_data: Any,
        META: dict[str, Any],
        content_length: int,
        boundary: bytes,
        encoding: str | None = None,
    ) -> None:
        if content_length > settings.UPLOAD_MAX_REQUEST_SIZE:
            raise RequestDataTooBig(
                "Request body exceeded settings.UPLOAD_MAX_REQUEST_SIZE "
                f"({content_length} > {settings.UPLOAD_MAX_REQUEST_SIZE} bytes)."
            )

    def receive_data_chunk(self, raw_data: bytes, start: int) -> bytes:
        return raw_data  # passed on to the next handler

    def file_complete(self, file_size: int) -> None:
        return None
