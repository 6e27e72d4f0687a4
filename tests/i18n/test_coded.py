"""Every code the engine and the computer players give has words in every language, with exactly its
parameters (issue 19): refusals (``engine.Refusal``), hint reasons (``ai.hint.Because``), what a square
holds; and real refusals read end to end."""

from __future__ import annotations

import random

import pytest

from ai import hint
from ai.analysis import Happened, turning_points
from ai.hint import Because, Why
from engine import (
    COLOURS,
    MONUMENTS,
    Action,
    Colour,
    Content,
    Game,
    IllegalActionError,
    NotationError,
    Phase,
    Reason,
    Refusal,
    UndoRefused,
    parse_square,
    player_view,
    take_back,
)
from engine.actions import BUILDING_ACTIONS, COMMIT_ACTIONS, POINT_ACTIONS, WAR_ACTIONS, WONDER_ACTIONS
from engine.legal import PHASE_KINDS
from engine.reasons import CONTENT_KINDS
from i18n import LANGUAGES, words_for
from i18n.coded import Said, message_placeholders
from i18n.hints import HAPPENED, HINTS, happened_words, hint_words, reason_words, why_words
from i18n.refusals import CONTENTS, REFUSALS, content_words, refusal_words
from i18n.terms import action_label
from tests.engine.positions import three_wars

# The values a parameter that picks the message can take.
PICKED_BY = {"colour": set(COLOURS), "monument": set(MONUMENTS), "waiting": set(PHASE_KINDS)}


def check_worded(code_params: frozenset[str], said: Said, what: str) -> list[str]:
    wrong = []
    if said.by is not None:
        assert isinstance(said.messages, dict), what
        if set(said.messages) != PICKED_BY[said.by]:
            wrong.append(f"{what}: a message for each of {said.by} {sorted(map(str, PICKED_BY[said.by]))}")
    for name in (said.by, said.count):
        if name is not None and name not in code_params:
            wrong.append(f"{what}: {name} is not one of its parameters {sorted(code_params)}")
    want = said.placeholders_for(code_params)
    for message in said.variants():
        if message_placeholders(message) != want:
            wrong.append(
                f"{what}: {message!r} has {sorted(message_placeholders(message))}, not {sorted(want)}"
            )
    return wrong


def test_every_refusal_code_has_a_message_with_exactly_its_parameters():
    assert set(REFUSALS) == set(Refusal), set(Refusal) ^ set(REFUSALS)
    wrong = [problem for code in Refusal for problem in check_worded(code.params, REFUSALS[code], code.code)]
    assert not wrong, wrong


def test_every_hint_code_has_a_message_with_exactly_its_parameters():
    assert set(HINTS) == {code.code for code in Because}, set(HINTS) ^ {code.code for code in Because}
    wrong = [
        problem for code in Because for problem in check_worded(code.params, HINTS[code.code], code.code)
    ]
    assert not wrong, wrong


def test_every_turning_point_code_has_a_message_with_exactly_its_parameters():
    assert set(HAPPENED) == {code.code for code in Happened}
    wrong = [p for code in Happened for p in check_worded(code.params, HAPPENED[code.code], code.code)]
    assert not wrong, wrong


def test_what_a_turning_point_brought_about_is_stored_as_codes_and_worded_with_names():
    from tests.ai.test_analysis import random_against_normal

    found = [point for point in turning_points(random_against_normal(), count=40) if point.happened]
    assert found, "no turning point brought anything about"
    for point in found:
        english = happened_words(point.happened, words_for("en"), [f"seat {n}" for n in range(4)])
        assert all(part in english for part in point.what.split("; ")), (english, point.what)
        for language in LANGUAGES:
            assert "{" not in happened_words(point.happened, words_for(language), ["Ana", "Bo", "Cy", "Di"])
    war = [{"code": "war-won", "seat": 1, "colour": "blue", "other": 0}]
    german = happened_words(war, words_for("de"), ["Ana", "Zoë"])
    assert german == "Zoë gewinnt einen Krieg der Bauern gegen Ana"
    assert happened_words([{"code": "from-a-later-version"}], words_for("de")) == ""


