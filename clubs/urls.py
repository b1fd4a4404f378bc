from django.urls import path

from clubs import views

app_name = "clubs"
urlpatterns = [
    path("account/", views.account, name="account"),
    path("account/new/", views.signup, name="signup"),
    path("clubs/new/", views.new_club, name="new_club"),
    path("clubs/<slug:slug>/settings/", views.settings, name="settings"),
    path("clubs/<slug:slug>/members/", views.members, name="members"),
    path("clubs/<slug:slug>/members/add/", views.add_member, name="add_member"),
    path("clubs/<slug:slug>/members/<int:member_id>/role/", views.change_role, name="change_role"),
    path(
        "clubs/<slug:slug>/members/<int:member_id>/remove/",
        views.remove_member,
        name="remove_member",
    ),
    path("clubs/<slug:slug>/members/<int:member_id>/link/", views.link_claim, name="link_claim"),
    path(
        "clubs/<slug:slug>/members/<int:member_id>/refuse-link/",
        views.refuse_claim,
        name="refuse_claim",
    ),
    path("clubs/<slug:slug>/invitations/", views.invite, name="invite"),
    path(
        "clubs/<slug:slug>/invitations/<int:invitation_id>/revoke/",
        views.revoke_invitation,
        name="revoke_invitation",
    ),
    path("join/<str:token>/", views.join, name="join"),
]
