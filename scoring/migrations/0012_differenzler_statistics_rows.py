"""The statistics' rows of the Différenzler games stored before 0011 (data only)."""

from django.db import migrations

from scoring.kinds.differenzler import rules as differenzler
from scoring.kinds.differenzler.rules import DiffHand
from scoring.kinds.differenzler.stats import seat_figures
from scoring.rules import parse_ruleset


def store_results(apps, schema_editor):
    """The statistics' rows of the Différenzler games stored before this migration."""
    Game = apps.get_model("scoring", "Game")
    Player = apps.get_model("scoring", "Player")
    PlayerResult = apps.get_model("scoring", "PlayerResult")
    for game in Game.objects.filter(ruleset__preset=differenzler.PRESET):
        hands = [
            DiffHand(
                hand.trump,
                (hand.estimate_0, hand.estimate_1, hand.estimate_2, hand.estimate_3),
                (hand.cards_0, hand.cards_1, hand.cards_2, hand.cards_3),
            )
            for hand in game.hands.order_by("number")
        ]
        ruleset = parse_ruleset(game.ruleset, bounded=False)
        figures = seat_figures(differenzler.play(ruleset, hands, check=False))
        for player in Player.objects.filter(team__game=game).select_related("team"):
            seat = player.team.index + 2 * player.position
            PlayerResult.objects.update_or_create(
                player=player,
                defaults={
                    "game": game,
                    "club_id": game.club_id,
                    "played_on": game.played_on,
                    "member_id": player.member_id,
                    "team": player.team.index,
                    "individual": True,
                    "hands": figures[seat].hands,
                    "differences": figures[seat].differences,
                    "exact": figures[seat].exact,
                    "finished": figures[seat].finished,
                    "won": figures[seat].won,
                },
            )


class Migration(migrations.Migration):
    dependencies = [("scoring", "0011_differenzler_statistics")]

    operations = [migrations.RunPython(store_results, migrations.RunPython.noop)]
