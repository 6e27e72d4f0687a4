"""Issue 18's words of the table: the choice of wars shows each war's sides, a war that will not be fought
is said, a decision's time-out is one line, and DMs say only what is true when they are edited."""

from __future__ import annotations

from unittest.mock import patch

import render
from bot import history_texts, texts
from bot.history import bot_numbers
from bot.present import wars_called_off, wars_offered
from engine import Action, Colour, player_view, public_view
from i18n import Words, words_for
from storage import Player, SeatResult
from tests.engine.positions import play, three_wars
from tests.render.helpers import random_game

EN = words_for("en")

NAMES = ["alice", "bob"]


def test_the_choice_of_wars_lists_each_war_with_its_two_sides() -> None:
    game = three_wars()
    wars = wars_offered(game)
    assert [w.colour for w in wars] == [Colour.BLUE, Colour.GREEN, Colour.BLACK]
    text = texts.prompt_text(EN, player_view(game, 0), NAMES, "G", 100, game.default_action(), wars)
    lines = text.split("\n")
    assert lines[0] == "**G** — **Several wars** broke out: which one is fought first?"
    # seat 0 is active, so it attacks in every war (R17); strengths: tiles of the colour on each side
    assert lines[1] == "• Blue war: your farmer on F6 (0 on the board) attacks bob's farmer on J6 (0)."
    assert lines[2] == "• Green war: your trader on F4 (0 on the board) attacks bob's trader on J4 (0)."
    assert lines[3] == "• Black war: your king on E5 (1 on the board) attacks bob's king on K5 (1)."
    bob_sees = texts.war_sides_line(EN, wars[2], NAMES, reader=1)
    assert bob_sees == "• Black war: alice's king on E5 (1 on the board) attacks your king on K5 (1)."


def test_a_war_that_a_split_kingdom_calls_off_is_said_in_one_line() -> None:
    game = three_wars()
    play(game, "war green", "commit 0", "commit 0", "war black", "commit 0")
    before = game.copy()
    events = game.apply("commit 0")  # the black war removes g5: the farmers are no longer linked
    called_off = wars_called_off(before, game, events)
    assert called_off == texts.WarsCalledOff((Colour.BLUE,), Colour.BLACK)
    lines = texts.describe_events(EN, [*events, called_off], NAMES)
    assert lines[-1] == (
        "No more war: the blue war will not be fought, as the black war split the kingdom and the two "
        "farmers are no longer in one."
    )
    # a war that goes on to the next one calls nothing off
    game = three_wars()
    play(game, "war green", "commit 0")
    before = game.copy()
    events = game.apply("commit 0")
    assert wars_called_off(before, game, events) is None


def test_a_decision_that_timed_out_is_one_line_with_neutral_words() -> None:
    game = three_wars()
    view = public_view(game)
    what = texts.answer_words(EN, Action.parse("war blue"), view)
    line = texts.DecisionTimedOut(0, Action.parse("war blue"), view).line(EN, NAMES)
    assert line == "Time ran out for alice: the war of the farmers is fought first (the default)."
    play(game, "war green")
    what = texts.answer_words(EN, Action.parse("commit 0"), public_view(game))
    assert what == "they commit nothing"
    said = texts.DecisionTimedOut(0, Action.parse("commit 0"), public_view(game), "hard")
    events = game.apply("commit 0")
    lines = texts.describe_events(EN, [said, *events], NAMES)
    assert (
        lines[0]
        == "alice is on vacation, so the hard computer player answered for them: they commit nothing."
    )
    assert not any(line.startswith("alice committed") for line in lines)


def _result(seat: int, place: int, score: int, owner: Player) -> SeatResult:
    return SeatResult(1, seat, place, score, (score,) * 4, 0, owner, owner, None, False, None)


def test_history_names_computer_seats_as_the_game_did() -> None:
    dave, hard = Player.person(7), Player.computer("hard")
    results = [_result(2, 1, 22, hard), _result(1, 2, 11, hard), _result(0, 3, 2, dave)]
    numbers = bot_numbers(results)
    assert numbers == {1: 1, 2: 2}
    names = {r.seat: history_texts.computer_name("hard", numbers[r.seat]) for r in results if r.seat}
    assert names == {1: "Bot (hard)", 2: "Bot 2 (hard)"}
    placed = [(names.get(r.seat, "dave"), r.score) for r in results]
    words = history_texts.winners_words(placed[:1], placed[1:], words_for("en"))
    assert words == "Bot 2 (hard) won with 22 (Bot (hard) 11, dave 2)"


async def test_the_lobby_is_one_message_and_the_welcome_comes_once_per_person(simcord_env):
    guild = simcord_env.create_guild()
    first, second = guild.create_text_channel("games"), guild.create_text_channel("more")
    alice, bob, carol = (guild.add_member(simcord_env.create_user(n)) for n in ("alice", "bob", "carol"))
    await alice.slash(first, "te new")
    [lobby] = first.history()
    for p in (bob, carol):
        await p.slash(first, "te join")
    await carol.slash(first, "te leave")
    assert [m.id for m in first.history()] == [lobby.id]  # edited, never posted again
    text = first.history()[0].content
    assert text.startswith("**Tigris & Euphrates** lobby") and "Seated (2/4)" in text
    assert text.endswith("*Latest: carol left.*")
    welcomes = {p.user.name: len(p.user.dm_channel.history()) for p in (alice, bob, carol)}
    assert welcomes == {"alice": 1, "bob": 1, "carol": 1}
    await alice.slash(first, "te start")
    # a second game: nobody seated before is welcomed again
    await bob.slash(second, "te new")
    await alice.slash(second, "te join")
    welcome = [m for p in (alice, bob) for m in p.user.dm_channel.history() if "welcome to" in m.content]
    assert len(welcome) == 2


def test_a_finished_games_hand_gives_the_final_score_not_the_score_if_it_ended_now() -> None:
    game = random_game(6, 2)[-1][0]
    assert game.is_over
    view = player_view(game, 0)
    score = texts.score_now(view.points, view.treasures)
    assert f"Final score **{score}**" in texts.hand_text(EN, view)
    assert f"Endwertung **{score}**" in texts.hand_text(words_for("de"), view)
    assert "ended now" not in texts.hand_text(EN, view)
    # the hand picture names it the same way (one message)
    drawn: list[str] = []
    gettext = Words.gettext

    def said(self: Words, message: str, **params: object) -> str:
        drawn.append(message)
        return gettext(self, message, **params)

    with patch.object(Words, "gettext", said):
        render.hand_png(view, words=EN, names=["alice", "bob"])
    assert "Final score" in drawn and "Score if the game ended now" not in drawn, drawn
    assert "Score if the game ended now" in texts.hand_text(EN, player_view(random_game(6, 2)[-2][0], 0))


def test_an_undo_is_said_in_words_and_the_score_has_one_name() -> None:
    assert texts.TookBack(1, "tile green a3").line(EN, NAMES) == "bob took back the green tile on A3."
    assert texts.TookBack(0, "leader blue f2").line(EN, NAMES) == "alice took back the blue leader on F2."
    assert texts.TookBack(0, "withdraw red").line(EN, NAMES) == "alice took back withdrawing the red leader."
    game = three_wars()
    view = player_view(game, 0)
    hand = texts.hand_text(EN, view)
    # the hand picture's words and number (render.cards): the weakest colour once treasures are added
    assert f"Score if the game ended now **{texts.score_now(view.points, view.treasures)}**" in hand
    assert "lowest" not in hand
    assert texts.score_now((3, 1, 2, 5), 2) == 2  # the two treasures lift blue, then blue or green
