"""Issue 19: the pictures in every language, and names in any script drawn as written.

A name is checked where the picture draws it: every pixel its glyphs fully cover is in the name's ink, and
those glyphs are the font's own (not its .notdef box, "tofu")."""

from __future__ import annotations

from dataclasses import dataclass

import pytest
from PIL import Image

from engine import Phase, player_view, public_view
from i18n import LANGUAGES, words_for
from i18n.terms import POINT_NAMES
from render import (
    SeatMark,
    SeatNote,
    board,
    board_png,
    cards,
    hand_png,
    labels,
    leaderboard,
    scores_png,
    style,
)
from render.leaderboard import render_leaderboard
from tests.render.helpers import REVOLT_AT, REVOLT_PENDING, decode, position, random_game

EN = words_for("en")
NAMES = ("José", "Zoë", "Łukasz", "Дмитрий", "Ελένη")
# four seats at most: every name sits in one of two games' seats
SEATINGS = (NAMES[:4], NAMES[1:])


def _drawn_at(
    image: Image.Image, xy: tuple[float, float], words: str, size: int, ink: style.RGB, bold: bool = False
) -> float:
    """The share of the text's fully inked pixels that the picture has in ``ink`` where ``style.text``
    puts them (1.0: the text is drawn there, glyph for glyph)."""
    mask, dx, dy = style._text_mask(words, size, "lm", bold)
    x0, y0 = round(xy[0]) + dx, round(xy[1]) + dy
    full = [(x, y) for x in range(mask.width) for y in range(mask.height) if mask.getpixel((x, y)) == 255]
    assert full, f"nothing to draw in {words!r}"
    return sum(image.getpixel((x0 + x, y0 + y)) == ink for x, y in full) / len(full)


def _tofu(name: str, size: int) -> bytes:
    return bytes(style.font(size).getmask("\U0010fffe" * len(name)))


@pytest.fixture(scope="module")
def games():  # type: ignore[no-untyped-def]
    """A game in progress and a finished one (4 players), for every picture."""
    positions = random_game(6, 4)
    return positions[90][0], positions[-1][0]


@pytest.mark.parametrize("name", NAMES)
def test_each_name_is_drawn_with_its_own_glyphs(name: str) -> None:
    assert style.drawable(name) == name
    assert all(style.covered(ch) for ch in name)
    for bold in (False, True):
        assert bytes(style.font(style.NAME_SIZE, bold).getmask(name)) != _tofu(name, style.NAME_SIZE)


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("seating", SEATINGS, ids=["first four", "last four"])
def test_the_board_draws_the_names_as_written_in_every_language(
    language: str, seating: tuple[str, ...], games
) -> None:  # type: ignore[no-untyped-def]
    words = words_for(language)
    game = games[0]
    view = public_view(game)
    image = decode(board_png(view, words=words, names=list(seating)))
    lay = board.layout(4, words)
    for seat, name in enumerate(seating):
        cy = lay.row_top(seat) + lay.row_h // 2
        assert (
            _drawn_at(image, (board.X_NAME, cy), name, style.NAME_SIZE, style.INK, seat == view.active) == 1
        )
    # the strip's words are the language's own
    header, _ = board.describe(view, seating, words)
    size, header = style.fit(header, (30, 28, 26, board.TEXT), board.WIDTH - 2 * board.MARGIN, bold=True)
    assert _drawn_at(image, (board.MARGIN, lay.header_y), header, size, style.INK, True) == 1
    in_supply = words.gettext("In supply")
    assert _drawn_at(image, (board.X_LEADERS, lay.labels_y), in_supply, board.TEXT, style.INK_SOFT) == 1
    if language != "en":
        assert in_supply != "In supply" and header != board.describe(view, seating, EN)[0]


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("seat", range(4))
def test_the_hand_heads_with_the_name_in_every_language(language: str, seat: int, games) -> None:  # type: ignore[no-untyped-def]
    words = words_for(language)
    names = list(SEATINGS[seat % 2])
    image = decode(hand_png(player_view(games[0], seat), words=words, names=names))
    header = words.gettext("{name} · your hand", name=names[seat])
    size, header = style.fit(header, (26, 22), cards.HAND_W - cards.MARGIN - 70, bold=True)
    assert names[seat] in header  # never clipped away, even in the longest language
    assert _drawn_at(image, (cards.MARGIN + 50, 32), header, size, style.INK, True) == 1


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("seating", SEATINGS, ids=["first four", "last four"])
def test_the_scores_draw_the_names_and_places_in_every_language(
    language: str, seating: tuple[str, ...], games
) -> None:  # type: ignore[no-untyped-def]
    words = words_for(language)
    view = public_view(games[1])
    assert view.phase is Phase.OVER and view.outcome is not None
    image = decode(scores_png(view, words=words, names=list(seating)))
    for i, standing in enumerate(view.outcome.standings):
        top = 96 + 40 + i * 76  # ranked_sheet: no title, rows of 76 px without notes
        cy = top + 76 // 2
        first = standing.place == 1
        ink = style.INK
        name = seating[standing.seat]
        assert _drawn_at(image, (116, cy), name, style.NAME_SIZE, ink, first) == 1
        place = labels.ordinal(words, standing.place)
        assert _drawn_at(image, (cards.SHEET_MARGIN, cy), place, 26, ink, first) == 1
    heading = words.gettext("Final scores")
    assert _drawn_at(image, (cards.SHEET_MARGIN, 30), heading, 30, style.INK, True) == 1


