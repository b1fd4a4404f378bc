from django.contrib import admin

from clubs.models import Club, Invitation, Member


class MemberInline(admin.TabularInline):
    model = Member
    extra = 0
    raw_id_fields = ["user", "claim"]


@admin.register(Club)
class ClubAdmin(admin.ModelAdmin):
    list_display = ["name", "place", "created_at"]
    search_fields = ["name", "place"]
    prepopulated_fields = {"slug": ["name"]}
    inlines = [MemberInline]


@admin.register(Invitation)
class InvitationAdmin(admin.ModelAdmin):
    list_display = ["club", "role", "expires_at", "uses", "uses_allowed", "revoked_at"]
    list_select_related = ["club"]
    readonly_fields = ["token", "uses"]
