"""The season's forms: its settings, an event counted, an event's weight."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.formats import date_format
from django.utils.functional import lazy
from django.utils.translation import gettext, gettext_noop, ngettext
from django.utils.translation import gettext_lazy as _

from seasons import ranking, sources
from seasons.models import Season
from seasons.services import SettingsValues

TIE_BREAK_FIELDS = ("tie_break_1", "tie_break_2", "tie_break_3")


def _tie_break_choices() -> list[tuple[str, Any]]:
    return [("", _("none")), *((key, _(label)) for key, label in ranking.TIE_BREAKS.items())]


def _said(message: str, **numbers: int) -> str:
    return gettext(message) % numbers


_said_lazy = lazy(_said, str)


def _bounded(message: str, **numbers: int) -> dict[str, Any]:
    """One message of the field's own, naming it and its bounds, for every way a
    number typed can be wrong (not a whole number, too small, too large, missing)."""
    said = _said_lazy(message, **numbers)
    return {"invalid": said, "min_value": said, "max_value": said, "required": said}


def points_text(points: list[int]) -> str:
    return ", ".join(str(p) for p in points)


class SeasonForm(forms.Form):
    name = forms.CharField(label=_("Name"), max_length=200)
    points = forms.CharField(
        label=_("Points for places 1, 2, 3 …"),
        max_length=600,
        initial=points_text(list(ranking.DEFAULT_POINTS)),
        help_text=_(
            "Whole numbers from 0 to 1000, separated by commas, never rising; "
            "the winner gets at least 1."
        ),
    )
    beyond = forms.IntegerField(
        label=_("Points for every place below the table"),
        required=False,
        min_value=0,
        max_value=ranking.MAX_PLACE_POINTS,
        error_messages=_bounded(
            gettext_noop(
                "Points below the table: a whole number from 0 to the points of the "
                "table's last place."
            )
        ),
        help_text=_("Empty: 1, or 0 when the table ends with 0."),
    )
    best = forms.IntegerField(
        label=_("Best results counted"),
        required=False,
        min_value=1,
        max_value=ranking.MAX_BEST,
        error_messages=_bounded(
            gettext_noop(
                "Best results counted: empty for all, or a whole number from 1 to %(most)s."
            ),
            most=ranking.MAX_BEST,
        ),
        help_text=_("Of the events that are not finals; empty: all. A final always counts."),
    )
    min_events = forms.IntegerField(
        label=_("Events played to be ranked"),
        initial=1,
        min_value=1,
        max_value=ranking.MAX_MIN_EVENTS,
        error_messages=_bounded(
            gettext_noop("Events played to be ranked: a whole number from 1 to %(most)s."),
            most=ranking.MAX_MIN_EVENTS,
        ),
        help_text=_("Finals included. Players with fewer are listed after, without a rank."),
    )
    tie_break_1 = forms.ChoiceField(label=_("Equal totals: first tie-break"), required=False)
    tie_break_2 = forms.ChoiceField(label=_("Then"), required=False)
    tie_break_3 = forms.ChoiceField(label=_("Then"), required=False)

    def __init__(self, *args: Any, season: Season | None = None, **kwargs: Any) -> None:
        if season is not None and "initial" not in kwargs:
            breaks = [*season.tie_breaks, "", "", ""]
            kwargs["initial"] = {
                "name": season.name,
                "points": points_text(season.points),
                "beyond": season.beyond,
                "best": season.best,
                "min_events": season.min_events,
                **dict(zip(TIE_BREAK_FIELDS, breaks, strict=False)),
            }
        elif "initial" not in kwargs:
            kwargs["initial"] = dict(zip(TIE_BREAK_FIELDS, ranking.DEFAULT_TIE_BREAKS, strict=True))
        super().__init__(*args, **kwargs)
        for name in TIE_BREAK_FIELDS:
            self.fields[name].choices = _tie_break_choices()

    def clean_name(self) -> str:
        name = self.cleaned_data["name"].strip()
        if not name:
            raise forms.ValidationError(_("Give the season a name."))
        return name

    def clean_points(self) -> list[int]:
        text = self.cleaned_data["points"]
        parts = [part.strip() for part in text.replace(";", ",").split(",")]
        while parts and not parts[-1]:  # a comma at the end says nothing more
            parts.pop()
        if not parts:
            raise forms.ValidationError(_("Give the points of place 1 at least."))
        if len(parts) > ranking.MAX_PLACES:
            raise forms.ValidationError(
                _("At most %(most)s places.") % {"most": ranking.MAX_PLACES}
            )
        points = []
        for place, part in enumerate(parts, start=1):
            if not part:
                raise forms.ValidationError(
                    _("Place %(place)s is empty: give its points (0 for none).") % {"place": place}
                )
            if not part.isdigit() or int(part) > ranking.MAX_PLACE_POINTS:
                raise forms.ValidationError(
                    _("Place %(place)s: “%(typed)s” is not a whole number from 0 to %(most)s.")
                    % {"place": place, "typed": part[:20], "most": ranking.MAX_PLACE_POINTS}
                )
            points.append(int(part))
        if points[0] < 1:
            raise forms.ValidationError(_("The winner gets at least 1 point."))
        for place in range(1, len(points)):
            if points[place] > points[place - 1]:
                raise forms.ValidationError(
                    _("Place %(place)s gets more points than place %(before)s.")
                    % {"place": place + 1, "before": place}
                )
        return points

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        points, beyond = data.get("points"), data.get("beyond")
        if points and beyond is not None and beyond > points[-1]:
            self.add_error(
                "beyond",
                ngettext(
                    "Points below the table: a whole number from 0 to the table's last "
                    "value, %(last)s point.",
                    "Points below the table: a whole number from 0 to the table's last "
                    "value, %(last)s points.",
                    points[-1],
                )
                % {"last": points[-1]},
            )
        chosen = [data.get(name) for name in TIE_BREAK_FIELDS]
        seen: set[str] = set()
        for name, value in zip(TIE_BREAK_FIELDS, chosen, strict=True):
            if value and value in seen:
                self.add_error(name, _("This tie-break is chosen already."))
            seen.add(value or "")
        return data

    def values(self) -> SettingsValues:
        data = self.cleaned_data
        return SettingsValues(
            points=data["points"],
            beyond=data["beyond"],
            best=data["best"],
            min_events=data["min_events"],
            tie_breaks=[data[name] for name in TIE_BREAK_FIELDS if data[name]],
        )


def _weight_field(**extra: Any) -> forms.IntegerField:
    """An event's weight: 1 to 5; empty, its default (1, a final 2)."""
    return forms.IntegerField(
        label=_("Weight"),
        required=False,
        min_value=1,
        max_value=ranking.MAX_WEIGHT,
        error_messages=_bounded(
            gettext_noop("Weight: a whole number from 1 to %(most)s, or empty for 1 (a final 2)."),
            most=ranking.MAX_WEIGHT,
        ),
        **extra,
    )


