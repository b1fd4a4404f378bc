from django.contrib import admin

from seasons.models import Season, SeasonEvent


class SeasonEventInline(admin.TabularInline):
    model = SeasonEvent
    extra = 0
    fields = ["name", "date", "kind", "key", "weight", "final"]


@admin.register(Season)
class SeasonAdmin(admin.ModelAdmin):
    list_display = ["name", "club", "best", "min_events"]
    list_select_related = ["club"]
    inlines = [SeasonEventInline]
