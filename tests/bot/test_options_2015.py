"""The 2015 edition's options through the bot (issue 11): civilization buildings (R28) and the wonder (R29)
chosen with /te new, their decisions offered by DM prompt and /te choose, their defaults at the deadline,
their channel lines, and a whole game with both options to the end.

R25: the colour of the wonder's point is the player's secret; the channel only says that it was taken.
"""

from __future__ import annotations

import io

from PIL import Image

from bot.texts import choice_label, describe_events
from engine import COLOURS, Action, Event, Game, Phase, parse_square, public_view, square_name
from engine.rng import Rng
from i18n import words_for
from tests.bot.conftest import channel_shown, dm_text, drive, open_table, told_since
from tests.bot.test_full_game import assert_public
from tests.bot.test_prompts import labels, prompt_of

EN = words_for("en")

OPTIONS = {"buildings": True, "wonder": True}
HOUR = 3600
DEADLINE = 12 * HOUR + 5  # the default conflict_hours, and a little more
COLOUR_WORDS = tuple(c.word for c in COLOURS)


def pick(game: Game, chooser: Rng):
    """A random legal move that steers towards the wonder: now and then a tile that completes a plus, and
    the wonder whenever it is offered (random play alone seldom gets there)."""
    legal = game.legal_actions()
    if game.phase is Phase.ACTION:
        quiet = [a for a in legal if a.kind != "catastrophe"] or legal
        if chooser.below(3) == 0:
            plus = [a for a in quiet if a.kind == "tile" and _after(game, a).phase is Phase.WONDER]
            if plus:
                return plus[chooser.below(len(plus))]
        return quiet[chooser.below(len(quiet))]
    wonders = [a for a in legal if a.kind == "wonder"]
    return wonders[0] if wonders else legal[chooser.below(len(legal))]


def _after(game: Game, action) -> Game:
    after = game.copy()
    after.apply(action)
    return after


def seed_reaching(wanted, limit: int = 200, max_actions: int = 400) -> tuple[int, list[str]]:
    """The first seed (and its action prefix, ``pick``'s moves) whose 2-player game with both options
    reaches a position where ``wanted(game)`` holds."""
    for seed in range(limit):
        game = Game.new(2, seed, buildings=True, wonder=True)
        chooser = Rng(seed * 7 + 1)
        actions: list[str] = []
        while not game.is_over and len(actions) < max_actions:
            if wanted(game):
                return seed, actions
            action = pick(game, chooser)
            game.apply(action)
            actions.append(action.text)
    raise AssertionError("no seed reaches the wanted position")


async def reach(env, game_seed, wanted):
    seed, actions = seed_reaching(wanted)
    game_seed["value"] = seed
    table = await open_table(env, 2, **OPTIONS)
    for text in actions:
        await drive(table, text)
        await env.advance_time(3)  # no two moves within the double-submit window
    game = await table.game()
    assert wanted(game), game.phase
    return table, game


def building_colour(game: Game):
    return next(a.colour for a in game.legal_actions() if a.colour is not None)


def offers_a_new_building(game: Game) -> bool:
    return game.phase is Phase.BUILDING and game.buildings[building_colour(game)] is None


def offers_a_move(game: Game) -> bool:
    return game.phase is Phase.BUILDING and game.buildings[building_colour(game)] is not None


def channel_lines(table) -> list[str]:
    return [line for m in table.channel.history() for line in m.content.split("\n")]


def note_of(member, prompt) -> str:
    return next(m for m in member.user.dm_channel.history() if m.id == prompt.id).content


# ----------------------------------------------------------------------------------------- the lobby


async def test_the_options_are_chosen_with_new_and_named_in_lobby_start_and_status(simcord_env):
    table = await open_table(simcord_env, 2, **OPTIONS)
    record = await table.record()
    assert record.options.buildings and record.options.wonder
    game = await table.game()
    assert game.settings.buildings and game.settings.wonder
    lobby = next(m for m in table.channel.history() if "lobby, game" in m.content)
    assert "(standard board, civilization buildings, the wonder;" in lobby.content
    start = next(m for m in table.channel.history() if "**The game begins**" in m.content)
    assert "**The game begins** (standard board, civilization buildings, the wonder)" in start.content
    status = (await table.players[0].slash(table.channel, "te status")).response.content
    assert "Played with: standard board, civilization buildings, the wonder." in status
    assert (
        "Buildings: library beside the board, granary beside the board, market hall beside the board, "
        in (status)
    )
    assert "The wonder: not erected yet." in status


