"""Every text gives a typed error (issue 8): the notation parsers and the CLI arguments answer any text
with a valid value or a NotationError carrying one short line a player can read, never another exception.

Fuzzed with arbitrary text and with near misses of valid actions (a character changed, inserted or
dropped, words swapped, numbers replaced by huge, negative or non-ASCII ones, stray whitespace and
control characters, long repetitions).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from typing import TypeVar

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from engine import MONUMENTS, Action, Colour, EngineError, Game, NotationError, parse_square
from engine import actions as notation
from engine.actions import parse_monument
from engine.board import SQUARES
from engine.cli import main
from engine.errors import ECHO_LIMIT, quoted
from engine.rng import Rng

T = TypeVar("T")
LONG = 10_000
MESSAGE_LIMIT = 300  # generous: echoed input is cut to ECHO_LIMIT characters, then escaped


def _swaps() -> list[Action]:
    out = []
    for r in range(7):
        for b in range(7 - r):
            for g in range(7 - r - b):
                for k in range(7 - r - b - g):
                    if r + b + g + k:
                        out.append(notation.swap_action((r, b, g, k)))
    return out


VALID: list[Action] = [
    *(a for table in notation.TILE_ACTIONS for a in table),
    *(a for table in notation.LEADER_ACTIONS for a in table),
    *notation.WITHDRAW_ACTIONS,
    *notation.CATASTROPHE_ACTIONS,
    *_swaps(),
    notation.PASS,
    *notation.COMMIT_ACTIONS[:7],
    *notation.WAR_ACTIONS,
    *(notation.monument_action(pair, s) for pair in MONUMENTS for s in range(0, SQUARES, 7)),
    notation.DECLINE,
    *notation.TREASURE_ACTIONS,
]

ODD_CHARACTERS = "²³¹٣٥۷߂०六Ⅻ①½⁰₉\x00\x1b\x7f\u200b\u202e\ufeff\xa0\u3000\t\n\r\x0b\x0c\x1c-_'\"İßK𝟓"
odd_text = st.text(alphabet=st.sampled_from(ODD_CHARACTERS), max_size=4)
big_numbers = st.one_of(
    st.integers(min_value=-(10**30), max_value=10**30).map(str),
    st.integers(min_value=4_000, max_value=12_000).map(lambda n: "9" * n),
    st.integers(min_value=4_000, max_value=6_000).map(lambda n: "0" * n + "5"),
    odd_text,
)


def assert_readable(exc: EngineError) -> None:
    message = str(exc)
    assert message, "an error says why"
    assert "\n" not in message and "\r" not in message, "one line"
    assert len(message) <= MESSAGE_LIMIT, "short enough to read and to fit a Discord reply"


def parsed_or_refused(parse: Callable[[str], T], text: str) -> T | None:
    """What ``parse`` makes of ``text``, or None after a readable NotationError; any other exception fails."""
    try:
        return parse(text)
    except NotationError as exc:
        assert_readable(exc)
        return None


def parse_or_notation_error(text: str) -> Action | None:
    """The property: a valid Action whose text parses back to itself, or a readable NotationError."""
    action = parsed_or_refused(Action.parse, text)
    if action is not None:
        assert isinstance(action, Action)
        assert Action.parse(action.text) == action
        assert Action.parse(action.text).text == action.text
    return action


@st.composite
def near_misses(draw: st.DrawFn) -> str:
    text = draw(st.sampled_from(VALID)).text
    for _ in range(draw(st.integers(min_value=1, max_value=3))):
        how = draw(
            st.sampled_from(["change", "insert", "drop", "swap", "number", "odd", "case", "repeat", "cut"])
        )
        i = draw(st.integers(min_value=0, max_value=max(0, len(text) - 1)))
        words = text.split(" ")
        if how == "change" and text:
            text = text[:i] + draw(st.characters()) + text[i + 1 :]
        elif how == "insert":
            text = text[:i] + draw(st.characters()) + text[i:]
        elif how == "drop":
            text = text[:i] + text[i + 1 :]
        elif how == "swap" and len(words) > 1:
            j = draw(st.integers(min_value=0, max_value=len(words) - 1))
            k = draw(st.integers(min_value=0, max_value=len(words) - 1))
            words[j], words[k] = words[k], words[j]
            text = " ".join(words)
        elif how == "number":
            # a row or a commitment replaced by a huge, negative or non-ASCII number
            j = draw(st.integers(min_value=0, max_value=len(words) - 1))
            word = words[j]
            head = word[:1] if word[:1].isalpha() and len(word) <= 3 else ""
            words[j] = head + draw(big_numbers)
            text = " ".join(words)
        elif how == "odd":
            text = text[:i] + draw(odd_text) + text[i:]
        elif how == "case":
            text = text.swapcase()
        elif how == "repeat" and len(text) < 60:  # up to 18,000 characters
            text = " ".join([text] * draw(st.integers(min_value=2, max_value=300)))
        elif how == "cut":
            text = text[:i]
    return text


# ------------------------------------------------------------------------------------ Action.parse


@settings(deadline=None)
@given(st.text())
@example("commit ²")
@example("commit " + "9" * LONG)
@example("tile red e" + "9" * 5000)
@example("x" * LONG)
@example("tile red e5\x00")
@example("\u202etile red e5")
@example("tile\u3000red\xa0e5")
def test_action_parse_takes_any_text(text: str) -> None:
    parse_or_notation_error(text)


@settings(max_examples=400, deadline=None)
@given(near_misses())
def test_action_parse_takes_near_misses_of_valid_actions(text: str) -> None:
    parse_or_notation_error(text)


@given(st.sampled_from(VALID), st.sampled_from([" ", "  ", "\t", "\n", "\u3000", "\xa0"]))
def test_valid_actions_round_trip_with_any_whitespace_and_case(action: Action, gap: str) -> None:
    text = gap + gap.join(action.text.upper().split(" ")) + gap
    assert Action.parse(text) == action


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("commit ²", "'²' is not a number of tiles"),  # '²'.isdigit() is True, int('²') fails
        ("commit ٣", "'٣' is not a number of tiles"),  # int('٣') == 3: only ASCII digits count
        ("commit -1", "'-1' is not a number of tiles"),
        ("commit 7", "a hand holds at most 6 tiles"),
        ("commit " + "9" * LONG, "a hand holds at most 6 tiles"),  # int() fails past 4,300 digits
        ("tile red e²", "'e²' is not a square"),
        ("tile red e" + "1" * LONG, "is not a square"),
        ("tile red e0", "'e0' is not a square"),
        ("tile red e12", "'e12' is not a square"),
        ("monument red-red e5", "its two colours must differ"),
        ("tile e5 red", "'e5' is not a colour"),
        ("x" * LONG, "is not an action"),
        ("", "an empty action"),
        ("\x00\x01", "is not an action"),
    ],
)
def test_bad_action_texts_say_why_in_one_line(text: str, words: str) -> None:
    with pytest.raises(NotationError) as caught:
        Action.parse(text)
    assert words in str(caught.value)
    assert_readable(caught.value)


def test_echoed_input_is_cut_and_escaped() -> None:
    assert quoted("e5") == "'e5'"
    assert quoted("\x00\u202e") == r"'\x00\u202e'"
    long = quoted("y" * LONG)
    assert long.endswith("…") and len(long) == ECHO_LIMIT + 3


def test_leading_zeros_are_the_same_number() -> None:
    assert Action.parse("commit 0002") == notation.COMMIT_ACTIONS[2]
    assert Action.parse("tile red e" + "0" * 5000 + "5") == Action.parse("tile red e5")


# ------------------------------------------------------------------------ squares, colours, monuments


@settings(deadline=None)
@given(st.one_of(st.text(), near_misses()))
@example("e" + "5" * LONG)
@example("e²")
def test_parse_square_takes_any_text(text: str) -> None:
    square = parsed_or_refused(parse_square, text)
    assert square is None or 0 <= square < SQUARES


@settings(deadline=None)
@given(st.text())
@example("R" * LONG)
def test_colour_parse_takes_any_text(text: str) -> None:
    colour = parsed_or_refused(Colour.parse, text)
    assert colour is None or Colour.parse(colour.word) is colour


@settings(deadline=None)
@given(st.one_of(st.text(), st.text(alphabet="-redbluegrnack ", max_size=30)))
@example("red-" * 3000)
@example("red-blue-green")
def test_parse_monument_takes_any_text(text: str) -> None:
    pair = parsed_or_refused(parse_monument, text)
    assert pair is None or pair in MONUMENTS


# ------------------------------------------------------------------------ the same text in a game


@cache
def _in_a_revolt() -> tuple[Game, int]:
    """A game whose attacker must commit temples, reached by random legal play (leaders preferred), and
    how many temples the attacker holds."""
    for seed in range(50):
        game = Game.new(3, seed)
        chooser = Rng(seed)
        for _ in range(150):
            if game.is_over:
                break
            if game.phase.is_commit:
                seat = game.to_act
                assert seat is not None
                return game, game.hand(seat)[Colour.RED]
            legal = sorted(game.legal_actions(), key=lambda a: a.text)
            leaders = [a for a in legal if a.kind == "leader"]
            pool = leaders if leaders and chooser.below(2) else legal
            game.apply(pool[chooser.below(len(pool))])
    raise AssertionError("no seed reaches a revolt")


@settings(max_examples=200, deadline=None)
@given(st.one_of(st.text(), near_misses(), big_numbers.map(lambda n: "commit " + n)))
@example("commit 6")
@example("commit 7")
@example("commit 999999")
def test_applying_any_text_in_a_conflict_is_legal_or_a_typed_error(text: str) -> None:
    """Commitments beyond any hand are a NotationError or an IllegalActionError, never an IndexError."""
    start, held = _in_a_revolt()
    game = start.copy()
    assert game.is_legal(text) in (True, False)
    try:
        game.apply(text)
    except EngineError as exc:
        assert_readable(exc)
        assert game == start, "nothing changes on a refusal"
        return
    action = Action.parse(text)
    assert action.kind == "commit" and action.number is not None and action.number <= held


def test_commit_beyond_the_hand_is_illegal_with_a_reason() -> None:
    start, held = _in_a_revolt()
    game = start.copy()
    if held < 6:
        with pytest.raises(EngineError, match=f"you hold only {held} temple"):
            game.apply(f"commit {held + 1}")
    with pytest.raises(NotationError, match="at most 6 tiles"):
        game.apply("commit 60")
    assert game == start


# ------------------------------------------------------------------------------------------ CLI


def run_cli(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def assert_refused(code: int, out: str, err: str, start: str = "error: ") -> None:
    assert code == 2 and out == ""
    assert err.startswith(start) and err.count("\n") == 1
    assert len(err) <= MESSAGE_LIMIT + 40  # "error: argument --seed: " in front of the sentence


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (["new", "--players", "²"], "'²' is not a number of players"),
        (["new", "--players", "5"], "a game has 2, 3 or 4 players"),
        (["new", "--players", "2", "--seed", "9" * LONG], "is not a seed"),
        (["new", "--players", "2", "--seed", "-3"], "is not a seed"),
        (["new", "--players", "2", "--seed", str(2**64)], "is not a seed"),
        (["new", "--players", "2", "--board", "x" * LONG], "is not a board"),
        (["selfplay", "--players", "2", "--games", "0"], "is not a number of games"),
        (["selfplay", "--players", "2", "--games", "9" * 30], "is not a number of games"),
        (["show", "a\x00b"], "is not a file name"),
        (["show", "x" * LONG], "File name too long"),
        (["x" * LONG], "invalid choice"),
        (["new", "--players", "2", "--frob", "y" * LONG], "unrecognized arguments"),
        (["new"], "required: --players"),
    ],
)
def test_cli_refuses_bad_arguments_in_one_line(
    capsys: pytest.CaptureFixture[str], argv: list[str], words: str
) -> None:
    code, out, err = run_cli(capsys, *argv)
    assert_refused(code, out, err)
    assert words in err


def test_cli_refuses_a_file_that_is_not_text(tmp_path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "bad.json"
    path.write_bytes(b"\xff\xfe\x00garbage")
    code, out, err = run_cli(capsys, "show", str(path))
    assert_refused(code, out, err)
    assert "not UTF-8 text" in err


def test_cli_refuses_a_long_bad_action_in_one_line(tmp_path, capsys: pytest.CaptureFixture[str]) -> None:
    main(["new", "--players", "2", "--seed", "5"])
    path = tmp_path / "p.json"
    path.write_text(capsys.readouterr().out)
    code, out, err = run_cli(capsys, "play", str(path), "commit " + "²" * LONG)
    assert_refused(code, out, err, start="illegal action 'commit ²²")
    assert "is not a number of tiles" in err


@settings(max_examples=60, deadline=None)
@given(st.one_of(st.text(), big_numbers), st.one_of(st.text(), big_numbers))
def test_cli_new_takes_any_players_and_seed(players: str, seed: str) -> None:
    # capsys does not mix with @given; main writes to sys.stdout/sys.stderr, which pytest captures
    code = main(["new", "--players", players, "--seed", seed])
    assert code in (0, 2)
    if code == 0:
        assert int(players) in (2, 3, 4) and 0 <= int(seed) < 2**64
