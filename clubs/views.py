"""Club pages: a club's settings, its members and invitations, joining, accounts.
The club's own page and its players' pages show games: ``scoring.club_pages``."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth import login
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from clubs import access, services
from clubs.forms import (
    AddMemberForm,
    ClubForm,
    InvitationForm,
    JoinForm,
    NewClubForm,
    RoleForm,
    SignUpForm,
)
from clubs.models import Invitation, Member, Role


@require_GET
@login_required
def account(request: HttpRequest) -> HttpResponse:
    members = Member.objects.filter(user=request.user).select_related("club")
    return render(request, "clubs/account.html", {"members": members})


@require_http_methods(["GET", "POST"])
@login_required
def new_club(request: HttpRequest) -> HttpResponse:
    form = NewClubForm(request.POST or None, initial={"player_name": request.user.get_username()})
    if request.method == "POST" and form.is_valid():
        club = services.create_club(
            name=form.cleaned_data["name"],
            place=form.cleaned_data["place"],
            founder=request.user,
            player_name=form.cleaned_data["player_name"],
        )
        messages.success(request, _("Club created. Invite its members from the members page."))
        return redirect(club)
    return render(
        request, "clubs/new_club.html", {"form": form}, status=422 if form.is_bound else 200
    )


@require_http_methods(["GET", "POST"])
@login_required
def settings(request: HttpRequest, slug: str) -> HttpResponse:
    club = access.club_for(request.user, slug, Role.ADMIN)
    form = ClubForm(request.POST or None, request.FILES or None, instance=club)
    if request.method == "POST" and form.is_valid():
        form.save()
        messages.success(request, _("Club saved."))
        return redirect(club)
    status = 422 if form.is_bound else 200
    return render(request, "clubs/settings.html", {"club": club, "form": form}, status=status)


@require_GET
@login_required
def members(request: HttpRequest, slug: str) -> HttpResponse:
    club = access.club_for(request.user, slug, Role.ADMIN)
    return _members_page(request, club)


def _members_page(request, club, add_form=None, invitation_form=None, status=200) -> HttpResponse:
    members = list(club.members.select_related("user", "claim"))
    context = {
        "club": club,
        "members": members,
        "claims": [member for member in members if member.claim_id],
        "invitations": club.invitations.current(),
        "add_form": add_form or AddMemberForm(),
        "invitation_form": invitation_form or InvitationForm(prefix="invitation"),
        "role_choices": Role.choices,
    }
    return render(request, "clubs/members.html", context, status=status)


@require_POST
@login_required
def add_member(request: HttpRequest, slug: str) -> HttpResponse:
    club = access.club_for(request.user, slug, Role.ADMIN)
    form = AddMemberForm(request.POST)
    if form.is_valid():
        try:
            member = services.add_member(club=club, **form.cleaned_data)
        except services.ClubRuleBroken as broken:
            form.add_error("name", str(broken))
        else:
            messages.success(request, _("%(name)s added.") % {"name": member.name})
            return redirect("clubs:members", club.slug)
    return _members_page(request, club, add_form=form, status=422)


@require_POST
@login_required
def change_role(request: HttpRequest, slug: str, member_id: int) -> HttpResponse:
    club = access.club_for(request.user, slug, Role.ADMIN)
    member = get_object_or_404(Member, pk=member_id, club=club)
    form = RoleForm(request.POST)
    if form.is_valid():
        try:
            services.change_role(member=member, role=form.cleaned_data["role"])
        except services.ClubRuleBroken as broken:
            messages.error(request, str(broken))
        else:
            messages.success(request, _("Role of %(name)s changed.") % {"name": member.name})
    return redirect("clubs:members", club.slug)


@require_POST
@login_required
def remove_member(request: HttpRequest, slug: str, member_id: int) -> HttpResponse:
    club = access.club_for(request.user, slug, Role.ADMIN)
    member = get_object_or_404(Member, pk=member_id, club=club)
    try:
        services.remove_member(member=member)
    except services.ClubRuleBroken as broken:
        messages.error(request, str(broken))
    else:
        messages.success(request, _("%(name)s removed.") % {"name": member.name})
    return redirect("clubs:members", club.slug)


@require_POST
@login_required
def link_claim(request: HttpRequest, slug: str, member_id: int) -> HttpResponse:
    club = access.club_for(request.user, slug, Role.ADMIN)
    member = get_object_or_404(Member, pk=member_id, club=club)
    try:
        player = services.link_claim(member=member, by=request.user)
    except services.ClubRuleBroken as broken:
        messages.error(request, str(broken))
    else:
        messages.success(
            request,
            _("%(name)s now plays with the account %(account)s.")
            % {"name": player.name, "account": player.user.get_username()},
        )
    return redirect("clubs:members", club.slug)


@require_POST
@login_required
def refuse_claim(request: HttpRequest, slug: str, member_id: int) -> HttpResponse:
    club = access.club_for(request.user, slug, Role.ADMIN)
    member = get_object_or_404(Member, pk=member_id, club=club)
    services.refuse_claim(member=member)
    messages.success(
        request, _("%(name)s stays a member under their own name.") % {"name": member.name}
    )
    return redirect("clubs:members", club.slug)


@require_POST
@login_required
def invite(request: HttpRequest, slug: str) -> HttpResponse:
    club = access.club_for(request.user, slug, Role.ADMIN)
    form = InvitationForm(request.POST, prefix="invitation")
    if not form.is_valid():
        return _members_page(request, club, invitation_form=form, status=422)
    services.create_invitation(club=club, created_by=request.user, **form.cleaned_data)
    messages.success(request, _("Invitation link created: send it to the people to invite."))
    return redirect("clubs:members", club.slug)


@require_POST
@login_required
def revoke_invitation(request: HttpRequest, slug: str, invitation_id: int) -> HttpResponse:
    club = access.club_for(request.user, slug, Role.ADMIN)
    invitation = get_object_or_404(Invitation, pk=invitation_id, club=club)
    services.revoke_invitation(invitation=invitation)
    messages.success(request, _("Invitation revoked."))
    return redirect("clubs:members", club.slug)


@require_http_methods(["GET", "POST"])
def join(request: HttpRequest, token: str) -> HttpResponse:
    """The invitation link: sign in or create an account, then join the club. A
    member of the club is told so and stays as they are."""
    invitation = get_object_or_404(Invitation.objects.select_related("club"), token=token)
    if request.user.is_authenticated:
        member = Member.objects.filter(club=invitation.club, user=request.user).first()
        if member:
            return render(request, "clubs/join.html", {"invitation": invitation, "member": member})
    if not invitation.usable:
        return render(request, "clubs/join.html", {"invitation": invitation}, status=410)
    if not request.user.is_authenticated:
        return render(request, "clubs/join.html", {"invitation": invitation, "next": request.path})
    form = JoinForm(request.POST or None, initial={"player_name": request.user.get_username()})
    if request.method == "POST" and form.is_valid():
        try:
            member = services.join_club(
                invitation=invitation,
                user=request.user,
                player_name=form.cleaned_data["player_name"],
            )
        except services.ClubRuleBroken as broken:
            form.add_error("player_name", str(broken))
        else:
            messages.success(request, _("Welcome to %(club)s!") % {"club": invitation.club})
            if member.claim_id:
                messages.info(
                    request,
                    _(
                        "You play as %(name)s until an admin of the club confirms "
                        "that you are %(player)s."
                    )
                    % {"player": form.cleaned_data["player_name"], "name": member.name},
                )
            return redirect(invitation.club)
    context = {"invitation": invitation, "form": form}
    return render(request, "clubs/join.html", context, status=422 if form.is_bound else 200)


@require_http_methods(["GET", "POST"])
def signup(request: HttpRequest) -> HttpResponse:
    next_url = request.POST.get("next") or request.GET.get("next") or reverse("scoring:home")
    if not next_url.startswith("/") or next_url.startswith("//"):
        next_url = reverse("scoring:home")
    form = SignUpForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        user = form.save()
        login(request, user, backend="django.contrib.auth.backends.ModelBackend")
        return redirect(next_url)
    context = {"form": form, "next": next_url}
    return render(
        request, "registration/signup.html", context, status=422 if form.is_bound else 200
    )
