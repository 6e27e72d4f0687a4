"""What the computer players explain, in the reader's language: ``/te hint``'s and the analysis' line of
why (every code of ``ai.hint.Because``) and what a turning point brought about (``ai.analysis.Happened``),
worded here by their code strings (the words room does not read the computer players;
``tests/i18n/test_coded.py`` checks that every code is worded)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Final, Protocol

from babel.lists import format_list

from engine import Action, Colour, Reason
from engine.actions import COLOUR_BY_WORD
from i18n import N_, Nn_, Words
from i18n.coded import Said
from i18n.refusals import seat_name
from i18n.terms import action_label

RED, BLUE, GREEN, BLACK = Colour.RED, Colour.BLUE, Colour.GREEN, Colour.BLACK


class WhyLike(Protocol):
    """``ai.hint.Why``: a move's reasons and the turn's planned second action."""

    @property
    def reasons(self) -> Sequence[Reason]: ...
    @property
    def then(self) -> Action | None: ...


HINTS: Final[Mapping[str, Said]] = {
    "scores": Said(
        {
            RED: Nn_("+{n} red point", "+{n} red points"),
            BLUE: Nn_("+{n} blue point", "+{n} blue points"),
            GREEN: Nn_("+{n} green point", "+{n} green points"),
            BLACK: Nn_("+{n} black point", "+{n} black points"),
        },
        by="colour",
        count="n",
    ),
    "treasures": Said(Nn_("+{n} treasure", "+{n} treasures"), count="n"),
    "revolt": Said(
        {
            RED: N_("a revolt for the priest's place"),
            BLUE: N_("a revolt for the farmer's place"),
            GREEN: N_("a revolt for the trader's place"),
            BLACK: N_("a revolt for the king's place"),
        },
        by="colour",
    ),
    "war": Said(
        {
            RED: N_("a war between the priests"),
            BLUE: N_("a war between the farmers"),
            GREEN: N_("a war between the traders"),
            BLACK: N_("a war between the kings"),
        },
        by="colour",
    ),
    "rival-stranded": Said(
        {
            RED: N_("a rival priest loses its temple"),
            BLUE: N_("a rival farmer loses its temple"),
            GREEN: N_("a rival trader loses its temple"),
            BLACK: N_("a rival king loses its temple"),
        },
        by="colour",
    ),
    "monument": Said(N_("a monument")),
    "kingdom-grows": Said(
        {
            RED: N_("your priest's kingdom grows"),
            BLUE: N_("your farmer's kingdom grows"),
            GREEN: N_("your trader's kingdom grows"),
            BLACK: N_("your king's kingdom grows"),
        },
        by="colour",
    ),
    # a leader's kingdom: the counts are worded apart (one plural each), then put in the sentence
    "joins-kingdom": Said(
        {
            RED: N_("your priest joins a kingdom of {tiles}, with {temples} beside it"),
            BLUE: N_("your farmer joins a kingdom of {tiles}, with {temples} beside it"),
            GREEN: N_("your trader joins a kingdom of {tiles}, with {temples} beside it"),
            BLACK: N_("your king joins a kingdom of {tiles}, with {temples} beside it"),
        },
        by="colour",
    ),
    "founds-kingdom": Said(
        {
            RED: N_("your priest founds a kingdom of {tiles}, with {temples} beside it"),
            BLUE: N_("your farmer founds a kingdom of {tiles}, with {temples} beside it"),
            GREEN: N_("your trader founds a kingdom of {tiles}, with {temples} beside it"),
            BLACK: N_("your king founds a kingdom of {tiles}, with {temples} beside it"),
        },
        by="colour",
    ),
    "better-mix": Said(N_("a better mix of tiles for your leaders")),
    "nothing-better": Said(N_("nothing else improves your position this turn")),
    "strongest": Said(N_("it strengthens your position most")),
    "none-to-add": Said(
        {
            RED: N_("you hold no temples to add"),
            BLUE: N_("you hold no farms to add"),
            GREEN: N_("you hold no markets to add"),
            BLACK: N_("you hold no settlements to add"),
        },
        by="colour",
    ),
    "only-choice": Said(N_("it is the only choice")),
    "keep-ahead": Said(N_("{mine} against {theirs} already; keep your tiles")),
    "keep-behind": Said(N_("{mine} against {theirs}, and adding tiles is not worth it; keep them")),
    "beats": Said(N_("your {total} beats their {theirs} so far")),
    "holds": Said(N_("your {total} holds against their {theirs} (a tie goes to the defender)")),
    "against": Said(N_("your {total} against their {theirs}")),
    "war-first": Said(
        {
            RED: N_("fight over the priests first: it leaves you best placed for the rest"),
            BLUE: N_("fight over the farmers first: it leaves you best placed for the rest"),
            GREEN: N_("fight over the traders first: it leaves you best placed for the rest"),
            BLACK: N_("fight over the kings first: it leaves you best placed for the rest"),
        },
        by="colour",
    ),
    "monument-points": Said(N_("points every turn for your leaders of its colours in that kingdom")),
    "decline": Said(N_("no monument here helps you more than the tiles do")),
    "treasure": Said(N_("each treasure is one wild point; this one leaves the kingdom best placed")),
    "best": Said(N_("it comes out best for you")),
}
# What a turning point of a game brought about; {seat} and {other} are players' names.
HAPPENED: Final[Mapping[str, Said]] = {
    "revolt-won": Said(
        {
            RED: N_("{seat} wins a revolt for the priests against {other}"),
            BLUE: N_("{seat} wins a revolt for the farmers against {other}"),
            GREEN: N_("{seat} wins a revolt for the traders against {other}"),
            BLACK: N_("{seat} wins a revolt for the kings against {other}"),
        },
        by="colour",
    ),
    "war-won": Said(
        {
            RED: N_("{seat} wins a war for the priests against {other}"),
            BLUE: N_("{seat} wins a war for the farmers against {other}"),
            GREEN: N_("{seat} wins a war for the traders against {other}"),
            BLACK: N_("{seat} wins a war for the kings against {other}"),
        },
        by="colour",
    ),
    "monument-built": Said(N_("a monument is built")),
    "treasure-taken": Said(N_("{seat} takes a treasure")),
}

WHY: Final = N_("{reasons}.")
WHY_THEN: Final = N_("{reasons} (then: {next}).")
HINT: Final = N_("Hint: {move}: {why} (`{notation}`)")


def why_words(why: WhyLike, words: Words) -> str:
    """The line of why, as a sentence: "+1 red point and your priest's kingdom grows." """
    parts = [reason_words(reason, words) for reason in why.reasons]
    reasons = format_list(parts, locale=words.language.replace("-", "_"))
    if why.then is None:
        return words.gettext(WHY, reasons=reasons)
    return words.gettext(WHY_THEN, reasons=reasons, next=action_label(words, why.then))


def hint_words(action: Action, why: WhyLike, words: Words) -> str:
    """``/te hint``'s answer: the move as a player says it, why, and its notation."""
    return words.gettext(
        HINT, move=action_label(words, action), why=why_words(why, words), notation=action.text
    )


