"""Words for what happened and what is awaited. Pure functions over engine views and events: the
channel texts use only public information (R25); private texts take a player's own view."""

from __future__ import annotations

from collections.abc import Sequence

from engine import COLOURS, Colour, Event, Phase, PlayerView, PublicView, square_name

DYNASTIES = ("archer", "bull", "pot", "lion")
COLOUR_EMOJI = {Colour.RED: "🟥", Colour.BLUE: "🟦", Colour.GREEN: "🟩", Colour.BLACK: "⬛"}
POINT_NAMES = ("amulets", "crops", "goods", "bricks")


def sq(square: int) -> str:
    return square_name(square).upper()


def tiles(colour: Colour, n: int) -> str:
    name = colour.tile_name
    return f"{n} {name if n == 1 else name + 's'}"


def describe_events(events: Sequence[Event], names: Sequence[str]) -> list[str]:
    """Public sentences for the events of one action (private events are skipped)."""
    lines: list[str] = []
    for e in events:
        if e.private:
            continue
        who = names[e.seat] if e.seat is not None else ""
        other = names[e.other] if e.other is not None else ""
        c = e.colour
        k = e.kind
        if k == "tile" and c is not None:
            lines.append(f"{who} placed a {c.tile_name} on {sq(e.squares[0])}.")
        elif k == "unification":
            lines.append(f"The tile on {sq(e.squares[0])} unites two kingdoms.")
        elif k == "leader" and c is not None:
            lines.append(f"{who} placed their {c.leader_name} on {sq(e.squares[0])}.")
        elif k == "move" and c is not None:
            lines.append(f"{who} moved their {c.leader_name} from {sq(e.squares[0])} to {sq(e.squares[1])}.")
        elif k == "withdraw" and c is not None:
            lines.append(f"{who} withdrew their {c.leader_name} from {sq(e.squares[0])}.")
        elif k == "catastrophe":
            hit = f", destroying a {c.tile_name}" if c is not None else ""
            lines.append(f"{who} played a catastrophe on {sq(e.squares[0])}{hit}.")
        elif k == "swap":
            lines.append(f"{who} swapped {e.count} tile{'s' if e.count != 1 else ''}.")
        elif k == "pass":
            lines.append(f"{who} ended their turn.")
        elif k == "revolt" and c is not None:
            lines.append(f"**Revolt!** {who}'s {c.leader_name} challenges {other}'s {c.leader_name}.")
        elif k == "war" and c is not None:
            lines.append(f"**War of the {c.leader_name}s!** {who} attacks {other}.")
        elif k == "commit" and c is not None:
            lines.append(f"{who} committed {tiles(c, e.count)}.")
        elif k == "revolt-won" and c is not None:
            lines.append(f"{who} wins the revolt; {other}'s {c.leader_name} returns to their supply.")
        elif k == "war-won" and c is not None:
            lost = len(e.squares) - 1
            removed = f" and {tiles(c, lost)} are removed" if lost else ""
            lines.append(f"{who} wins the war; {other}'s {c.leader_name} falls{removed}.")
        elif k == "stranded" and c is not None:
            lines.append(f"{who}'s {c.leader_name} on {sq(e.squares[0])} has no temple left and goes home.")
        elif k == "unification-lifted":
            pass  # implied by the end of the wars
        elif k == "monument":
            lines.append(f"{who} built a monument on {sq(e.squares[0])}.")
        elif k == "decline":
            lines.append(f"{who} built no monument.")
        elif k == "treasure":
            lines.append(f"{who} took the treasure on {sq(e.squares[0])}.")
        elif k == "bag-empty":
            lines.append("The bag is empty: the game ends after this turn.")
        elif k == "game-over":
            lines.append("**The game is over.**")
    return lines


def awaited(view: PublicView, names: Sequence[str]) -> str:
    """What the game waits for, in one sentence (public)."""
    if view.phase is Phase.OVER:
        return "The game is over."
    who = names[view.to_act] if view.to_act is not None else "?"
    phase = view.phase
    if phase is Phase.ACTION:
        left = "2 actions" if view.actions_left == 2 else "1 action"
        return f"{who} to play ({left} left)."
    c = view.conflict
    if c is not None:
        role = "attacker" if phase in (Phase.REVOLT_ATTACKER, Phase.WAR_ATTACKER) else "defender"
        return f"{who} ({role}) must commit {c.tile_colour.tile_name}s: {conflict_line(view, names)}."
    if phase is Phase.WAR_CHOICE:
        return f"{who} must choose which war to fight first."
    if phase is Phase.MONUMENT:
        return f"{who} may build a monument."
    return f"{who} must choose a treasure."


