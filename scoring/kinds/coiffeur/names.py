"""A Coiffeur row's name as players write it (RULES.md §11): "Misär", "Misere",
"Obenabe", "Par le haut", "Wunsch" … read as the mode it names, so that a sheet typed by
a club is scored as the club plays it. Plain Python, no Django: the start form adds the
names the site's own languages give the modes; the game file's import refuses a row
that would be read as misère but is not the sheet's ``misere`` row (only misère is
scored differently: 157 − card points), unless the file's result says it was scored
like a trump (gamefile.read_game).
"""

from __future__ import annotations

import re
import unicodedata

from scoring.rules.problems import Problem, gettext_noop

from .sheet import MISERE, CoiffeurRuleset

# The mode → how players write it, in Swiss German, German, French, Italian and English,
# as they are folded (see :func:`fold`). The suits follow the site's correspondence
# (scoring/suits.py: Eicheln ♣, Schellen ♦, Schilten ♥, Rosen ♠; in Italian ghiande ♣,
# campanelli ♦, scudi ♥, rose ♠).
SPELLINGS: dict[str, tuple[str, ...]] = {
    "clubs": (
        *("clubs", "club", "trefle", "trefles", "kreuz", "chruz"),
        *("eicheln", "eichel", "eichle"),
        *("fiori", "fiore", "ghiande", "ghianda"),
    ),
    "diamonds": (
        *("diamonds", "diamond", "carreau", "carreaux", "karo", "ecke", "egge"),
        *("schellen", "schelle", "schalle", "schaelle"),
        *("quadri", "quadro", "campanelli", "campanello"),
    ),
    "hearts": (
        *("hearts", "heart", "coeur", "coeurs", "herz", "harz"),
        *("schilten", "schilte", "schilt"),
        *("cuori", "cuore", "scudi", "scudo"),
    ),
    "spades": (
        *("spades", "spade", "pique", "piques", "pik", "schaufel", "schufle", "rosen", "rose"),
        *("picche", "picca"),
    ),
    "obe-abe": (
        *("obeabe", "obe", "obenabe", "obenab", "oben", "obeabi", "obenaben"),
        *("topdown", "parlehaut", "duhaut", "duhautenbas", "dallalto"),
    ),
    "unde-ufe": (
        *("undeufe", "unde", "undenufe", "undenuf", "unten", "untenufe", "untenauf"),
        *("ondeufe", "ondenufe", "bottomup", "parlebas", "dubas", "dubasenhaut", "dalbasso"),
    ),
    "slalom": ("slalom", "zickzack", "zigzag"),
    "3x3": ("3x3", "3mal3", "dreimaldrei", "3fois3", "troisfoistrois", "3per3", "trepertre"),
    "guschti": ("guschti", "gusti"),
    "choice": (
        *("choice", "freechoice", "free", "wunsch", "frei", "freiewahl", "freiwahl", "wahl"),
        *("choix", "auchoix", "libre", "choixlibre"),
        *("ascelta", "scelta", "sceltalibera"),
    ),
    "trump": (
        *("trump", "trumpf", "atout", "trumpfwahl", "atoutauchoix", "trumpnachwahl"),
        *("briscola", "briscolaascelta"),
    ),
    MISERE: ("misere", "misare", "misaere", "miser", "misar", "misaer", "misery", "miseria"),
}

_READ = {spelling: mode for mode, spellings in SPELLINGS.items() for spelling in spellings}
_NUMBERED = re.compile(r"^(?P<name>.*?\D)(?P<number>\d+)$")

READS_AS_MISERE = gettext_noop(
    "“{name}” reads as misère, but only the row named “misere” is scored as misère "
    "(157 − card points), and a sheet has one: name this row “misere” (its label may "
    "keep “{name}”), or give a free row a name of its own"
)


def fold(name: str) -> str:
    """A name as it is looked up: no letter case, accents, spaces or dashes, and the
    way "×" is typed makes no difference ("Misär" → "misar", "3 × 3" → "3x3",
    "Par le haut" → "parlehaut", "Cœur" → "coeur")."""
    text = name.casefold().replace("œ", "oe").replace("æ", "ae").replace("×", "x").replace("*", "x")
    text = unicodedata.normalize("NFKD", text)
    return re.sub(r"[^a-z0-9]", "", "".join(c for c in text if not unicodedata.combining(c)))


def mode_of(name: str) -> str | None:
    """The mode a row's name says as players write it, or None if it says none."""
    return _READ.get(fold(name))


def reads_as_misere(name: str) -> bool:
    """Whether a name would be read as misère by a player, numbered too ("Misär 2",
    "misere-2")."""
    folded = fold(name)
    numbered = _NUMBERED.match(folded)
    return _READ.get(folded) == MISERE or bool(numbered and _READ.get(numbered["name"]) == MISERE)


def misread_rows(ruleset: CoiffeurRuleset, prefix: str = "ruleset") -> list[Problem]:
    """The rows a player would read as misère that are not scored so: a name or label
    such as "Misär" on a free row (scored like a trump: 40 card points × 8 = 320, where
    misère writes 936), or a second misère row. One problem per row, naming it."""
    problems = []
    for index, (name, _multiplier, label) in enumerate(ruleset.rows):
        if name == MISERE:
            continue
        for place, text in ((0, name), (2, label)):
            if text is not None and reads_as_misere(text):
                where = f"{prefix}.rows[{index}][{place}]"
                problems.append(Problem(where, READS_AS_MISERE, params={"name": text}))
                break
    return problems


__all__ = ["SPELLINGS", "fold", "misread_rows", "mode_of", "reads_as_misere"]
