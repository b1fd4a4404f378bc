from django.contrib import admin

from tournaments.models import Entry, Pass, Table, Tournament


class EntryInline(admin.TabularInline):
    model = Entry
    extra = 0
    fields = ["name", "player_1", "player_2", "checked_in", "withdrawn_after"]


@admin.register(Tournament)
class TournamentAdmin(admin.ModelAdmin):
    list_display = ["name", "club", "date", "format", "passes", "published"]
    list_filter = ["format", "published"]
    list_select_related = ["club"]
    inlines = [EntryInline]


class TableInline(admin.TabularInline):
    """Tables as they stand, read-only: seats are swapped, results signed, decided
    or entered from paper on the director's page, which keeps the record."""

    model = Table
    extra = 0
    fields = ["number", "seats", "state", "codes", "signatures", "dispute", "paper_totals", "game"]
    readonly_fields = fields
    can_delete = False

    def has_add_permission(self, request, obj=None):
        return False


@admin.register(Pass)
class PassAdmin(admin.ModelAdmin):
    list_display = ["tournament", "number", "state"]
    list_select_related = ["tournament"]
    inlines = [TableInline]