def test_places_in_each_language() -> None:
    said = {
        code: [labels.ordinal(words_for(code), n) for n in (1, 2, 3, 4, 11, 21, 22)] for code in LANGUAGES
    }
    assert said["en"] == ["1st", "2nd", "3rd", "4th", "11th", "21st", "22nd"]
    assert said["de"] == ["1.", "2.", "3.", "4.", "11.", "21.", "22."]
    assert said["fr"] == ["1er", "2e", "3e", "4e", "11e", "21e", "22e"]
    assert said["es"] == ["1.º", "2.º", "3.º", "4.º", "11.º", "21.º", "22.º"]
    assert said["pt-BR"] == ["1º", "2º", "3º", "4º", "11º", "21º", "22º"]


def test_chinese_japanese_and_korean_names_are_drawn_with_the_fallback_font(games) -> None:  # type: ignore[no-untyped-def]
    names = ["李小龙", "東京タロウ", "김민준 (Kim)", "Zoë 王"]
    assert style.seat_names(4, names, EN) == tuple(names)
    for name in names:
        cjk = "".join(ch for ch in name if not style.covered(ch) and not ch.isspace())
        assert cjk and all(style.covered(ch, fallback=True) for ch in cjk)
        assert bytes(style.fallback_font(26).getmask(cjk)) != bytes(
            style.fallback_font(26).getmask("\U0010fffe" * len(cjk))
        )
    view = public_view(games[0])
    image = decode(board_png(view, words=words_for("fr"), names=names))
    lay = board.layout(4, words_for("fr"))
    for seat, name in enumerate(names):
        cy = lay.row_top(seat) + lay.row_h // 2
        assert (
            _drawn_at(image, (board.X_NAME, cy), name, style.NAME_SIZE, style.INK, seat == view.active) == 1
        )
    # a mixed name is as wide as its runs, each in its own font
    assert style.text_width("Zoë 王", 26) == style.font(26).getlength("Zoë ") + style.fallback_font(
        26
    ).getlength("王")


def test_a_name_neither_font_can_draw_still_shows_something() -> None:
    """A letter neither font has (Devanagari) becomes "?", an emoji is left out, and a name of nothing
    drawable is its seat's number in the picture's language (beside its dynasty's symbol): never an empty
    name, never tofu."""
    assert style.drawable("क Lee 🎲") == "? Lee"
    de = words_for("de")
    assert style.seat_names(3, ["कमल", "🎲🎲", "Zoe\u0308"], de) == ("Platz 1", "Platz 2", "Zoë")
    assert style.seat_names(1, ["कमल"], words_for("fr")) == ("Place 1",)
    assert not style.covered("क") and not style.covered("क", fallback=True)
    assert not style.covered("🎲") and not style.covered("🎲", fallback=True) and style.covered("ё")


