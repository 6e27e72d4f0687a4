"""Game records (engine.export): a whole game as text that replays to its final position."""

from __future__ import annotations

import dataclasses
import random
import re

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine import (
    GameExport,
    LoggedAction,
    NotationError,
    SeatHolder,
    Settings,
    UndoRefused,
    Who,
    WhoKind,
    dump,
    read_export,
    replay,
    take_back,
    write_export,
)
from engine.cli import main

T0 = 1_700_000_000
PEOPLE = {
    0: Who.person(11, "Alice"),
    1: Who.person(12, "Bob"),  # seat 1 is the computer player's in recorded_game
    2: Who.person(13, 'Carol "the builder" #1'),
    3: Who.person(name="Dana"),
}


def recorded_game(
    seed: int, players: int = 3, *, undo_rate: float = 0.3, limit: int = 10_000, rules: Settings | None = None
) -> GameExport:
    """A random game of ``limit`` rows at most, in which seat 0 takes back what R32 lets it, seat 1 is the
    computer player and a deadline answers some of seat 2's decisions."""
    rng = random.Random(seed)
    rules = rules or Settings(players)
    game = replay(rules, seed, ())
    rows: list[LoggedAction] = []
    effective: list[int] = []  # indexes into rows
    at = T0
    while not game.is_over and len(rows) < limit:
        seat = game.to_act
        assert seat is not None
        default = game.default_action()
        who = PEOPLE[seat] if seat != 1 else Who.computer("hard")
        if seat == 2 and default is not None and rng.random() < 0.5:
            action, who = default.text, Who.deadline()
        else:
            action = rng.choice(game.legal_actions()).text
        game.apply(action)
        at += rng.randint(0, 90_000)
        rows.append(LoggedAction(len(rows) + 1, at, seat, action, who))
        effective.append(len(rows) - 1)
        if seat == 0 and rng.random() < undo_rate and len(rows) < limit:
            try:
                back = take_back(rules, seed, [rows[i].action for i in effective])
            except UndoRefused:
                continue
            undone = effective.pop()
            rows.append(LoggedAction(len(rows) + 1, at + 5, 0, "undo", who, undoes=rows[undone].seq))
            rows[undone] = dataclasses.replace(rows[undone], taken_back_by=len(rows))
            game = back.game
    holders = tuple(
        SeatHolder(seat, T0, "joined", PEOPLE[seat] if seat != 1 else Who.computer("hard"))
        for seat in range(players)
    )
    return GameExport(rules, seed, tuple(rows), holders, title=f"Game {seed} · #river-valley")


FINISHED = recorded_game(99)
FINISHED_TEXT = write_export(FINISHED)


def test_a_record_reads_back_as_it_was_written_and_replays_to_the_final_position() -> None:
    assert read_export(FINISHED_TEXT) == FINISHED
    assert write_export(read_export(FINISHED_TEXT)) == FINISHED_TEXT
    final = read_export(FINISHED_TEXT).final_game()
    assert final.is_over
    assert dump(final) == dump(replay(FINISHED.settings, FINISHED.seed, FINISHED.effective_actions()))
    undo_rows = [row for row in FINISHED.actions if row.is_undo]
    assert undo_rows and all(row.undoes is not None for row in undo_rows)
    assert {"deadline", "computer", "person"} <= {row.who.kind.value for row in FINISHED.actions}


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 2**40), st.sampled_from([2, 3, 4]), st.integers(0, 400))
def test_any_game_round_trips(seed: int, players: int, limit: int) -> None:
    record = recorded_game(seed, players, limit=limit)
    text = write_export(record)
    back = read_export(text)
    assert back == record
    assert dump(back.final_game()) == dump(replay(record.settings, seed, record.effective_actions()))


def test_the_text_is_one_action_per_line_with_who_and_when() -> None:
    lines = FINISHED_TEXT.splitlines()
    assert lines[1] == "tigris-game 1"
    assert "setting players 3" in lines and "setting open_scoring false" in lines and "seed 99" in lines
    assert lines[2] == 'title "Game 99 · #river-valley"'
    first = next(line for line in lines if line.lstrip().startswith("1 "))
    assert re.fullmatch(r"20\d\d-\d\d-\d\dT\d\d:\d\d:\d\dZ", first.split()[1])  # UTC, ISO 8601
    undo = next(row for row in FINISHED.actions if row.is_undo)
    taken = next(line for line in lines if line.lstrip().startswith(f"{undo.undoes} "))
    assert taken.endswith(f"taken back by {undo.seq}")
    undo_line = next(line for line in lines if line.lstrip().startswith(f"{undo.seq} "))
    assert f"undo {undo.undoes}" in undo_line
    assert 'by person 13 "Carol \\"the builder\\" #1"' in FINISHED_TEXT  # quotes and # inside a name
    assert "by computer hard" in FINISHED_TEXT and "by deadline" in FINISHED_TEXT
    assert "# Turn 1: seat" in FINISHED_TEXT
    assert "# The game is over" in FINISHED_TEXT and "#   1. seat" in FINISHED_TEXT
    action_lines = [line for line in lines if line[:1] == " " or line[:1].isdigit()]
    assert len(action_lines) == len(FINISHED.actions)


