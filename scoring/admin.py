"""Django admin for games and hands. Every save goes through the rules engine:
the admin cannot store a ruleset or a hand that breaks a rule."""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib import admin
from django.core.exceptions import ValidationError
from django.db import models
from django.forms.fields import InvalidJSONInput
from django.utils.translation import gettext_lazy as _

from scoring import extras, registry, rules, services
from scoring.models import Game, Hand, Player, Team
from scoring.rules import gamefile


class JSONTextField(forms.JSONField):
    """JSON typed in the admin (a ruleset, a hand's Weis): text that Python's JSON
    reader chokes on (``[[[[…`` nested thousands deep, a number of 5000 digits) or
    that nests deeper than a game file is "Enter a valid JSON.", never an error page."""

    def to_python(self, value: Any) -> Any:
        try:
            converted = super().to_python(value)
        except (RecursionError, ValueError):
            converted = InvalidJSONInput(value)
        if isinstance(converted, InvalidJSONInput) or gamefile.too_deep(converted):
            raise ValidationError(self.error_messages["invalid"], code="invalid")
        return converted

    def bound_data(self, data: Any, initial: Any) -> Any:
        try:
            value = super().bound_data(data, initial)
        except (RecursionError, ValueError):
            return InvalidJSONInput(data)
        return InvalidJSONInput(data) if gamefile.too_deep(value) else value


JSON_AS_TEXT: dict[type[models.Field], dict[str, Any]] = {
    models.JSONField: {"form_class": JSONTextField}
}


class GameForm(forms.ModelForm):
    class Meta:
        model = Game
        fields = ["name", "played_on", "ruleset"]

    def clean_ruleset(self) -> dict:
        data = self.cleaned_data["ruleset"]
        kind = registry.of(data if isinstance(data, dict) else {})
        try:
            ruleset = kind.asks("ruleset")(data).to_dict()
        except rules.RulesError as error:
            raise ValidationError([str(problem) for problem in error.problems]) from error
        except registry.NotOffered as error:
            raise ValidationError(_("Games of this kind are not kept in the admin.")) from error
        was = self.instance.ruleset if self.instance.pk else None
        if was is not None and registry.of(was).name != registry.of(ruleset).name:
            # its hands and statistics rows are of its kind: another kind could not read them
            raise ValidationError(_("A game keeps its kind: start a new game for another one."))
        return ruleset


class HandFormSet(forms.BaseInlineFormSet):
    """Check the whole game with the engine: a hand is judged with those before it."""

    def clean(self) -> None:
        super().clean()
        if any(form.errors for form in self.forms):
            return
        game = self.instance
        kind = registry.of(game.ruleset if isinstance(game.ruleset, dict) else {})
        if not isinstance(kind, registry.HandByHand):
            return  # read-only here (HandInline)
        try:
            kind.asks("ruleset")(game.ruleset)
        except (rules.RulesError, registry.NotOffered):
            return  # the game form reports the ruleset
        kept = [
            form
            for form in self.forms
            if form.cleaned_data and not form.cleaned_data.get("DELETE", False)
        ]
        kept.sort(key=lambda form: form.cleaned_data["number"])
        numbers = [form.cleaned_data["number"] for form in kept]
        if numbers != list(range(1, len(kept) + 1)):
            raise ValidationError(_("Hands must be numbered 1, 2, 3… without gaps."))
        hands = []
        for form in kept:
            record = form.cleaned_data.get("record")
            try:
                hands.append(kind.read_hand(record))
                form.instance.record = kind.write_hand(hands[-1])  # as the game file writes it
            except (AttributeError, KeyError, IndexError, TypeError, rules.RulesError) as error:
                raise ValidationError(
                    _("Hand %(number)s is not a hand of the game file: %(record)s")
                    % {"number": form.cleaned_data["number"], "record": record}
                ) from error
        try:
            kind.play(game, hands)
        except rules.RulesError as error:
            raise ValidationError([str(problem) for problem in error.problems]) from error


class TeamInline(admin.TabularInline):
    model = Team
    extra = 0
    max_num = 2
    show_change_link = True


class HandInline(admin.TabularInline):
    """A game's hands, checked by the rules engine. A tournament game's hands are
    read-only here: its result changes on the director's page, where every change
    is kept with who, when and why, and confirmed results stay as signed."""

    model = Hand
    formset = HandFormSet
    formfield_overrides = JSON_AS_TEXT
    extra = 0

    @staticmethod
    def _read_only(obj: Game | None) -> bool:
        # a tournament's game; or a game whose kind records its hands itself
        # (Différenzler: the estimates are sealed at its table), which changes them there
        # or through its game file, not here
        if obj is None:
            return False
        return extras.claimed(obj) or not isinstance(registry.of(obj.ruleset), registry.HandByHand)

    def has_change_permission(self, request, obj=None):
        return not self._read_only(obj) and super().has_change_permission(request, obj)

    def has_add_permission(self, request, obj=None):
        return not self._read_only(obj) and super().has_add_permission(request, obj)

    def has_delete_permission(self, request, obj=None):
        return not self._read_only(obj) and super().has_delete_permission(request, obj)

    fields = ["number", "record"]


@admin.register(Game)
class GameAdmin(admin.ModelAdmin):
    form = GameForm
    formfield_overrides = JSON_AS_TEXT
    inlines = [TeamInline, HandInline]
    list_display = ["__str__", "played_on", "created_at"]
    date_hierarchy = "played_on"
    search_fields = ["name", "teams__name", "teams__players__name"]

    def get_queryset(self, request):
        # what a game's name is composed from (Game.title), read with it
        return super().get_queryset(request).select_related(*extras.related())

    def save_related(self, request, form, formsets, change):
        """The hands saved, the game's statistics rows follow them (in the admin's
        transaction), as after any other change to its hands."""
        super().save_related(request, form, formsets, change)
        game = form.instance
        kind = registry.of(game.ruleset)
        if isinstance(kind, registry.HandByHand):
            hands = [kind.read_hand(hand.record) for hand in game.hands.order_by("number")]
            kind.hands_changed(game, hands)

    def delete_model(self, request, obj):
        services.delete_games(Game.objects.filter(pk=obj.pk))

    def delete_queryset(self, request, queryset):
        services.delete_games(queryset)


class PlayerInline(admin.TabularInline):
    model = Player
    extra = 0
    max_num = 2


@admin.register(Team)
class TeamAdmin(admin.ModelAdmin):
    inlines = [PlayerInline]
    list_display = ["name", "game", "index"]

    def get_queryset(self, request):
        related = ["game", *(f"game__{path}" for path in extras.related())]
        return super().get_queryset(request).select_related(*related)