def test_the_notes_marks_speak_the_language() -> None:
    de, fr = words_for("de"), words_for("fr")
    assert SeatNote(SeatMark.AWAY).words(de) == "abwesend"
    assert SeatNote(SeatMark.COMPUTER).words(fr) == "ordinateur"
    assert SeatNote(SeatMark.AWAY, "कमल 🎲").words(de) == "abwesend"  # nothing drawable: the mark's word
    assert SeatNote(SeatMark.AWAY, "bis Freitag").words(de) == "bis Freitag"  # the caller's own words


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_label_fits_its_place(language: str) -> None:
    """The longest words of each language stay inside their columns and the picture's width."""
    words = words_for(language)
    for buildings in (False, True):
        for row in board._legend_rows(words, buildings, buildings):
            for sprite, label, x in row:
                right = x + max(sprite.rgb.width, board.LEGEND_ITEM) + 8 + style.text_width(label, board.TEXT)
                assert right <= board.WIDTH - board.MARGIN, label
    assert style.text_width(words.gettext("In supply"), board.TEXT) <= board.X_HAND - board.X_LEADERS - 8
    assert style.text_width(words.gettext("Hand"), board.TEXT) <= board.X_POINTS - board.X_HAND - 8
    # the monuments' line: its label, the six monuments closed up at most to 2 px, the treasures left
    monuments = style.text_width(words.gettext(board.MONUMENTS_LABEL), board.TEXT) + 14
    treasures = (
        style.text_width(words.ngettext("{n} treasure left", "{n} treasures left", 10), board.TEXT) + 40
    )
    assert board.MARGIN + monuments + 6 * (board.MONUMENT_MINI + 2) + treasures <= board.WIDTH - board.MARGIN
    # the hand's labels and the score's headings are never clipped
    half = (cards.HAND_W - 2 * cards.MARGIN) // 2
    small = cards.HAND_TEXT
    for message in ("Score if the game ended now", "Final score", "Leaders in supply", "all on the board"):
        assert style.text_width(words.gettext(message), small) <= half, message
    assert style.text_width(words.gettext("your weakest colour"), small) <= half - 40
    for colour_points in POINT_NAMES.values():
        assert style.text_width(words.gettext(colour_points), small) <= half // 2 - 6
    weakest = words.pgettext("score frame", "weakest")
    assert style.text_width(weakest, cards.SCORES_TEXT) <= 2 * cards.WEAKEST_HALF - 6
    assert style.text_width(words.gettext("Score"), cards.SCORES_TEXT) <= cards.SCORES_W - 6 - (700 + 18)
    # the leaderboard's headings, and both footnotes whole in three lines
    sheet = cards.SCORES_TEXT
    assert style.text_width(words.gettext("Rank"), sheet) <= 96 - cards.SHEET_MARGIN - 4
    for heading in ("Rating", "Games", "Wins"):
        assert style.text_width(words.gettext(heading), sheet) <= 102 - 6, heading
    for footnote in (cards.FOOTNOTE, leaderboard.FOOTNOTE):
        lines = style.wrap(words.gettext(footnote), sheet, cards.SCORES_W - 2 * cards.SHEET_MARGIN, 3)
        assert not lines[-1].endswith("…"), lines


def test_a_leaderboard_in_german_with_a_name_in_greek() -> None:
    @dataclass(frozen=True)
    class Row:
        rank: int
        rating: float
        games: int
        wins: int

    de = words_for("de")
    image = render_leaderboard([Row(1, 1600, 3, 2), Row(2, 1500, 2, 0)], ["Ελένη", "कमल"], de)
    first, second = 96 + 40 + 32, 96 + 40 + 64 + 32  # rows of 64 px under the heading, no title
    assert _drawn_at(image, (96, first), "Ελένη", style.NAME_SIZE, style.INK, bold=True) == 1
    assert _drawn_at(image, (96, second), "Spieler Nr. 2", style.NAME_SIZE, style.INK) == 1  # its rank
    assert _drawn_at(image, (cards.SHEET_MARGIN, 30), "Rangliste", 30, style.INK, bold=True) == 1


LONG_NAMES = ["Maximilian the Great", "Bartholomew Longname", "Annabelle", "Joaquín"]


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("given", [LONG_NAMES, ["alice", "bob", "carol", "dave"]], ids=["long", "short"])
def test_a_conflicts_line_keeps_its_strengths_in_every_language(language: str, given: list[str]) -> None:
    """The board's conflict line fits the strip at its smallest size: the names and then the conflict's
    name give way, never the strengths nor who must commit, and the picture keeps its size."""
    words = words_for(language)
    view = public_view(position(REVOLT_AT, **REVOLT_PENDING))
    names = style.seat_names(4, given, words)
    room = board.WIDTH - 2 * board.MARGIN - 24
    _, decision = board.describe(view, names, words, room)
    print(language, decision)  # read in the test's output
    assert style.text_width(decision, board.TEXT) <= room
    assert decision.endswith((" (D) 1", " (D) 1.")) and "(A) 1 + 1 " in decision, decision
    assert decision.startswith(names[1][:2])  # who must commit, named first
    image = decode(board_png(view, words=words, names=given))
    lay = board.layout(4, words)
    assert image.size == (board.WIDTH, lay.height)
    size, drawn = style.fit(decision, (26, board.TEXT), room)
    assert drawn == decision
    assert _drawn_at(image, (board.MARGIN + 12, lay.box_y + lay.box_h // 2), decision, size, style.INK) == 1
    if given[0] == "alice" and language == "en":  # room for everything: nothing gives way
        assert decision == "bob commits temples · Revolt of priests: alice (A) 1 + 1 vs bob (D) 1"


def test_a_portuguese_board_says_whose_turn_it_is_with_one_word() -> None:
    """The header of a board during a decision said "Turno 43 · turno de Bot (normal)": the turn named
    twice, where the header between decisions says "vez de"."""
    pt = words_for("pt-BR")
    deciding = pt.gettext("Turn {turn} · {name}'s turn · action {number} of 2", turn=43, name="ana", number=1)
    playing = pt.ngettext(
        "Turn {turn} · {name} to play · {n} action left",
        "Turn {turn} · {name} to play · {n} actions left",
        2,
        turn=43,
        name="ana",
    )
    assert deciding.startswith("Turno 43 · vez de ana ·") and playing.startswith("Turno 43 · vez de ana ·")