def test_everything_a_square_can_hold_is_worded():
    coloured = {"leader", "tile", "tile-under-building"}
    want = {(kind, colour) for kind in coloured for colour in COLOURS}
    want |= {(kind, None) for kind in CONTENT_KINDS if kind not in coloured}
    assert set(CONTENTS) == want
    for (kind, _), message in CONTENTS.items():
        assert message_placeholders(message) == ({"player"} if kind == "leader" else set()), message


def test_the_check_finds_a_message_with_a_wrong_parameter():
    said = Said(dict.fromkeys(COLOURS, "You hold {m}."), by="colour", count="held")
    assert check_worded(Refusal.HOLD_ONLY.params, said, "hold-only")
    assert check_worded(frozenset({"square"}), Said("On {sq}."), "x")


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_refusal_and_hint_reads_in_every_language(language):
    """Each code with sample parameters, each colour and monument: a sentence, its placeholders filled."""
    words = words_for(language)
    samples: dict[str, object] = {
        "square": "E5",
        "squares": ("A9", "C9"),
        "kind": "tile",
        "held": 1,
        "text": "'zz'",
        "usage": "pass",
        "most": 6,
        "content": Content("leader", Colour.GREEN, 1),
    }
    for code in Refusal:
        said = REFUSALS[code]
        for picked in PICKED_BY.get(said.by or "", [None]):
            params = {name: samples.get(name) for name in code.params}
            if said.by is not None:
                params[said.by] = picked
            text = refusal_words(Reason(code, **params), words, ["Anna", "Zoë"])
            assert "{" not in text and text.endswith("."), text
    for code in Because:
        said = HINTS[code.code]
        for picked in PICKED_BY.get(said.by or "", [None]):
            params = dict.fromkeys(code.params, 2)
            if said.by is not None:
                params[said.by] = picked
            assert "{" not in reason_words(Reason(code, **params), words)
    for content in [Content(kind, colour, 0) for kind in CONTENT_KINDS for colour in COLOURS]:
        assert "{" not in content_words(content, words, ["Анна"])


def refused(game: Game, action: str) -> IllegalActionError:
    with pytest.raises(IllegalActionError) as caught:
        game.apply(action)
    return caught.value


def test_a_german_refusal_of_a_real_illegal_move():
    game = Game.new(players=2, seed=3)
    river = next(s for s in range(176) if game.kingdoms.river[s])
    square = Action(kind="tile", colour=Colour.RED, square=river)
    game.hands[game.active][Colour.RED] = max(1, game.hands[game.active][Colour.RED])
    error = refused(game, square.text)
    name = square.text.split()[-1].upper()
    assert error.code is Refusal.RIVER_SQUARE and error.code.code == "river-square"
    assert error.params == {"square": name}
    assert str(error) == f"{name} is a river square: only farms (blue) go on rivers"  # logs, CLI
    assert refusal_words(error, words_for("de")) == (
        f"{name} ist ein Flussfeld: Auf Flüsse kommen nur Bauernhöfe (blau)."
    )
    assert (
        refusal_words(error, words_for("en")) == f"{name} is a river square: only farms (blue) go on rivers."
    )


def test_refusals_name_what_stands_there_and_whose_leader():
    game = Game.new(players=2, seed=3)
    temple = next(s for s in range(176) if game.cell[s] == Colour.RED)
    error = refused(game, f"catastrophe {Action(kind='catastrophe', square=temple).text.split()[-1]}")
    assert error.code in (Refusal.CATASTROPHE_BLOCKED, Refusal.TREASURE_SQUARE, Refusal.NO_CATASTROPHES)
    leader = Content("leader", Colour.BLACK, 1)
    reason = Reason(Refusal.NOT_EMPTY, square="E5", content=leader)
    assert (
        refusal_words(reason, words_for("fr"), ["Anna", "José"])
        == "E5 n'est pas libre : il y a le roi de José."
    )
    assert (
        refusal_words(reason, words_for("en"), ["Anna", "José"]) == "E5 is not empty: it holds José's king."
    )


def test_notation_and_undo_refusals_carry_codes():
    with pytest.raises(NotationError) as caught:
        Action.parse("tile red z9")
    assert caught.value.code is Refusal.NOT_A_SQUARE and caught.value.reason is not None
    assert caught.value.reason.params == {"text": "'z9'"}
    assert refusal_words(caught.value, words_for("es")).startswith("'z9' no es una casilla")
    game = Game.new(players=2, seed=5)
    with pytest.raises(UndoRefused) as undo:
        take_back(game.settings, 5, ["pass"])
    assert undo.value.code is not None
    assert refusal_words(undo.value, words_for("pt-BR")) != refusal_words(undo.value, words_for("en"))