def test_stepping_through_a_record() -> None:
    undo = next(row for row in FINISHED.actions if row.is_undo)
    assert undo.undoes is not None
    taken = FINISHED.actions[undo.undoes - 1]
    before = FINISHED.game_after(undo.undoes - 1)
    after = FINISHED.game_after(undo.undoes)  # the action counts until it is taken back
    assert dump(after) != dump(before)
    assert dump(FINISHED.game_after(undo.seq)) == dump(before)
    assert taken.action in [a.text for a in before.legal_actions()]
    assert dump(FINISHED.game_after(0)) == dump(replay(FINISHED.settings, FINISHED.seed, ()))
    assert dump(FINISHED.game_after(len(FINISHED.actions))) == dump(FINISHED.final_game())

    final_turn = FINISHED.final_game().turn
    assert FINISHED.game_at_turn(1).turn == 1 and FINISHED.game_at_turn(1).actions_left == 2
    for turn in (2, 7, final_turn):
        game = FINISHED.game_at_turn(turn)
        assert (game.turn, game.actions_left) == (turn, 2)
    with pytest.raises(NotationError, match=f"there is no turn {final_turn + 1}: the record has turns 1 to"):
        FINISHED.game_at_turn(final_turn + 1)
    with pytest.raises(NotationError, match="there is no turn 0"):
        FINISHED.game_at_turn(0)
    with pytest.raises(NotationError, match="there is no action"):
        FINISHED.game_after(len(FINISHED.actions) + 1)


def test_names_are_filled_in_by_user_id() -> None:
    anonymous = recorded_game(5, limit=30)
    anonymous = dataclasses.replace(
        anonymous,
        actions=tuple(
            dataclasses.replace(r, who=Who.person(r.who.user_id)) if r.who.user_id else r
            for r in anonymous.actions
        ),
        holders=(),
    )
    assert anonymous.user_ids() == {11, 12, 13} & {r.who.user_id for r in anonymous.actions}
    named = anonymous.named({11: "Alice", 13: "Carol"})
    whos = {row.who for row in named.actions}
    assert Who.person(11, "Alice") in whos and Who.person(11) not in whos
    assert read_export(write_export(named)) == named


def two_hard_bots(seed: int = 5) -> GameExport:
    """A game of alice against two hard computer seats, "Bot (hard)" and "Bot 2 (hard)"; the computer player
    at the normal level plays one of alice's turns for her (she was away), unnumbered."""
    rules = Settings(3)
    game = replay(rules, seed, ())
    rng = random.Random(seed)
    bots = {1: Who.computer("hard", 1), 2: Who.computer("hard", 2)}
    rows: list[LoggedAction] = []
    while not game.is_over and len(rows) < 60:
        seat = game.to_act
        assert seat is not None
        who = bots.get(seat) or (Who.computer("normal") if 10 <= len(rows) < 14 else Who.person(11, "Alice"))
        action = rng.choice(game.legal_actions()).text
        game.apply(action)
        rows.append(LoggedAction(len(rows) + 1, T0 + len(rows), seat, action, who))
    alice = SeatHolder(0, T0, "joined", Who.person(11, "Alice"))
    holders = (alice, *(SeatHolder(seat, T0, "joined", who) for seat, who in bots.items()))
    return GameExport(rules, seed, tuple(rows), holders)


def test_computer_seats_are_named_as_the_game_named_them_and_round_trip() -> None:
    record = two_hard_bots()
    text = write_export(record)
    assert read_export(text) == record and write_export(read_export(text)) == text
    assert "holder 1 2023-11-14T22:13:20Z joined computer hard bot 1" in text
    assert "holder 2 2023-11-14T22:13:20Z joined computer hard bot 2" in text
    assert re.search(r"seat 2 .* by computer hard bot 2$", text, re.MULTILINE)
    assert re.search(r"seat 0 .* by computer normal$", text, re.MULTILINE)  # playing for alice: no number
    assert record.seat_labels() == ["Alice", "Bot (hard)", "Bot 2 (hard)"]
    assert Who.computer("hard", 3).label == "Bot 3 (hard)" and Who.computer("hard").label == "computer hard"


