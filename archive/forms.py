"""The restore page's form: an archive file and, maybe, another short name."""

from __future__ import annotations

from typing import Any

from django import forms
from django.conf import settings
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _


class RestoreForm(forms.Form):
    file = forms.FileField(
        label=_("Club archive (jass-club/1, JSON or .json.gz)"),
        widget=forms.ClearableFileInput(attrs={"accept": ".json,.gz,application/json"}),
    )
    slug = forms.SlugField(
        label=_("Short name"),
        max_length=50,
        required=False,
        help_text=_("Leave empty to keep the archive's; give another if that one is taken."),
    )

    def clean_file(self) -> Any:
        upload = self.cleaned_data["file"]
        most = settings.UPLOAD_MAX_REQUEST_SIZE
        if upload.size > most:
            raise forms.ValidationError(
                gettext("The file is larger than %(size)s MB.") % {"size": most // 1024 // 1024}
            )
        self.cleaned_data["data"] = upload.read()
        return upload