class EventForm(forms.Form):
    """One of the club's events to count: a tournament, or a club evening."""

    event = forms.ChoiceField(label=_("Event"))
    weight = _weight_field(
        help_text=_("Its points are multiplied by this, 1 to 5. Empty: 1, a final 2."),
    )
    final = forms.BooleanField(
        label=_("Final"), required=False, help_text=_("A final always counts.")
    )

    def __init__(self, *args: Any, season: Season, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        counted = {(e.kind, e.key) for e in season.events.all() if not e.kept}
        choices: list[tuple[str, Any]] = []
        for source in sources.registered():
            for candidate in source.candidates(season.club):
                if (candidate.kind, candidate.key) in counted:
                    continue
                label = f"{candidate.name} · {date_format(candidate.date)} ({source.label})"
                choices.append((f"{candidate.kind}:{candidate.key}", label))
        self.fields["event"].choices = [("", _("Choose an event")), *choices]
        self.has_choices = bool(choices)

    def chosen(self) -> tuple[str, str]:
        kind, _sep, key = self.cleaned_data["event"].partition(":")
        return kind, key


class EventWeightForm(forms.Form):
    weight = _weight_field()
    final = forms.BooleanField(label=_("Final"), required=False)

    def weight_or_default(self) -> int:
        """The weight typed, or empty: 1, a final 2."""
        weight = self.cleaned_data["weight"]
        return ranking.default_weight(self.cleaned_data["final"]) if weight is None else weight