def test_an_older_record_without_the_bots_numbers_reads_and_names_them_apart() -> None:
    record = two_hard_bots()
    old = re.sub(r" bot \d", "", write_export(record))
    assert "bot 1" not in old and "bot 2" not in old
    back = read_export(old)
    assert {row.who for row in back.actions if row.seat == 2} == {Who.computer("hard")}
    # as the game named them: per level, in seat order
    assert back.seat_labels() == ["Alice", "Bot (hard)", "Bot 2 (hard)"]
    numbered = back.numbered({1: 1, 2: 2})  # what the bot's export adds from the game's seats
    assert numbered.holders == record.holders
    assert [row.who for row in numbered.actions] == [row.who for row in record.actions]


def test_numbering_leaves_a_seat_the_computer_took_late_unnumbered_before_it() -> None:
    record = two_hard_bots()
    late = T0 + 30  # alice's seat handed to the computer player at the hard level from row 31 on
    handed = SeatHolder(0, late, "replaced", Who.computer("hard"))
    whos = [row.who if row.seat != 0 or row.at < late else Who.computer("hard") for row in record.actions]
    actions = tuple(dataclasses.replace(r, who=w) for r, w in zip(record.actions, whos, strict=True))
    numbered = dataclasses.replace(record, actions=actions, holders=(*record.holders, handed)).numbered(
        {0: 1, 1: 2, 2: 3}
    )
    assert numbered.holders[-1].who == Who.computer("hard", 1)
    seat_0 = {row.who for row in numbered.actions if row.seat == 0}
    assert Who.computer("hard", 1) in seat_0 and Who.computer("normal") in seat_0  # away before: unnumbered
    assert numbered.seat_labels() == ["Bot (hard)", "Bot 2 (hard)", "Bot 3 (hard)"]


@pytest.mark.parametrize(
    ("line", "message"),
    [
        ("by computer hard bot 0", "'0' is not a bot's number"),
        ("by computer hard bot 5", "'5' is not the bot's number"),
        ("by computer hard bot", "the bot's number is missing"),
        ("by computer hard bot two", "'two' is not the bot's number"),
        ('by person "Alice" bot 2', "'bot' is one word too many"),
        ("by deadline bot 2", "'bot' is one word too many"),
    ],
)
def test_a_bots_number_is_one_to_four_and_only_a_computers(line: str, message: str) -> None:
    text, _, _ = _hand_written()
    with pytest.raises(NotationError, match=message):
        read_export(text.replace('by person "Alice"', line))
    with pytest.raises(NotationError, match="only the computer player holding a seat has a number"):
        Who(WhoKind.PERSON, name="Alice", number=2)


def test_replay_and_show_name_the_seats_of_a_record(tmp_path, capsys) -> None:
    path = tmp_path / "game.txt"
    path.write_text(write_export(two_hard_bots()), encoding="utf-8")
    assert main(["replay", str(path)]) == 0
    out = capsys.readouterr().out
    assert "Seat 1 (Bot (hard)): hand" in out and "Seat 2 (Bot 2 (hard)): hand" in out
    assert main(["show", str(path), "--action", "3"]) == 0
    assert "Seat 2 (Bot 2 (hard)): hand" in capsys.readouterr().out


HAND_WRITTEN = """
# written by hand: comments, blank lines and spacing are free
tigris-game 1   # the format

setting players 2
seed 42        # settings left out take their defaults
   1   2025-05-01T18:30:00Z   seat {s}   {a}    by person "Alice"   # a comment
"""


def _hand_written() -> tuple[str, str, int]:
    game = replay(Settings(2), 42, ())
    seat = game.to_act
    assert seat is not None
    action = game.legal_actions()[0].text
    return HAND_WRITTEN.format(s=seat, a=action.upper()), action, seat


