"""Entries: one typed on the director's page, or a list brought in from a CSV
file."""

from __future__ import annotations

import csv
import io
from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _


class EntryForm(forms.Form):
    name = forms.CharField(label=_("Team or player name"), max_length=100)
    player_1 = forms.CharField(
        label=_("Player"), max_length=100, widget=forms.TextInput(attrs={"list": "club-members"})
    )
    player_2 = forms.CharField(
        label=_("Partner"),
        max_length=100,
        required=False,
        widget=forms.TextInput(attrs={"list": "club-members"}),
    )

    def __init__(self, *args: Any, team: bool = True, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.team = team
        self.fields["player_2"].required = team
        if not team:  # a player plays under their own name
            del self.fields["name"]
            self.fields["player_1"].label = _("Player's name")

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        if not self.team and data.get("player_1"):
            data["name"], data["player_2"] = data["player_1"], ""
        return data


ENTRIES_FILE_BYTES = 256 * 1024
ENTRIES_FILE_LINES = 1000
NAME_LENGTH = 100  # as EntryForm's fields
HEADER_WORDS = {"name", "nom", "team", "équipe", "equipe", "mannschaft", "spieler", "player"}


class EntriesFileForm(forms.Form):
    """Entries brought in from a spreadsheet saved as CSV: one entry per line, the team's
    name, its player and the partner (or, in an individual tournament, the player's
    name alone), separated by semicolons or commas. A first line of column titles is
    skipped; the text may be UTF-8 or a spreadsheet's Windows encoding."""

    file = forms.FileField(label=_("CSV file"))

    def __init__(self, *args: Any, team: bool = True, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.team = team

    def clean_file(self) -> list[tuple[int, str, str, str]]:
        upload = self.cleaned_data["file"]
        if upload.size > ENTRIES_FILE_BYTES:
            raise forms.ValidationError(
                _("The file is over 256 KB: no list of entries is so long.")
            )
        raw = upload.read()
        try:
            text = raw.decode("utf-8-sig")
        except UnicodeDecodeError:
            text = raw.decode("cp1252", errors="replace")
        rows = [(n, row) for n, row in _csv_rows(text) if any(cell.strip() for cell in row)]
        if rows and rows[0][1][0].strip().casefold() in HEADER_WORDS:
            rows = rows[1:]
        if not rows:
            raise forms.ValidationError(_("The file holds no entry."))
        if len(rows) > ENTRIES_FILE_LINES:
            raise forms.ValidationError(
                _("The file holds over %(most)s entries.") % {"most": ENTRIES_FILE_LINES}
            )
        columns = 3 if self.team else 1
        lines = []
        for number, row in rows:
            cells = [" ".join(cell.split()) for cell in row]
            while len(cells) > columns and not cells[-1]:
                cells.pop()
            if len(cells) != columns or not all(cells):
                raise forms.ValidationError(
                    (
                        _("Line %(line)s: give the team's name, its player and the partner.")
                        if self.team
                        else _("Line %(line)s: give the player's name alone.")
                    )
                    % {"line": number}
                )
            if any(len(cell) > NAME_LENGTH for cell in cells):
                raise forms.ValidationError(
                    _("Line %(line)s: a name is longer than %(most)s characters.")
                    % {"line": number, "most": NAME_LENGTH}
                )
            name = cells[0]
            lines.append(
                (number, name, cells[1], cells[2]) if self.team else (number, name, name, "")
            )
        return lines


def _csv_rows(text: str) -> list[tuple[int, list[str]]]:
    """The file's rows with their line numbers, split on the separator it uses."""
    first = text.split("\n", 1)[0]
    delimiter = max(";,\t", key=first.count) if any(c in first for c in ";,\t") else ";"
    reader = csv.reader(io.StringIO(text), delimiter=delimiter)
    try:
        return [(reader.line_num, row) for row in reader]
    except csv.Error as error:
        raise forms.ValidationError(
            _("Line %(line)s: %(problem)s") % {"line": reader.line_num, "problem": error}
        ) from None
