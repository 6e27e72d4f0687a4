"""Words of ``/te history``: replays, records, stats, the leaderboard and the lists of games. Pure functions
over storage records and engine views, no Discord; every name is given by the caller."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ai.hint import label
from bot.deadlines import Due
from bot.texts import MESSAGE_LIMIT, bot_name, count, deadline_words, ordinal, you_awaited
from engine import Action, NotationError, Phase, PublicView
from i18n import words_for
from storage import LeaderboardRow, PlayerStats
from storage.rating import PROVISIONAL_GAMES

LABEL_LIMIT = 100  # characters of an autocomplete choice's name

# ------------------------------------------------------------------------------------------ refusals


def no_such_game(number: int) -> str:
    return f"There is no game {number} on this server; start typing `game:` to pick one from a list."


def not_started(number: int, what: str) -> str:
    """A lobby, or a game abandoned before its start: ``what`` is "to replay" or "to export"."""
    return f"Game {number} never started, so there is nothing {what}."


def export_in_play(number: int) -> str:
    return (
        f"Game {number} is still in play and its record holds the seed, which would reveal the bag: it "
        "can be exported once the game is over (`/te log` shows its moves meanwhile)."
    )


def analyse_in_play(number: int) -> str:
    return (
        f"Game {number} is still in play: an analysis of its moves would help its players, so it waits for "
        "the end of the game."
    )


NO_STARTED_GAME_HERE = (
    "This channel has no started game: give a game number with `game:` (start typing to pick one)."
)
BOT_HAS_NO_STATS = "Bot accounts do not play here; the computer player's ratings are on the leaderboard."
LEADERBOARD_PAGES = "Pages of the leaderboard start at 1."


def no_leaderboard_page(page: int) -> str:
    return f"Nobody is ranked on page {page} of the leaderboard yet; try page 1."


# ------------------------------------------------------------------------------------------ time


def ago(seconds: int) -> str:
    """A coarse age for a list: 'just now', '5 minutes ago', '3 hours ago', '4 days ago'."""
    minutes = max(0, seconds) // 60
    if minutes < 1:
        return "just now"
    if minutes < 60:
        return f"{count(minutes, 'minute')} ago"
    if minutes < 48 * 60:
        return f"{count(minutes // 60, 'hour')} ago"
    return f"{count(minutes // (24 * 60), 'day')} ago"


def computer_name(level: str, number: int = 1) -> str:
    """How the computer player is named in lists and pictures: 'Bot (hard)', and 'Bot 2 (hard)' for the
    second seat of that level in one game, as the game named it."""
    return bot_name(level, number)


# ------------------------------------------------------------------------------------------ replay


@dataclass(frozen=True)
class ReplayShape:
    """What the replay picture holds: its frames (one per turn) and how long it plays."""

    frames: int
    milliseconds: int


def replay_working(number: int, actions: int) -> str:
    return f"Drawing the replay of game {number} ({count(actions, 'action')}): this takes a few seconds…"


_REPLAY_ENDING = {
    "finished": "the last frame shows the final standings.",
    "playing": "the game is still in play, so it shows only what everyone could see.",
    "abandoned": "the game was abandoned, so it shows only what everyone could see.",
}


def replay_caption(title: str, shape: ReplayShape, status: str) -> str:
    """The replay's message; ``status``: the game's (finished, playing, abandoned)."""
    seconds = round(shape.milliseconds / 1000)
    length = f"{seconds // 60} min {seconds % 60} s" if seconds >= 60 else f"{seconds} s"
    frames = count(shape.frames, "frame")
    return f"**{title}** — replay, {frames} (one per turn), {length}; {_REPLAY_ENDING[status]}"


def mib(size: int) -> str:
    return f"{size / 2**20:.1f} MiB"


def replay_too_big(size: int, limit: int, status: str) -> str:
    shown = "final board and scores" if status == "finished" else "board as it stands"
    return (
        f"The replay would be {mib(size)}, over the {mib(limit)} Discord accepts, so here is the {shown} "
        "instead."
    )


def export_caption(title: str, over: bool) -> str:
    why = "" if over else " (abandoned)"
    return (
        f"**{title}**{why} — the game record: settings, seed, and every action with who made it and when, "
        "undone ones marked. `python -m engine replay FILE` rebuilds the final position, "
        "`python -m engine show FILE --turn N` shows any turn."
    )


# ------------------------------------------------------------------------------------------ stats


def _average(value: float | None, digits: int = 1) -> str:
    return "–" if value is None else f"{value:.{digits}f}"


def opponent_words(name: str, games: int, ahead: int, behind: int) -> str:
    return f"{name} ({count(games, 'game')}: ahead {ahead}, behind {behind})"


def stats_text(name: str, server: str, stats: PlayerStats, opponents: Sequence[str]) -> str:
    """A player's record on a server; ``opponents`` are the names of ``stats.opponents``, in order."""
    if not stats.games:
        return f"**{name}** has no finished game on {server} yet (abandoned games do not count)."
    lines = [
        f"**{name}** on {server}: {count(stats.games, 'finished game')}",
        f"Wins: **{stats.wins}** (shared wins count) · average place {_average(stats.average_place, 2)} · "
        f"average score {_average(stats.average_score)} · best score {stats.best_score}",
    ]
    if stats.rating is not None:
        rank = f", {ordinal(stats.rank)} on this server" if stats.rank is not None else ""
        early = (
            f" (still settling: the first {PROVISIONAL_GAMES} games count double)"
            if stats.games < PROVISIONAL_GAMES
            else ""
        )
        lines.append(f"Rating: **{round(stats.rating)}**{rank}{early}")
    if stats.resigned:
        lines.append(f"Resigned: {count(stats.resigned, 'game')} (their scores count)")
    if stats.opponents:
        met = ", ".join(
            opponent_words(n, o.games, o.ahead, o.behind)
            for n, o in zip(opponents, stats.opponents, strict=True)
        )
        lines.append(f"Most played against: {met}")
    return "\n".join(lines)