def test_a_hand_written_record_reads() -> None:
    text, action, seat = _hand_written()
    record = read_export(text)
    assert record.settings == Settings(2) and record.seed == 42 and record.title is None
    assert record.actions == (LoggedAction(1, 1746124200, seat, action, Who.person(name="Alice")),)


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda t: t.replace("tigris-game 1", "tigris-game 2"), "line 3: this is version 2 of the format"),
        (lambda t: t.replace("tigris-game 1", "tigris-position 1"), "line 3: 'tigris-game' is missing"),
        (lambda t: t.replace("seed 42", "seed forty"), "line 6: 'forty' is not the seed"),
        (lambda t: t.replace("seed 42", ""), "line 7: the seed comes before the actions"),
        (lambda t: t.replace("setting players 2", ""), "the record has no setting players"),
        (lambda t: t.replace("players 2", "players 5"), "a game has 2, 3 or 4 players"),
        (lambda t: t.replace("players 2", "colour red"), "line 5: 'colour' is not a setting"),
        (lambda t: t + "setting board standard\n", "line 8: the header"),
        (lambda t: t.replace("seat", "chair"), "line 7: 'seat' is missing"),
        (lambda t: t.replace("2025-05-01T18:30:00Z", "2025-02-30T18:30:00Z"), "is not a time"),
        (lambda t: t.replace("2025-05-01T18:30:00Z", "yesterday"), "'yesterday' is not a time"),
        (lambda t: t.replace('"Alice"', '"Alice'), "line 7: a quoted name has no closing quote"),
        (lambda t: t.replace('"Alice"', '"\\x41"'), "is not a quoted name"),
        (lambda t: t.replace('"Alice"', '"\\ud800"'), "cannot be printed"),
        (lambda t: t.replace('person "Alice"', "person"), "a person is named by a user id, a name or both"),
        (lambda t: t.replace('person "Alice"', "robot"), "'robot' is not who made it"),
        (lambda t: t.replace('person "Alice"', "computer"), "the computer player's level is missing"),
        (lambda t: t.replace('"Alice"', '"Alice" later'), "'later' is one word too many"),
        (lambda t: t.replace("   1   ", "   2   "), "the log jumps from action 0 to action 2"),
        (lambda t: t.replace("   1   ", "   1x  "), "'1x' is not the action's number"),
        (lambda t: t + t.splitlines()[-1] + "\n", "the log jumps from action 1 to action 1"),
        (lambda t: t.replace('"Alice"', '"Alice" taken back by 1'), "taken back by a later undo"),
    ],
)
def test_malformed_records_are_refused_in_one_sentence(change, message) -> None:
    text, _, _ = _hand_written()
    with pytest.raises(NotationError, match=message) as caught:
        read_export(change(text))
    assert "\n" not in str(caught.value)


def test_logs_that_do_not_replay_are_refused() -> None:
    text, action, seat = _hand_written()
    other = 1 - seat
    with pytest.raises(NotationError, match=f"is logged for seat {other} but seat {seat} was to act"):
        read_export(text.replace(f"seat {seat}", f"seat {other}"))
    with pytest.raises(NotationError, match=r"action 1 \(commit 3\) is refused by the rules: no conflict"):
        read_export(text.replace(action.upper(), "commit 3"))
    rows = FINISHED.actions
    undo = next(row for row in rows if row.is_undo)
    assert undo.undoes is not None
    unmarked = dataclasses.replace(rows[undo.undoes - 1], taken_back_by=None)
    broken = dataclasses.replace(FINISHED, actions=(*rows[: undo.undoes - 1], unmarked, *rows[undo.undoes :]))
    with pytest.raises(
        NotationError, match=f"action {undo.undoes} is not marked as taken back by undo {undo.seq}"
    ):
        write_export(broken)
    wrong_undo = dataclasses.replace(undo, undoes=undo.undoes - 1)
    broken = dataclasses.replace(FINISHED, actions=(*rows[: undo.seq - 1], wrong_undo, *rows[undo.seq :]))
    with pytest.raises(NotationError, match="which was not the newest action then"):
        write_export(broken)
    extra = LoggedAction(len(rows) + 1, T0, 0, "pass", Who.deadline())
    with pytest.raises(NotationError, match=f"action {extra.seq} \\(pass\\) comes after the end of the game"):
        read_export(
            write_export(FINISHED).replace("# The game is over", _line(extra) + "\n# The game is over")
        )


def _line(row: LoggedAction) -> str:
    return f"{row.seq} 2025-01-01T00:00:00Z seat {row.seat} {row.action} by {row.who.text}"


def test_an_older_record_without_newer_settings_takes_their_defaults() -> None:
    text = FINISHED_TEXT.replace("setting open_scoring false\n", "").replace("setting english false\n", "")
    assert read_export(text) == FINISHED


def test_every_setting_of_the_engine_is_written() -> None:
    record = recorded_game(3, limit=30, rules=Settings(3, "advanced", True, True))
    text = write_export(record)
    for field in dataclasses.fields(Settings):
        # a composed position (set up by hand) has no record: its game does not replay from R2's setup
        assert (f"setting {field.name} " in text) == (field.name != "composed")
    assert "setting board advanced" in text and "setting english true" in text
    assert read_export(text).settings == Settings(3, "advanced", True, True)