def conflict_line(view: PublicView, names: Sequence[str], reader: int | None = None) -> str:
    """The two sides' strengths; the reader's own side is written "your"."""
    c = view.conflict
    assert c is not None

    def whose(seat: int, first: bool = False) -> str:
        if seat == reader:
            return "Your" if first else "yours"
        return f"{names[seat]}'s"

    committed = "" if c.attacker_commit is None else f" + {c.attacker_commit} committed"
    attacker = f"{whose(c.attacker, True)} {c.colour.leader_name} on {sq(c.attacker_square)}"
    defender = f"{whose(c.defender)} on {sq(c.defender_square)}"
    return f"{attacker} has {c.attacker_strength}{committed}, {defender} has {c.defender_strength}"


def status_text(view: PublicView, names: Sequence[str], deadline: int | None) -> str:
    lines = [f"Turn {view.turn}. {awaited(view, names)}"]
    if deadline is not None and view.phase not in (Phase.ACTION, Phase.OVER):
        lines.append(f"Deadline <t:{deadline}:R>; after that the default applies.")
    for s in view.seats:
        supply = "".join(COLOUR_EMOJI[c] for c in s.leaders_in_supply) or "none"
        line = (
            f"{names[s.seat]} ({DYNASTIES[s.seat]}): {s.hand_size} tiles in hand, "
            f"{s.catastrophes} catastrophes, leaders in supply {supply}"
        )
        if s.points is not None:
            line += " — " + points_text(s.points, s.treasures or 0)
        lines.append(line)
    lines.append(f"Treasures on the board: {view.treasures_left}.")
    return "\n".join(lines)


def points_text(points: Sequence[int], treasures: int) -> str:
    parts = [f"{COLOUR_EMOJI[c]} {points[c]}" for c in COLOURS]
    return " ".join(parts) + f" · treasures {treasures}"


def hand_text(view: PlayerView, game_name: str) -> str:
    hand = " ".join(f"{COLOUR_EMOJI[c]}×{view.hand[c]}" for c in COLOURS if view.hand[c]) or "no tiles"
    me = view.seats[view.seat]
    supply = ", ".join(c.leader_name for c in me.leaders_in_supply) or "none"
    lowest = min(view.points)
    return "\n".join(
        [
            f"**Your screen — {game_name}**",
            f"Hand: {hand}",
            f"Points: {points_text(view.points, view.treasures)} (lowest colour now {lowest})",
            f"Catastrophes: {me.catastrophes} · leaders in supply: {supply}",
        ]
    )


def choice_label(choice: str) -> str:
    """A button label for a decision in notation: 'commit 2' -> 'Commit 2'."""
    words = choice.split()
    if words[0] == "commit":
        return f"Commit {words[1]}"
    if words[0] == "war":
        return f"{words[1].capitalize()} war first"
    if words[0] == "monument":
        return f"{words[1].replace('-', '/')} on {words[2].upper()}"
    if words[0] == "treasure":
        return f"Treasure on {words[1].upper()}"
    return "Build no monument" if words[0] == "decline" else choice


def prompt_text(view: PlayerView, names: Sequence[str], game_link: str, deadline: int) -> str:
    """The DM asking a player for a decision; states the situation from their own view."""
    phase = view.phase
    lines = []
    c = view.conflict
    if c is not None:
        kind = "Revolt" if c.kind == "revolt" else "War"
        role = "attacker" if phase in (Phase.REVOLT_ATTACKER, Phase.WAR_ATTACKER) else "defender"
        held = view.hand[c.tile_colour]
        lines.append(f"**{kind} of the {c.colour.leader_name}s** in {game_link} — you are the {role}.")
        lines.append(conflict_line(view, names, reader=view.seat) + " on the board.")
        lines.append(f"You hold {tiles(c.tile_colour, held)}. How many do you commit?")
    elif phase is Phase.WAR_CHOICE:
        lines.append(f"**Several wars** broke out in {game_link}. Which one is fought first?")
    elif phase is Phase.MONUMENT:
        lines.append(f"**Monument** in {game_link}: your tile completed a square. Build a monument?")
    elif phase is Phase.TREASURE:
        lines.append(f"**Treasure** in {game_link}: your trader must take a treasure. Which one?")
    lines.append(f"Deadline <t:{deadline}:R>; then the default applies ({default_words(view)}).")
    return "\n".join(lines)


def default_words(view: PublicView) -> str:
    if view.phase.is_commit:
        return "commit 0"
    if view.phase is Phase.MONUMENT:
        return "no monument"
    return choice_label(view.choices[0]).lower() if view.choices else "none"


def standings_text(view: PublicView, names: Sequence[str]) -> str:
    outcome = view.outcome
    assert outcome is not None
    why = "only two treasures are left" if outcome.reason == "treasures" else "the bag ran out"
    lines = [f"**Final standings** (the game ended because {why}):"]
    for s in outcome.standings:
        colours = " ".join(f"{COLOUR_EMOJI[c]} {s.final[c]}" for c in COLOURS)
        lines.append(
            f"{s.place}. {names[s.seat]} — lowest colour **{min(s.final)}** ({colours}; "
            f"{s.treasures} treasures allocated)"
        )
    return "\n".join(lines)