async def test_without_the_options_nothing_is_said_of_them(simcord_env):
    table = await open_table(simcord_env, 2)
    assert not (await table.game()).settings.buildings
    status = (await table.players[0].slash(table.channel, "te status")).response.content
    assert "Played with: standard board." in status
    assert "uilding" not in status and "wonder" not in status
    assert all("uilding" not in m.content for m in table.channel.history())


# ----------------------------------------------------------------------------------------- buildings


async def test_a_building_is_placed_by_click_with_clear_labels(simcord_env, game_seed):
    table, game = await reach(simcord_env, game_seed, offers_a_new_building)
    colour = building_colour(game)
    name = colour.building_name
    placer = table.players[game.to_act]
    prompt = prompt_of(placer)
    assert f"**{name.capitalize()}**: your tile made a line of three or more {colour.tile_name}s." in (
        prompt.content
    )
    assert f"the default applies: decline the {name}." in prompt.content
    squares = [a.square for a in game.legal_actions() if a.kind == "building"]
    expected = [f"{name.capitalize()} on {square_name(s).upper()}" for s in squares]
    assert labels(prompt) == [*expected, f"Decline the {name}"]
    # the channel says what is awaited, by name
    assert f"may place the {name}." in table.channel.last_message.content
    status = (await table.players[1 - game.to_act].slash(table.channel, "te status")).response.content
    assert f"may place the {name}." in status
    await placer.user.click(prompt, label=expected[-1])
    assert f"You chose: {expected[-1]}." in note_of(placer, prompt)
    game = await table.game()
    assert game.buildings[colour] == squares[-1]
    assert f"{placer.user.name} placed the {name} on {square_name(squares[-1]).upper()}." in channel_lines(
        table
    )


async def test_a_building_move_says_where_it_comes_from(simcord_env, game_seed):
    table, game = await reach(simcord_env, game_seed, offers_a_move)
    colour = building_colour(game)
    name, here = colour.building_name, square_name(game.buildings[colour]).upper()
    mover = table.players[game.to_act]
    prompt = prompt_of(mover)
    assert f"Move the {name} there from {here}" in prompt.content
    moves = [a for a in game.legal_actions() if a.kind == "building"]
    assert labels(prompt) == [
        *(f"{name.capitalize()} on {square_name(a.square).upper()} (moves from {here})" for a in moves),
        f"Leave the {name} on {here}",
    ]
    # /te choose offers the same labels, with the notation
    offered = await mover.autocomplete(table.channel, "te choose", "option", "")
    view = public_view(game)
    assert [c["name"] for c in offered] == [
        f"{choice_label(EN, a, view)} ({a.text})" for a in game.legal_actions()
    ]
    assert offered[-1]["name"] == f"Leave the {name} on {here} (decline)"
    await drive(table, moves[0].text)
    target = square_name(moves[0].square).upper()
    assert f"{mover.user.name} moved the {name} from {here} to {target}." in channel_lines(table)
    assert f"With /te choose, you chose: {name.capitalize()} on {target} (moves from {here})." in note_of(
        mover, prompt
    )


async def test_a_building_is_declined_at_the_deadline(simcord_env, game_seed):
    table, game = await reach(simcord_env, game_seed, offers_a_new_building)
    name = building_colour(game).building_name
    placer = table.players[game.to_act]
    prompt = prompt_of(placer)
    version = (await table.record()).version
    await simcord_env.advance_time(DEADLINE)
    record = await table.record()
    assert record.version > version
    assert (await table.bot.store.actions(record.id))[version].action == "decline"
    assert f"Time ran out: Decline the {name}." in note_of(placer, prompt)
    # one public line says the time ran out and what the default did (issue 18)
    assert f"Time ran out for {placer.user.name}: they decline the {name} (the default)." in channel_lines(
        table
    )


async def test_a_building_prompt_survives_a_restart(simcord_env, game_seed, make_bot):
    table, game = await reach(simcord_env, game_seed, offers_a_new_building)
    placer = table.players[game.to_act]
    prompt = prompt_of(placer)
    await simcord_env.restart_bot(make_bot())
    await placer.user.click(prompt, label=labels(prompt)[0])  # a button sent before the restart
    game = await table.game()
    assert game.phase is not Phase.BUILDING and game.buildings_on_board()


# ----------------------------------------------------------------------------------------- the wonder