# ------------------------------------------------------------------------------------------ leaderboard

RATING_HELP = "Ratings: a multiplayer Elo from finished games; `/te rules topic: ratings` explains them."


def leaderboard_text(
    server: str, rows: Sequence[LeaderboardRow], names: Sequence[str], mine: str | None, more: int | None
) -> str:
    """The ranks in words (the picture comes with them); ``mine``: the asker's own line when they are not
    on this page; ``more``: the next page, if there is one."""
    lines = [f"**Leaderboard of {server}** — rating, finished games, wins:"]
    lines += [
        _ranked(f"{row.rank}. {name} —", row.rating, row.games, row.wins)
        for row, name in zip(rows, names, strict=True)
    ]
    if mine is not None:
        lines.append(mine)
    lines.append(RATING_HELP + (f" Next: `/te history leaderboard page: {more}`." if more else ""))
    return "\n".join(lines)


def my_rank_line(stats: PlayerStats) -> str | None:
    if stats.rating is None or stats.rank is None:
        return None
    return _ranked(f"You are {ordinal(stats.rank)}:", stats.rating, stats.games, stats.wins)


def _ranked(who: str, rating: float, games: int, wins: int) -> str:
    return f"{who} **{round(rating)}** · {count(games, 'game')} · {count(wins, 'win')}"


def no_ratings(server: str) -> str:
    return f"Nobody on {server} has finished a game yet, so the leaderboard is empty. " + RATING_HELP


# ------------------------------------------------------------------------------------------ games


def waiting_words(view: PublicView, names: Sequence[str]) -> str:
    """Whom a game waits on, in a few words: 'Bob's turn', 'Bob must commit (revolt)'."""
    if view.phase is Phase.OVER or view.to_act is None:
        return "over"
    who = names[view.to_act]
    if view.phase is Phase.ACTION:
        return f"{who}'s turn"
    if view.conflict is not None:
        return f"{who} must commit ({view.conflict.kind})"
    return f"{who} must choose"


def _waiting_since(view: PublicView, names: Sequence[str], since: int) -> str:
    return f"turn {view.turn}, {waiting_words(view, names)} since <t:{since}:R>"


def running_line(
    number: int, channel: str, view: PublicView, names: Sequence[str], since: int, paused: bool
) -> str:
    state = " (paused: every player is away)" if paused else ""
    return f"• game {number} · {channel} — {_waiting_since(view, names, since)}{state}"


def lobby_line(number: int, channel: str, seated: int) -> str:
    return f"• game {number} · {channel} — lobby, {count(seated, 'player')} seated: `/te join` there"


def winners_words(winners: Sequence[tuple[str, int]], others: Sequence[tuple[str, int]]) -> str:
    """'Alice won with 7 (Bob 5, Carol 3)'; 'Alice and Bob shared the win with 6 (Carol 4)'."""
    if not winners:
        return "no result"
    score = winners[0][1]
    names = [name for name, _ in winners]
    who = names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]
    verb = "won" if len(names) == 1 else "shared the win"
    rest = ", ".join(f"{name} {s}" for name, s in others)
    return f"{who} {verb} with {score}" + (f" ({rest})" if rest else "")


def finished_line(number: int, channel: str, ended_at: int, result: str) -> str:
    return f"• game {number} · {channel} — {result}, <t:{ended_at}:R>"


def server_games_text(
    server: str, running: Sequence[str], more_running: bool, lobbies: Sequence[str], finished: Sequence[str]
) -> str:
    if not (running or lobbies or finished):
        return f"**Games on {server}**\nNo game has been played here yet: open one with `/te new`."
    more = ["• …and more: each game's channel has its `/te status`."] if more_running else []
    return _sections(
        f"**Games on {server}**",
        [
            ("**In play**, the longest waiting first:", [*running, *more]),
            ("**Open lobbies:**", lobbies),
            ("**Recently finished:**", finished),
        ],
    )