def reason_words(reason: Reason, words: Words) -> str:
    """One reason of a hint, as a phrase: "your priest's kingdom grows"."""

    def fill(name: str, value: object) -> object:
        # the counts inside "a kingdom of {tiles}, with {temples} beside it", in the case the sentence needs
        if name == "tiles" and isinstance(value, int):
            return words.npgettext("a kingdom of", "{n} tile", "{n} tiles", value)
        if name == "temples" and isinstance(value, int):
            return words.npgettext("with ... beside it", "{n} temple", "{n} temples", value)
        return value

    return HINTS[reason.code.code].say(words, reason.params, fill)


def happened_words(happened: Sequence[Mapping[str, object]], words: Words, names: Sequence[str] = ()) -> str:
    """What a turning point brought about (``TurningPoint.happened`` as stored: codes, colours as words),
    players named by seat; "" for nothing (or only codes of a later version)."""
    parts = []
    for item in happened:
        said = HAPPENED.get(str(item.get("code")))
        if said is None:
            continue
        params = {
            name: COLOUR_BY_WORD[str(value)] if name == "colour" else value
            for name, value in item.items()
            if name != "code"
        }
        parts.append(said.say(words, params, lambda name, value: _player(value, words, names)))
    return format_list(parts, locale=words.language.replace("-", "_")) if parts else ""


def _player(value: object, words: Words, names: Sequence[str]) -> object:
    return seat_name(value, words, names) if isinstance(value, int) else value