async def test_the_wonder_is_offered_and_declined_at_the_deadline(simcord_env, game_seed):
    table, game = await reach(simcord_env, game_seed, lambda g: g.phase is Phase.WONDER)
    builder = table.players[game.to_act]
    prompt = prompt_of(builder)
    assert "**Wonder**: your tile completed a plus of five tiles of one colour." in prompt.content
    centres = [a.square for a in game.legal_actions() if a.kind == "wonder"]
    assert labels(prompt) == [
        *(f"Erect the wonder centred on {square_name(s).upper()}" for s in centres),
        "Decline the wonder",
    ]
    assert "may erect the wonder." in table.channel.last_message.content
    await simcord_env.advance_time(DEADLINE)
    assert "Time ran out: Decline the wonder." in note_of(builder, prompt)
    assert f"Time ran out for {builder.user.name}: they decline the wonder (the default)." in channel_lines(
        table
    )
    assert (await table.game()).wonder is None


async def test_the_wonders_point_default_is_told_only_to_its_player(simcord_env, game_seed):
    table, game = await reach(simcord_env, game_seed, lambda g: g.phase is Phase.WONDER_POINT)
    seat = game.to_act
    chooser = table.players[seat]
    default = game.default_action()
    assert default is not None and default.colour is not None
    prompt = prompt_of(chooser)
    assert "**The wonder's point**" in prompt.content and "Only you see the colour." in prompt.content
    assert labels(prompt) == ["Red point", "Blue point", "Green point", "Black point"]
    word = default.colour.word
    assert f"the default applies: {word} point (your colour with the fewest points)." in prompt.content
    awaited = table.channel.last_message.content
    assert "must choose the colour of the wonder's point." in awaited
    points = list(game.points[seat])
    shown = channel_shown(table)
    await simcord_env.advance_time(DEADLINE)
    record = await table.record()
    assert f"point {word}" in [row.action for row in await table.bot.store.actions(record.id)]
    assert f"Time ran out: {word.capitalize()} point." in note_of(chooser, prompt)  # the DM says the colour
    after = (await table.game()).points[seat]
    assert after[default.colour] == points[default.colour] + 1
    told = told_since(table, shown)
    assert f"Time ran out for {chooser.user.name}: they take the wonder's point (the default)." in told
    for line in told:  # the channel never says which colour (R25)
        assert not any(w in line.lower() for w in COLOUR_WORDS), line


# ----------------------------------------------------------------------------------------- a whole game


async def test_a_whole_game_with_buildings_and_the_wonder(simcord_env, game_seed):
    """Issue 11's "done means": a whole game with both options runs to the end through the bot, through
    every new decision; the wonder's point never shows its colour in the channel; the board draws the
    buildings and the wonder."""
    game_seed["value"] = 9  # with ``pick``: buildings, a monument, the wonder and its point, all in one game
    table = await open_table(simcord_env, 2, **OPTIONS)
    chooser, how = Rng(5), Rng(11)
    reached: dict[str, int] = {}
    points: list[tuple[int, str]] = []  # (seat, colour word) of each wonder's point
    board_png = None
    for _ in range(1000):
        game = await table.game()
        if game.is_over:
            break
        phase = game.phase
        reached[phase.value] = reached.get(phase.value, 0) + 1
        action = pick(game, chooser)
        if phase is Phase.WONDER_POINT:
            points.append((game.to_act, action.colour.word))
        if phase is not Phase.ACTION and how.below(2) == 0:  # half the decisions by button
            member = table.players[game.to_act]
            prompt = prompt_of(member)
            await member.user.click(prompt, label=choice_label(EN, action, public_view(game)))
            assert f"You chose: {choice_label(EN, action, public_view(game))}." in note_of(member, prompt)
        else:
            await drive(table, action.text)
        await simcord_env.advance_time(3)
        now = await table.game()
        if board_png is None and now.wonder is not None and now.buildings_on_board():
            result = await table.players[0].slash(table.channel, "te board")
            board_png = await result.response.attachments[0].read()
    game = await table.game()
    assert game.is_over, "the game must end"
    record = await table.record()
    assert record.status == "finished"
    assert await table.bot.store.verify_replay(record.id) == record.version
    for phase in ("building", "monument", "wonder", "wonder-point"):
        assert reached.get(phase, 0) >= 1, reached
    assert points

    history = table.channel.history()
    final = next(m for m in history if "Final standings" in m.content)
    lines = channel_lines(table)
    assert any(" placed the " in line and any(c.building_name in line for c in COLOURS) for line in lines)
    assert any(" erected the wonder on the " in line for line in lines)
    for message in history:
        assert_public(message, finished=message.id >= final.id)
        if "took the wonder's point" in message.content and message.id < final.id:
            assert not any(w in message.content.lower() for w in COLOUR_WORDS), message.content
    took = [line for line in lines if line.endswith(" took the wonder's point.")]
    assert len(took) == len(points)
    for seat, word in points:  # the chooser's own DMs say the colour
        dms = " ".join(dm_text(m.content) for m in table.players[seat].user.dm_channel.history())
        assert f"You chose: {word.capitalize()} point" in dms

    assert board_png is not None and Image.open(io.BytesIO(board_png)).format == "PNG"