def test_lists_of_squares_read_as_the_language_lists_them():
    reason = Reason(Refusal.TREASURE_SQUARES, squares=("A9", "C9", "D4"))
    assert str(reason) == "you may take the treasure on A9, C9, D4"
    assert refusal_words(reason, words_for("en")) == "You may take the treasure on A9, C9, or D4."
    assert refusal_words(reason, words_for("de")).endswith("A9, C9 oder D4 nehmen.")


def test_every_refusal_met_in_random_games_is_worded_in_every_language():
    """Random actions tried in random games: each refused one has a code, worded in all five languages."""
    rng = random.Random(19)
    seen: set[Refusal] = set()
    for seed in range(3):
        game = Game.new(players=3, seed=seed, buildings=True, wonder=True)
        for _ in range(60):
            if game.is_over:
                break
            colour, square = rng.choice(COLOURS), rng.randrange(176)
            tries = [Action(kind, colour, square) for kind in ("tile", "leader")] + [
                Action("catastrophe", square=square),
                Action("withdraw", colour),
                Action("treasure", square=square),
                WAR_ACTIONS[colour],
                BUILDING_ACTIONS[colour][square],
                WONDER_ACTIONS[square],
                POINT_ACTIONS[colour],
                COMMIT_ACTIONS[rng.randrange(8)],
            ]
            for action in tries:
                try:
                    game.copy().apply(action)
                except IllegalActionError as error:
                    assert error.reason is not None and isinstance(error.code, Refusal)
                    seen.add(error.code)
                    for language in LANGUAGES:
                        assert "{" not in refusal_words(error, words_for(language), ["A", "B", "C"])
            game.apply(rng.choice(game.legal_actions()))
    assert len(seen) >= 8, seen


def test_a_hint_reads_in_german():
    game = Game.new(players=2, seed=4)
    seat = game.to_act
    assert seat is not None
    found = hint(player_view(game, seat), game.legal_actions(), seed=1)
    line = hint_words(found.action, found.why, words_for("de"))
    assert line.startswith(f"Tipp: {action_label(words_for('de'), found.action)}: ")
    assert line.endswith(f"(`{found.action.text}`)")
    why = Why((Reason(Because.SCORES, n=2, colour=Colour.RED), Reason(Because.MONUMENT)), Action("pass"))
    assert why_words(why, words_for("en")) == "+2 red points and a monument (then: Pass)."
    assert str(why) == "+2 red and a monument; then pass."
    assert why_words(why, words_for("de")) == "+2 rote Punkte und ein Monument (danach: Passen)."


def test_action_labels():
    words = words_for("en")
    assert action_label(words, Action.parse("tile red e5")) == "Temple on E5"
    assert action_label(words, Action.parse("swap red blue")) == "Swap 2 tiles"
    assert action_label(words, Action.parse("monument red-blue e5")) == "Red-blue monument on E5"
    assert action_label(words_for("fr"), Action.parse("leader black e5")) == "Roi en E5"
    assert parse_square("e5") == Action.parse("tile red e5").square
    assert Phase.ACTION not in PICKED_BY["waiting"]


def test_the_kind_of_action_a_decision_refuses_is_said_as_notation():
    """Read in Spanish: "…en una revuelta (`commit <n>`), no una acción tile." carried an English word in a
    Spanish sentence; the kind is notation, marked as such in every language."""
    game = three_wars()
    tile = next(a for a in Game.new(players=2, seed=3).legal_actions() if a.kind == "tile")
    error = refused(game, tile.text)
    assert error.code is Refusal.WRONG_KIND and error.params["kind"] == "tile"
    assert refusal_words(error, words_for("es")).endswith(", no una acción `tile`.")
    assert refusal_words(error, words_for("pt-BR")).endswith(", não uma ação `tile`.")
    assert refusal_words(error, words_for("en")).endswith(", not a `tile` action.")
    assert refusal_words(error, words_for("de")).endswith("nicht auf eine `tile`-Aktion.")
