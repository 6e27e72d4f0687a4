"""The texts of /te help and /te rules: the game and the bot's commands in our own words, each one screen (one
Discord message, well under 2,000 characters in every language).

They follow the 2015 rules and the project's rulings (shared/reference/rulings.md) without citing them, and
name only commands that exist (tests/bot/test_help.py checks every `/te ...` against the command tree).

Each text is sections of lines, each line one message of the catalogue (areas ``help`` and ``rules``): a
translator works on whole sentences and paragraphs, and a section break is never inside a message. The
commands named are placeholders, filled with their names in the reader's client (``bot.command_words``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from bot.command_words import choice, commands
from i18n import N_, Words

Text = tuple[tuple[str, ...], ...]  # sections of lines, each line a message

OTHER_TOPICS = N_("Other topics: {topics}")

HELP: Text = (
    (N_("**Tigris & Euphrates** — build kingdoms along two rivers; your score is your *weakest* colour."),),
    (
        N_("**Play** (in the game's channel)"),
        N_(
            "{te_tile} {leader} {withdraw} {catastrophe} {swap} {pass} — your two actions a turn; the "
            "square list says what each would do"
        ),
        N_("{te_choose} — answer a decision (or use the DM buttons)"),
        N_("{te_undo} — take back your last action (not after a draw, a conflict or a choice)"),
    ),
    (
        N_(
            "**Look** (only you see the answers): {te_hand} · {board} · {status} · {log} · {rules} · "
            "{hint} (if on)"
        ),
    ),
    (
        N_("**Games and seats**"),
        N_(
            "{te_new} · {join} · {leave} · {start} · {abandon} — one game per channel or thread; {te_new} "
            "sets the variants (also the 2015 buildings and wonder); the creator may {seat_addbot} and "
            "{seat_removebot}"
        ),
        N_(
            "{te_seat_away} (turns wait, or the bot covers you) · {seat_back} · {seat_resign} · "
            "{seat_replace} (creator or manager)"
        ),
        N_("{te_settings} — DMs: all, turn or none; instant answers to forced choices"),
    ),
    (
        N_(
            "**History**: {te_history_replay} · {history_export} · {history_analyse} · {history_stats} · "
            "{history_leaderboard} · {history_games} · {history_mygames} (yours)"
        ),
        N_("**Ratings**: multiplayer Elo ({te_rules_topic_ratings})."),
    ),
    (
        N_(
            "**A turn**: a DM with your hand and the news starts it; play two actions. Miss the "
            "deadline and the computer plays it for you, and you are away until you play again."
        ),
        N_(
            "**A conflict**: each side commits tiles by DM, the attacker first; a tie goes to the "
            "defender. No answer by the deadline commits nothing."
        ),
        N_("**Your hand** lives in your DMs, never in the channel."),
    ),
)

RULES: dict[str, Text] = {
    "setup": (
        (
            N_("**Setup**"),
            N_("• The board has 16 × 11 squares: columns A–P, rows 1–11, crossed by two rivers."),
            N_(
                "• A temple with a treasure stands on each starting square: 10 on the standard board, 14 "
                "on the advanced one. The other tiles go in the bag (153 tiles in all: 57 red temples, 36 "
                "blue farms, 30 green markets, 30 black settlements)."
            ),
            N_(
                "• Each player has four leaders, marked with their dynasty's symbol (archer, bull, pot or "
                "lion): a priest (red), a farmer (blue), a trader (green) and a king (black). Each also "
                "has two catastrophe tiles and draws six tiles."
            ),
            N_("• The start player is drawn at random; play goes round in seat order."),
            N_(
                "• Your hand, points and treasures are hidden from the others. Everyone sees the board, "
                "the leaders and catastrophes each player has left, how many tiles each player holds, and "
                "the tiles committed in a conflict."
            ),
        ),
    ),
    "turn": (
        (
            N_("**Your turn: two actions**"),
            N_("Pick any two, the same one twice if you like:"),
            N_("• **Place a tile** from your hand ({te_tile})."),
            N_("• **Place, move or withdraw a leader** ({te_leader}, {te_withdraw})."),
            N_("• **Play a catastrophe** ({te_catastrophe})."),
            N_("• **Swap** one to six tiles for new ones from the bag ({te_swap})."),
            N_("You may stop early with {te_pass}."),
            N_(
                "At the end of your turn your leaders score your monuments, every player draws back up to "
                "six tiles, and the game checks whether it is over."
            ),
        ),
        (
            N_("**Regions and kingdoms**"),
            N_(
                "Tiles and leaders that touch along an edge form a *region*. A region with at least one "
                "leader is a *kingdom*. A kingdom may hold leaders of several players, but only one "
                "leader of each colour: a second one means a conflict."
            ),
        ),
    ),
    "tiles": (
        (
            N_("**Tiles and leaders**"),
            N_(
                "**Tiles.** Farms (blue) go only on river squares; temples, markets and settlements only "
                "on land. A tile may not join three or more kingdoms."
            ),
            N_(
                "**Points for a tile.** A tile placed in a kingdom earns one point of its colour for the "
                "owner of that kingdom's leader of the same colour; without one, the owner of its king "
                "earns it; without a king, nobody does. A tile outside any kingdom earns nothing, and so "
                "does a tile that joins two kingdoms: it starts a war if both have a leader of the same "
                "colour."
            ),
            N_(
                "**Leaders** stand on empty land next to a face-up temple, and may not join two kingdoms. "
                "Moving a leader lifts it first, so it may not join again two kingdoms that it alone was "
                "holding together. A leader left with no temple beside it goes back to its owner at once."
            ),
            N_(
                "**Catastrophes** (two per player) go on an empty square or a face-up tile, never on a "
                "treasure, a monument or a leader. The tile under it leaves the game; the square is dead "
                "for the rest of the game and connects nothing."
            ),
        ),
    ),
    "revolts": (
        (
            N_("**Revolts (internal conflicts)**"),
            N_(
                "A revolt happens when you place or move a leader into a kingdom that already holds a "
                "leader of that colour. You attack; the other leader defends."
            ),
            N_(
                "**Strength** = the face-up temples (red tiles) beside each leader, plus the red tiles "
                "committed from hand."
            ),
            N_(
                "The attacker commits first, then the defender, each once, any number from their hand (0 "
                "is fine). The higher total wins; **a tie goes to the defender**."
            ),
            N_(
                "The loser's leader goes back to its owner; the winner earns **1 red point**. Every "
                "committed tile leaves the game, win or lose. Nothing else leaves the board."
            ),
            N_(
                "Here each side gets a DM with buttons and a deadline; when it passes, the side commits "
                "nothing."
            ),
        ),
    ),
    "wars": (
        (
            N_("**Wars (external conflicts)**"),
            N_(
                "A war happens when a tile joins two kingdoms that each hold a leader of the same colour. "
                "The joining tile gets the unification marker and scores nothing."
            ),
            N_(
                "**Sides.** If one of the two leaders is yours (you placed the tile), you attack; "
                "otherwise the first of the two owners after you in turn order does. Each leader's "
                "strength is the face-up tiles **of the war's colour** on its side of the joining tile."
            ),
            N_(
                "The attacker commits tiles of that colour, then the defender; **a tie goes to the "
                "defender**."
            ),
            N_(
                "**Result.** The loser's leader goes home and every tile of that colour on the loser's "
                "side leaves the board (in a red war, temples carrying a treasure or beside a leader of "
                "another colour stay). The winner earns, in that colour, 1 point for the leader plus 1 "
                "per tile removed. Committed tiles leave the game; leaders left with no temple beside "
                "them go home."
            ),
            N_(
                "**Several wars** (more than one colour doubled): the active player chooses the order, "
                "and each is fought on the board as it stands then. Then the marker is lifted."
            ),
        ),
    ),
    "monuments": (
        (
            N_("**Monuments**"),
            N_(
                "When your tile completes a 2 × 2 square of four face-up tiles of one colour, you may "
                "build a monument on it, after any conflict: one of the monuments that include that "
                "colour. The four tiles flip face down: they still connect, but count for nothing else "
                "(not as temples for leaders, not in conflicts); a leader left with no temple beside it "
                "goes home."
            ),
            N_(
                "There are six monuments, one for each pair of colours. A square you do not build on now "
                "can never take a monument later."
            ),
            N_(
                "**Points.** At the end of each of your turns, each of your leaders on the board earns "
                "one point of its colour for every monument of that colour in its kingdom (your king: "
                "monuments with black)."
            ),
        ),
    ),
    "buildings": (
        (
            N_("**Civilization buildings** (2015 edition, {buildings_true})"),
            N_(
                "Four buildings start beside the board: the library (red), granary (blue), market hall "
                "(green) and palace (black)."
            ),
            N_(
                "**Placing.** When your tile makes a straight line, across or down, of three or more "
                "face-up tiles of one colour, you may put that colour's building on any tile of the line. "
                "If it already stands on the board, you may move it there only if the new line is longer "
                "than its line now (than each of its two lines, if its tile is in both)."
            ),
            N_(
                "**When.** After the action's conflicts, before a monument or the wonder. A DM asks you; "
                "no answer by the deadline declines."
            ),
            N_(
                "**Points.** A tile placed in a kingdom holding the building of its colour earns 2 points "
                "instead of 1. Revolts, wars and monuments score as usual."
            ),
            N_(
                "**Protection.** The tile under a building counts in conflicts, is never removed by a war "
                "and cannot take a catastrophe. Flipping it for a monument, or giving it to the wonder, "
                "sends the building back beside the board."
            ),
        ),
    ),
    "wonder": (
        (
            N_("**The wonder** (2015 edition, {wonder_true})"),
            N_(
                "When your tile completes a plus of five face-up tiles of one colour (a tile and its four "
                "neighbours), you may erect the wonder on it, after any building and monument: the five "
                "tiles leave the game and the wonder takes their place. There is one wonder per game."
            ),
            N_(
                "It joins regions and kingdoms like a monument and can never be destroyed, but counts for "
                "nothing else: no temple for leaders, no supporter in conflicts. A treasure on one of its "
                "temples stays on it and can still be taken. A DM asks you; no answer by the deadline "
                "declines."
            ),
            N_(
                "**The wonder's point.** At the end of your turn, if your king is in the wonder's "
                "kingdom, you score 1 point in a colour of your choice (a DM asks; by the deadline, your "
                "colour with the fewest points). The others learn only that you took it."
            ),
        ),
    ),
    "treasures": (
        (
            N_("**Treasures**"),
            N_(
                "Treasures sit on the starting temples. At the end of every action, a kingdom holding two "
                "or more treasures and a trader (green leader) gives them up: the trader's owner takes "
                "treasures until only one is left. Treasures on the special-bordered squares go first; "
                "where the owner could take one or another, they choose."
            ),
            N_("A treasure is a **wild point**: at the end it is added to whichever colour helps you most."),
            N_(
                "A kingdom without a trader keeps its treasures. A catastrophe can never be placed on a "
                "treasure."
            ),
        ),
    ),
    "end": (
        (
            N_("**End of the game and scoring**"),
            N_(
                "The game ends at the end of a turn when **only two treasures or fewer** are left on the "
                "board, or when someone could not draw all the tiles they needed during that turn (the "
                "bag ran out)."
            ),
            N_(
                "**Scoring.** Each player adds their treasures to their colours so as to make their "
                "weakest colour as strong as possible. Your score is your **lowest colour**. Ties are "
                "broken by the second lowest, then the third, then the fourth; players equal on all four "
                "share the place."
            ),
            N_("So a strong game is a balanced one: ten red points are worth nothing if you have no green."),
        ),
    ),
    "ratings": (
        (
            N_("**Ratings** ({te_history_leaderboard}, {te_history_stats})"),
            N_(
                "• Everyone starts at 1500. Each server rates its own players, from its finished games; "
                "abandoned games do not count."
            ),
            N_(
                "• A game counts every two players in it as one small match: the better place wins it, a "
                "shared place is a draw."
            ),
            N_(
                "• Your rating moves by what you scored in those matches minus what the ratings expected: "
                "beating stronger players gains more, losing to weaker ones costs more."
            ),
            N_(
                "• One game moves a rating by at most 32 points, shared out over your opponents, so a "
                "4-player game counts about as much as a 2-player one. Your first 10 games count double, "
                "to find your level quickly."
            ),
            N_(
                '• The computer player has one rating per level ("Bot (hard)"). A resigned seat counts '
                "for the player who resigned it; a seat handed over counts for whoever held it at the end."
            ),
        ),
    ),
    "variants": (
        (
            N_("**Variants** (chosen when the game is created with {te_new})"),
            N_(
                "**Advanced board** ({board_advanced}): the other side of the board, a different map with "
                "14 treasures."
            ),
            N_(
                "**English variant** ({english_true}): the attacker may commit tiles only if that makes "
                "them stronger than the defender, and the defender only enough to tie exactly. No "
                "bluffing with spare tiles."
            ),
            N_(
                "**Open scoring** ({open_scoring_true}): everyone's points and treasures are shown during "
                "the game."
            ),
            N_(
                "**Civilization buildings** ({buildings_true}) and **the wonder** ({wonder_true}), from "
                "the 2015 edition: see their topics."
            ),
        ),
    ),
}

# The commands the texts name, as typed in English: each is a {placeholder} (bot.command_words).
COMMANDS = (
    "/te tile",
    "leader",
    "withdraw",
    "catastrophe",
    "swap",
    "pass",
    "/te choose",
    "/te undo",
    "/te hand",
    "board",
    "status",
    "log",
    "rules",
    "hint",
    "/te new",
    "join",
    "leave",
    "start",
    "abandon",
    "seat addbot",
    "seat removebot",
    "/te seat away",
    "seat back",
    "seat resign",
    "seat replace",
    "/te settings",
    "/te history replay",
    "history export",
    "history analyse",
    "history stats",
    "history leaderboard",
    "history games",
    "history mygames",
    "/te leader",
    "/te withdraw",
    "/te catastrophe",
    "/te swap",
    "/te pass",
    "buildings: true",
    "wonder: true",
    "/te history leaderboard",
    "/te history stats",
    "board: advanced",
    "english: true",
    "open_scoring: true",
    "/te rules topic: ratings",
)

TOPICS = tuple(RULES)


def _render(text: Text, words: Words) -> str:
    named = _commands(words)
    return "\n\n".join("\n".join(words.gettext(line, **named) for line in section) for section in text)


def _commands(words: Words) -> Mapping[str, str]:
    return commands(COMMANDS, words)


def help_text(words: Words) -> str:
    """The answer of /te help."""
    return _render(HELP, words)


def rules_text(topic: str, words: Words, topics: Sequence[str] = TOPICS) -> str:
    """The answer of /te rules for a topic, ending with the other topics as the reader's client lists
    them."""
    others = " · ".join(f"`{choice(t, words)}`" for t in topics if t != topic)
    return _render(RULES[topic], words) + "\n\n" + words.gettext(OTHER_TOPICS, topics=others)
