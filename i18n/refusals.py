"""Why the engine refused something, in the reader's language: every ``engine.Refusal`` worded here.

``refusal_words(error, words)`` is what the bot shows for an ``EngineError`` (an illegal action, an undo
R32 refuses, notation it cannot read). Square names (E5), notation (``tile red e5``) and what the player
typed stay as they are in every language.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Final

from babel.lists import format_list

from engine import Colour, Content, EngineError, Phase, Reason, Refusal
from i18n import N_, Nn_, Words
from i18n.coded import Said

RED, BLUE, GREEN, BLACK = Colour.RED, Colour.BLUE, Colour.GREEN, Colour.BLACK
R = Refusal

REFUSALS: Final[Mapping[Refusal, Said]] = {
    R.GAME_OVER: Said(N_("The game is over.")),
    R.NOT_YOUR_TURN: Said(N_("It is not your turn.")),
    R.NOT_YOUR_CHOICE: Said(N_("This choice is not yours to make.")),
    R.TURN_ACTION_NOW: Said(
        N_("No conflict, monument or treasure is waiting for a choice now: it is a turn action.")
    ),
    R.TURN_ACTION_NOW_2015: Said(
        N_(
            "No conflict, building, monument, wonder or treasure is waiting for a choice now: "
            "it is a turn action."
        )
    ),
    R.WRONG_KIND: Said(
        {
            Phase.REVOLT_ATTACKER: N_(
                "The game waits for the attacker's commitment in a revolt (`commit <n>`), "
                "not a {kind} action."
            ),
            Phase.REVOLT_DEFENDER: N_(
                "The game waits for the defender's commitment in a revolt (`commit <n>`), "
                "not a {kind} action."
            ),
            Phase.WAR_ATTACKER: N_(
                "The game waits for the attacker's commitment in a war (`commit <n>`), not a {kind} action."
            ),
            Phase.WAR_DEFENDER: N_(
                "The game waits for the defender's commitment in a war (`commit <n>`), not a {kind} action."
            ),
            Phase.WAR_CHOICE: N_(
                "The game waits for the choice of the next war (`war <colour>`), not a {kind} action."
            ),
            Phase.BUILDING: N_(
                "The game waits for a civilization building choice "
                "(`building <colour> <square>` or `decline`), "
                "not a {kind} action."
            ),
            Phase.MONUMENT: N_(
                "The game waits for a monument choice (`monument <colours> <square>` or `decline`), "
                "not a {kind} action."
            ),
            Phase.WONDER: N_(
                "The game waits for the wonder choice (`wonder <square>` or `decline`), not a {kind} action."
            ),
            Phase.TREASURE: N_(
                "The game waits for a treasure choice (`treasure <square>`), not a {kind} action."
            ),
            Phase.WONDER_POINT: N_(
                "The game waits for the colour of the wonder's point (`point <colour>`), not a {kind} action."
            ),
        },
        by="waiting",
    ),
    R.HOLD_ONLY: Said(
        {
            RED: Nn_("You hold only {n} temple.", "You hold only {n} temples."),
            BLUE: Nn_("You hold only {n} farm.", "You hold only {n} farms."),
            GREEN: Nn_("You hold only {n} market.", "You hold only {n} markets."),
            BLACK: Nn_("You hold only {n} settlement.", "You hold only {n} settlements."),
        },
        by="colour",
        count="held",
    ),
    R.ENGLISH_ATTACKER: Said(
        N_("In the English variant the attacker commits tiles only if that makes them stronger.")
    ),
    R.ENGLISH_DEFENDER: Said(N_("In the English variant the defender commits tiles only to tie exactly.")),
    R.NO_SUCH_WAR: Said(
        {
            RED: N_("There is no red war to resolve."),
            BLUE: N_("There is no blue war to resolve."),
            GREEN: N_("There is no green war to resolve."),
            BLACK: N_("There is no black war to resolve."),
        },
        by="colour",
    ),
    R.MONUMENT_TAKEN: Said(
        {
            (RED, BLUE): N_("The red-blue monument is not available."),
            (RED, GREEN): N_("The red-green monument is not available."),
            (RED, BLACK): N_("The red-black monument is not available."),
            (BLUE, GREEN): N_("The blue-green monument is not available."),
            (BLUE, BLACK): N_("The blue-black monument is not available."),
            (GREEN, BLACK): N_("The green-black monument is not available."),
        },
        by="monument",
    ),
    R.MONUMENT_NO_SQUARE: Said(
        {
            (RED, BLUE): N_(
                "No square of four matching tiles with its top-left corner on {square} "
                "can take the red-blue monument."
            ),
            (RED, GREEN): N_(
                "No square of four matching tiles with its top-left corner on {square} "
                "can take the red-green monument."
            ),
            (RED, BLACK): N_(
                "No square of four matching tiles with its top-left corner on {square} "
                "can take the red-black monument."
            ),
            (BLUE, GREEN): N_(
                "No square of four matching tiles with its top-left corner on {square} "
                "can take the blue-green monument."
            ),
            (BLUE, BLACK): N_(
                "No square of four matching tiles with its top-left corner on {square} "
                "can take the blue-black monument."
            ),
            (GREEN, BLACK): N_(
                "No square of four matching tiles with its top-left corner on {square} "
                "can take the green-black monument."
            ),
        },
        by="monument",
    ),
    R.TREASURE_SQUARES: Said(N_("You may take the treasure on {squares}.")),
    R.OTHER_BUILDING: Said(
        {
            RED: N_("Only the library (red) may be placed now."),
            BLUE: N_("Only the granary (blue) may be placed now."),
            GREEN: N_("Only the market hall (green) may be placed now."),
            BLACK: N_("Only the palace (black) may be placed now."),
        },
        by="colour",
    ),
    R.BUILDING_SQUARES: Said(
        {
            RED: N_("The library may go on {squares}."),
            BLUE: N_("The granary may go on {squares}."),
            GREEN: N_("The market hall may go on {squares}."),
            BLACK: N_("The palace may go on {squares}."),
        },
        by="colour",
    ),
    R.WONDER_SQUARES: Said(N_("The wonder goes on a plus of five tiles centred on {squares}.")),
    R.NO_TILE_IN_HAND: Said(
        {
            RED: N_("You have no temples (red) in your hand."),
            BLUE: N_("You have no farms (blue) in your hand."),
            GREEN: N_("You have no markets (green) in your hand."),
            BLACK: N_("You have no settlements (black) in your hand."),
        },
        by="colour",
    ),
    R.NOT_EMPTY: Said(N_("{square} is not empty: it holds {content}.")),
    R.RIVER_SQUARE: Said(N_("{square} is a river square: only farms (blue) go on rivers.")),
    R.NOT_RIVER: Said(N_("{square} is not a river square: farms (blue) go only on rivers.")),
    R.THREE_KINGDOMS: Said(
        N_("A tile on {square} would unite three kingdoms: a tile may unite at most two.")
    ),
    R.LEADER_ALREADY_THERE: Said(
        {
            RED: N_("Your priest is already on {square}."),
            BLUE: N_("Your farmer is already on {square}."),
            GREEN: N_("Your trader is already on {square}."),
            BLACK: N_("Your king is already on {square}."),
        },
        by="colour",
    ),
    R.LEADER_ON_RIVER: Said(N_("{square} is a river square: leaders stand only on land.")),
    R.NO_TEMPLE_BESIDE: Said(N_("{square} is not next to a face-up temple: a leader must stand beside one.")),
    R.LEADER_UNITES: Said(
        N_("A leader on {square} would unite two kingdoms: only tiles may unite kingdoms.")
    ),
    R.LEADER_NOT_ON_BOARD: Said(
        {
            RED: N_("Your priest is not on the board."),
            BLUE: N_("Your farmer is not on the board."),
            GREEN: N_("Your trader is not on the board."),
            BLACK: N_("Your king is not on the board."),
        },
        by="colour",
    ),
    R.NO_CATASTROPHES: Said(N_("You have no catastrophe tiles left.")),
    R.TREASURE_SQUARE: Said(N_("{square} carries a treasure: a catastrophe cannot go there.")),
    R.CATASTROPHE_BLOCKED: Said(N_("A catastrophe cannot go on {square}: it holds {content}.")),
    R.NOTHING_TO_TAKE_BACK: Said(N_("There is nothing of yours to take back this turn.")),
    R.UNDO_GAME_OVER: Said(N_("The game is over, so nothing can be taken back.")),
    R.UNDO_ANOTHER_CHOSE: Said(N_("You cannot take that back: another player has made a choice since.")),
    R.UNDO_WAITING: Said(N_("You cannot take that back now: the game waits for another player's choice.")),
    R.UNDO_TILE_DRAWN: Said(N_("You cannot take that back: a tile was drawn since.")),
    R.UNDO_TURN_ENDED: Said(N_("You cannot take that back: your turn has ended.")),
    R.UNDO_CONFLICT: Said(N_("You cannot take that back: a conflict was started.")),
    R.UNDO_COMMITTED: Said(N_("You cannot take that back: tiles committed to a conflict are final.")),
    R.UNDO_TREASURE: Said(N_("You cannot take that back: a treasure was taken.")),
    R.UNDO_MONUMENT: Said(N_("You cannot take that back: the monument choice has been made.")),
    R.UNDO_BUILDING: Said(N_("You cannot take that back: the building choice has been made.")),
    R.UNDO_WONDER: Said(N_("You cannot take that back: the wonder choice has been made.")),
    R.EMPTY_ACTION: Said(N_("An empty action: try `tile red e5` or `pass`.")),
    R.NOT_AN_ACTION: Said(
        N_(
            "{text} is not an action: use tile, leader, withdraw, catastrophe, swap, pass, commit, war, "
            "monument, building, wonder, decline, treasure or point."
        )
    ),
    R.WRITE_IT_AS: Said(N_("Write it as `{usage}`.")),
    R.NOT_A_COLOUR: Said(N_("{text} is not a colour: use red, blue, green or black.")),
    R.NOT_A_MONUMENT: Said(N_("{text} is not a monument: write two colours like `red-blue`.")),
    R.MONUMENT_SAME_COLOUR: Said(N_("{text} is not a monument: its two colours must differ.")),
    R.SWAP_COUNT: Said(N_("A swap names 1 to 6 tiles, like `swap red red blue`.")),
    R.COMMIT_TOO_MANY: Said(N_("A hand holds at most {most} tiles: commit a number from 0 to {most}.")),
    R.NOT_A_NUMBER: Said(N_("{text} is not a number of tiles: write it like `commit 2`.")),
    R.NOT_A_SQUARE: Said(N_("{text} is not a square: write a column a-p and a row 1-11, like `e5`.")),
}

# What stands on a square, as "it holds ..." names it.
CONTENTS: Final[Mapping[tuple[str, object], str]] = {
    ("leader", RED): N_("{player}'s priest"),
    ("leader", BLUE): N_("{player}'s farmer"),
    ("leader", GREEN): N_("{player}'s trader"),
    ("leader", BLACK): N_("{player}'s king"),
    ("tile", RED): N_("a temple"),
    ("tile", BLUE): N_("a farm"),
    ("tile", GREEN): N_("a market"),
    ("tile", BLACK): N_("a settlement"),
    ("tile-under-building", RED): N_("a temple under the library"),
    ("tile-under-building", BLUE): N_("a farm under the granary"),
    ("tile-under-building", GREEN): N_("a market under the market hall"),
    ("tile-under-building", BLACK): N_("a settlement under the palace"),
    ("catastrophe", None): N_("a catastrophe"),
    ("wonder", None): N_("the wonder"),
    ("monument", None): N_("a monument"),
}
SEAT: Final = N_("seat {number}")
# An error no player should meet (a stored game or a position that does not load) has no code.
UNEXPECTED: Final = N_("That is not possible now.")


def refusal_words(error: EngineError | Reason, words: Words, names: Sequence[str] = ()) -> str:
    """What a player reads when the engine refuses: one sentence in ``words``. ``names`` (by seat) name a
    leader's owner; without them a seat is named by its number."""
    reason = error if isinstance(error, Reason) else error.reason
    if reason is None or not isinstance(reason.code, Refusal):
        return words.gettext(UNEXPECTED)

    def fill(name: str, value: object) -> object:
        if isinstance(value, Content):
            return content_words(value, words, names)
        if isinstance(value, tuple):  # squares: "A9, C9 or D4" as the language lists them
            return format_list(list(value), style="or", locale=words.language.replace("-", "_"))
        if name == "kind":  # notation ("not a `tile` action"), not a word of the reader's language
            return f"`{value}`"
        return value

    return REFUSALS[reason.code].say(words, reason.params, fill)


def content_words(content: Content, words: Words, names: Sequence[str] = ()) -> str:
    """What stands on a square: "a temple", "Anna's priest"."""
    colour = content.colour if content.kind in ("leader", "tile", "tile-under-building") else None
    message = CONTENTS[(content.kind, colour)]
    if content.seat is None:
        return words.gettext(message)
    return words.gettext(message, player=seat_name(content.seat, words, names))


def seat_name(seat: int, words: Words, names: Sequence[str] = ()) -> str:
    """A seat's player by name, or "seat 2" when the names are not known."""
    return names[seat] if 0 <= seat < len(names) else words.gettext(SEAT, number=seat + 1)