# ------------------------------------------------------------------------------------------ fuzz

SHORT = recorded_game(17, 2, limit=24)
SHORT_TEXT = write_export(SHORT)
PIECES = ["seat", "by", "undo", "taken back by", "person", "computer", "bot", "bot 2", "#", '"', "\\", "\n",
          " ", "0", "99", "-1", "2025-05-01T18:30:00Z", "setting", "seed", "holder", "title", "tigris-game 1",
          "\ud800", "é"]  # fmt: skip


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_mutated_records_raise_only_notation_errors(data: st.DataObject) -> None:
    text = SHORT_TEXT
    for _ in range(data.draw(st.integers(1, 4))):
        at = data.draw(st.integers(0, len(text)))
        cut = data.draw(st.integers(0, 12))
        insert = data.draw(st.sampled_from(PIECES) | st.text(max_size=6))
        text = text[:at] + insert + text[at + cut :]
    try:
        record = read_export(text)
    except NotationError as exc:
        message = str(exc)
        assert message and "\n" not in message and len(message) < 400
    else:
        assert read_export(write_export(record)) == record


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=300))
def test_arbitrary_text_raises_only_notation_errors(text: str) -> None:
    with pytest.raises(NotationError):
        read_export(text)


@settings(max_examples=100, deadline=None)
@given(st.lists(st.sampled_from(SHORT_TEXT.splitlines()), max_size=40))
def test_shuffled_lines_raise_only_notation_errors(lines: list[str]) -> None:
    try:
        read_export("\n".join(lines))
    except NotationError as exc:
        assert "\n" not in str(exc)


# ------------------------------------------------------------------------------------------ command line


def test_replay_prints_the_final_position(tmp_path, capsys) -> None:
    path = tmp_path / "game.txt"
    path.write_text(FINISHED_TEXT, encoding="utf-8")
    assert main(["replay", str(path), "--json"]) == 0
    assert capsys.readouterr().out == dump(FINISHED.final_game())
    assert main(["replay", str(path)]) == 0
    out = capsys.readouterr().out
    assert "The game is over" in out and "  1. seat" in out
    assert main(["show", str(path)]) == 0
    assert capsys.readouterr().out == out


def test_show_steps_through_a_record(tmp_path, capsys) -> None:
    path = tmp_path / "game.txt"
    path.write_text(FINISHED_TEXT, encoding="utf-8")
    assert main(["show", str(path), "--turn", "3"]) == 0
    out = capsys.readouterr().out
    assert out.rstrip().endswith("2 actions left.") and "Turn 3: seat" in out
    assert main(["show", str(path), "--action", "0"]) == 0
    assert "Turn 1: seat" in capsys.readouterr().out
    assert main(["show", str(path), "--turn", "9999"]) == 2
    assert "there is no turn 9999" in capsys.readouterr().err
    assert main(["show", str(path), "--turn", "2", "--action", "3"]) == 2
    capsys.readouterr()
    position = tmp_path / "p.json"
    position.write_text(dump(FINISHED.game_after(3)), encoding="utf-8")
    assert main(["show", str(position), "--turn", "2"]) == 2
    assert "step through a game record, not a position" in capsys.readouterr().err
    assert main(["legal", str(path)]) == 0  # a record is read as its final position elsewhere too
    assert capsys.readouterr().out == ""


def test_replay_refuses_a_broken_record_in_one_line(tmp_path, capsys) -> None:
    path = tmp_path / "game.txt"
    path.write_text(FINISHED_TEXT.replace("seed 99", "seed 98"), encoding="utf-8")
    assert main(["replay", str(path)]) == 2
    _, err = capsys.readouterr()
    assert err.startswith("error: action ") and err.count("\n") == 1


STRANGE_NAMES = [
    "Al\u2028ice",
    "B\x85b",
    "👨\u200d👩\u200d👧 family",
    "tab\tand\nnewline",
    'é "q" \\ #',
    "x\u200by",
]


@pytest.mark.parametrize("name", STRANGE_NAMES)
def test_any_name_stays_on_its_line_and_reads_back(name: str) -> None:
    record = recorded_game(31, 2, limit=400)
    named = record.named({11: name}).named({12: name})
    named = dataclasses.replace(named, title=f"Game of {name}")
    text = write_export(named)
    assert read_export(text) == named
    assert text.count("\n") == len(text.splitlines())  # no character of a name ends a line early
    rows = [line for line in text.splitlines() if re.match(r"\s*\d+ \d{4}-", line)]
    assert len(rows) == len(named.actions)