def awaited_line(title: str, view: PublicView, due: Due | None, paused: bool, link: str) -> str:
    words = words_for(None)  # i18n-plumbing: the reader's words, once this function takes them
    deadline = deadline_words(words, view, due, "You", paused=paused)
    return f"⏳ **{title}** — {you_awaited(words, view)}{deadline} [Go there]({link})"


def others_line(title: str, view: PublicView, names: Sequence[str], since: int, link: str) -> str:
    return f"• **{title}** — {_waiting_since(view, names, since)}. [Go there]({link})"


def my_lobby_line(title: str, seated: int, link: str) -> str:
    return f"• **{title}** — lobby, {count(seated, 'player')} seated. [Go there]({link})"


def my_games_text(awaited: Sequence[str], others: Sequence[str], lobbies: Sequence[str]) -> str:
    if not (awaited or others or lobbies):
        return (
            "You have no game in play and no lobby: open one with `/te new`, or see a server's games with "
            "`/te history games`."
        )
    head = f"**Your games** — {count(len(awaited), 'game')} {'awaits' if len(awaited) == 1 else 'await'} you"
    return _sections(
        head + (":" if awaited else "."),
        [("", awaited), ("**Waiting on others:**", others), ("**Lobbies:**", lobbies)],
    )


def _sections(head: str, sections: Sequence[tuple[str, Sequence[str]]]) -> str:
    """``head``, then each section that has lines, under its heading (none for ""), in one message."""
    parts = [head]
    for heading, lines in sections:
        if lines:
            parts += [heading, *lines] if heading else lines
    return fit_lines(parts)


def fit_lines(lines: Sequence[str], limit: int = MESSAGE_LIMIT) -> str:
    """The lines in one message, the first ones kept: a list that does not fit ends with how many lines
    were left out."""
    kept: list[str] = []
    room = limit - len("…and 99999 more lines.") - 1
    for line in lines:
        if len(line) + 1 > room:
            break
        kept.append(line)
        room -= len(line) + 1
    if len(kept) < len(lines):
        kept.append(f"…and {count(len(lines) - len(kept), 'more line')}.")
    return "\n".join(kept)


# ------------------------------------------------------------------------------------------ autocomplete


def game_label(number: int, channel: str | None, state: str, names: Sequence[str]) -> str:
    """'game 12 · #games · finished 3 days ago · Alice, Bob', at most 100 characters."""
    place = f"#{channel}" if channel else "a channel"
    label = f"game {number} · {place} · {state} · {', '.join(names)}"
    return label if len(label) <= LABEL_LIMIT else label[: LABEL_LIMIT - 1] + "…"


# ------------------------------------------------------------------------------------------ analysis


def analyse_working(number: int, percent: int) -> str:
    """The progress line, edited in place while the worker judges the moves."""
    return f"Analysing game {number}… {percent}%"


def _move(text: str) -> str:
    try:
        return label(Action.parse(text))
    except NotationError:
        return text


def analysis_summary(title: str, analysis: dict[str, Any], names: Sequence[str]) -> str:
    """Every seat's average loss, and the game's turning points."""
    lines = [
        f"**{title}** — every move judged from what its player could see then (their hand and the board, "
        "never the bag or the other hands): how many points of final margin it gave away against the best "
        "move found."
    ]
    for seat in analysis["seats"]:
        lines.append(
            f"**{names[seat['seat']]}**: {count(seat['moves'], 'move')} judged, "
            f"{seat['average_loss']:.2f} points lost per move on average"
        )
    points = analysis["turning_points"]
    if points:
        lines.append("**Turning points**")
    for p in points:
        what = f" — {_seats_named(p['what'], names)}" if p["what"] else ""
        lead = (
            f"; {names[p['leader_after']]} takes the lead" if p["leader_after"] != p["leader_before"] else ""
        )
        lines.append(
            f"Turn {p['turn']} (#{p['seq']}): {names[p['seat']]}, {_move(p['played'])}{what} "
            f"({p['swing']:+.1f} for them{lead})"
        )
    lines.append(f"Analysed in {analysis['seconds']:.0f} s.")
    return "\n".join(lines)[:MESSAGE_LIMIT]


def _seats_named(text: str, names: Sequence[str]) -> str:
    for seat, name in enumerate(names):
        text = text.replace(f"seat {seat}", name)
    return text


def analysis_seat(seat: dict[str, Any], name: str, whys: Sequence[str]) -> str:
    """A seat's costliest moves, one line each with the line of why; the pictures follow in that order."""
    costliest = seat["costliest"]
    if not costliest:
        return f"**{name}**: no move gave away points against the best found."
    lines = [
        f"**{name}** — costliest moves (on each picture: the move played framed in yellow, the better one "
        "marked):"
    ]
    for i, (c, because) in enumerate(zip(costliest, whys, strict=False), start=1):
        lines.append(
            f"{i}. Turn {c['turn']} (#{c['seq']}): played {_move(c['played'])}; better {_move(c['better'])} "
            f"(−{c['loss']:.1f}): {because}"
        )
    return "\n".join(lines)[:MESSAGE_LIMIT]