# ----------------------------------------------------------------------------------------- words


def test_each_new_event_has_its_channel_line():
    names = ["alice", "bob"]
    red, black = COLOURS[0], COLOURS[3]
    e5, c3, f6 = (parse_square(s) for s in ("e5", "c3", "f6"))
    arms = tuple(parse_square(s) for s in ("f5", "e6", "g6", "f7"))
    cases = {
        Event("building", 0, red, (e5,)): "alice placed the library on E5.",
        Event("building-moved", 1, black, (c3, e5)): "bob moved the palace from C3 to E5.",
        Event("building-returned", 0, red, (e5,)): "The library on E5 went back beside the board.",
        Event("building-declined", 1, black): "bob declined the palace.",
        Event("wonder", 0, red, (f6, *arms)): "alice erected the wonder on the temples centred on F6.",
        Event("wonder-declined", 1): "bob declined the wonder.",
    }
    for event, line in cases.items():
        assert describe_events(EN, [event], names) == [line]


def test_the_wonders_line_in_german_keeps_each_tile_name_in_its_case():
    """The wonder's channel line fills a plural tile name into German: after "auf den fünf" it would need the
    dative ("Märkten"), which the one plural cannot give; the sentence is built around the nominative."""
    arms = tuple(parse_square(s) for s in ("f5", "e6", "g6", "f7"))
    f6 = parse_square("f6")
    said = {
        colour.word: describe_events(words_for("de"), [Event("wonder", 0, colour, (f6, *arms))], ["anna"])
        for colour in COLOURS
    }
    assert said == {
        "red": ["anna errichtet das Weltwunder mit Mitte F6; fünf Tempel verlassen dafür das Spiel."],
        "blue": ["anna errichtet das Weltwunder mit Mitte F6; fünf Bauernhöfe verlassen dafür das Spiel."],
        "green": ["anna errichtet das Weltwunder mit Mitte F6; fünf Märkte verlassen dafür das Spiel."],
        "black": ["anna errichtet das Weltwunder mit Mitte F6; fünf Siedlungen verlassen dafür das Spiel."],
    }


def test_the_wonders_point_is_told_without_its_colour_unless_scoring_is_open():
    point = Event("wonder-point", 1, COLOURS[2], count=1, private=True)
    assert describe_events(EN, [point], ["alice", "bob"]) == ["bob took the wonder's point."]
    assert describe_events(EN, [point], ["alice", "bob"], open_scoring=True) == [
        "bob took the wonder's point (green)."
    ]


def test_a_tile_by_its_building_scores_two():
    double = Event("point", 0, COLOURS[1], count=2, private=True)
    assert describe_events(EN, [double], ["alice"], open_scoring=True) == ["alice scored 2 blue points."]
    assert describe_events(EN, [double], ["alice"]) == []  # R25


async def test_the_tile_list_says_which_tile_offers_a_building(simcord_env, game_seed):
    seed, actions = seed_reaching(offers_a_new_building)
    last = Action.parse(actions[-1])
    assert last.kind == "tile", actions[-1]  # the line's tile, played last
    game_seed["value"] = seed
    table = await open_table(simcord_env, 2, **OPTIONS)
    for text in actions[:-1]:
        await drive(table, text)
        await simcord_env.advance_time(3)
    actor = await table.actor()
    choices = await actor.autocomplete(table.channel, "te tile", "square", "", color=last.colour.word)
    named = {c["value"]: c["name"] for c in choices}
    square = square_name(last.square)
    if square in named:  # the 25 most relevant squares are listed
        assert f"may place the {last.colour.building_name}" in named[square], named[square]
    typed = await actor.autocomplete(table.channel, "te tile", "square", square, color=last.colour.word)
    [label] = [c["name"] for c in typed if c["value"] == square]
    assert f"may place the {last.colour.building_name}" in label
