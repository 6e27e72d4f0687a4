"""Words of ``/te history``: replays, records, stats, the leaderboard and the lists of games. Pure functions
over storage records and engine views, no Discord; every name is given by the caller, and every text in
the reader's language (``words``; catalogue area ``history``).

Ranks are written "#3" in every language (no ordinal suffixes to get wrong); a shared rank is the same
number on each line. Decimals and lists of names follow the language's own conventions (Babel's locale
data: "2,46", "Alice, Bob und Carol").
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final

from babel.lists import format_list
from babel.numbers import format_decimal

from bot.command_words import code, commands
from bot.deadlines import Due
from bot.texts import MESSAGE_LIMIT, bot_name, deadline_words, you_awaited
from engine import Action, NotationError, Phase, PublicView
from i18n import N_, Words
from i18n.hints import happened_words
from i18n.terms import action_label
from storage import LeaderboardRow, PlayerStats
from storage.rating import PROVISIONAL_GAMES

LABEL_LIMIT = 100  # characters of an autocomplete choice's name
# The commands the texts name, as typed in English: each is a {placeholder} (bot.command_words).
COMMANDS = (
    "game:",
    "/te log",
    "/te rules topic: ratings",
    "/te join",
    "/te new",
    "/te status",
    "/te history games",
)


def decimal(value: float, digits: int, words: Words, *, signed: bool = False) -> str:
    """A number with ``digits`` decimals as the reader writes it ("2.46", "2,46"); ``signed``: "+1.5", and
    a negative one with the minus sign U+2212, as a costly move's loss is written next to it."""
    pattern = "0." + "0" * digits if digits else "0"
    if signed:
        pattern = f"+{pattern};\u2212{pattern}"
    return format_decimal(value, format=pattern, locale=words.locale)


def _named(words: Words) -> Mapping[str, str]:
    return commands(COMMANDS, words)


def names_list(names: Sequence[str], words: Words) -> str:
    """'Alice', 'Alice and Bob', 'Alice, Bob and Carol' in the reader's language."""
    return format_list(list(names), locale=words.locale)


# ------------------------------------------------------------------------------------------ refusals


def no_such_game(number: int, words: Words) -> str:
    return words.gettext(
        "There is no game {number} on this server; start typing {game} to pick one from a list.",
        number=number,
        **_named(words),
    )


# What a lobby (or a game abandoned before its start) cannot give, by what was asked of it.
_NOT_STARTED: Final[Mapping[str, str]] = {
    "replay": N_("Game {number} never started, so there is nothing to replay."),
    "export": N_("Game {number} never started, so there is nothing to export."),
    "analyse": N_("Game {number} never started, so there is nothing to analyse."),
}


def not_started(number: int, asked: str, words: Words) -> str:
    """``asked``: "replay", "export" or "analyse"."""
    message = _NOT_STARTED[asked]
    return words.gettext(message, number=number)


def export_in_play(number: int, words: Words) -> str:
    return words.gettext(
        "Game {number} is still in play and its record holds the seed, which would reveal the bag: it can "
        "be exported once the game is over ({te_log} shows its moves meanwhile).",
        number=number,
        **_named(words),
    )


def analyse_in_play(number: int, words: Words) -> str:
    return words.gettext(
        "Game {number} is still in play: an analysis of its moves would help its players, so it waits for "
        "the end of the game.",
        number=number,
    )


NO_STARTED_GAME_HERE = N_(
    "This channel has no started game: give a game number with {game} (start typing to pick one)."
)


def no_started_game_here(words: Words) -> str:
    return words.gettext(NO_STARTED_GAME_HERE, **_named(words))


BOT_HAS_NO_STATS = N_("Bot accounts do not play here; the computer player's ratings are on the leaderboard.")
LEADERBOARD_PAGES = N_("Pages of the leaderboard start at 1.")


def no_leaderboard_page(page: int, words: Words) -> str:
    return words.gettext("Nobody is ranked on page {page} of the leaderboard yet; try page 1.", page=page)


# ------------------------------------------------------------------------------------------ replies

SHARED = N_("Posted in the channel.")
REPLAY_DONE = N_("Done: the replay is below.")
ANALYSIS_DONE = N_("Done: the analysis is below.")
FORMER_MEMBER = N_("a former member")  # a player no longer on the server
SOMEONE = N_("someone")


def took_over_from(name: str, words: Words) -> str:
    """The mark on a seat handed over, in the pictures."""
    return words.gettext("took over from {name}", name=name)


def leaderboard_title(server: str, words: Words) -> str:
    return words.gettext("{server} · leaderboard", server=server)


# ------------------------------------------------------------------------------------------ time


def ago(seconds: int, words: Words) -> str:
    """A coarse age for a list: 'just now', '5 minutes ago', '3 hours ago', '4 days ago'."""
    minutes = max(0, seconds) // 60
    if minutes < 1:
        return words.gettext("just now")
    if minutes < 60:
        return words.ngettext("{n} minute ago", "{n} minutes ago", minutes)
    if minutes < 48 * 60:
        return words.ngettext("{n} hour ago", "{n} hours ago", minutes // 60)
    return words.ngettext("{n} day ago", "{n} days ago", minutes // (24 * 60))


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


def replay_working(number: int, actions: int, words: Words) -> str:
    return words.ngettext(
        "Drawing the replay of game {number} ({n} action): this takes a few seconds…",
        "Drawing the replay of game {number} ({n} actions): this takes a few seconds…",
        actions,
        number=number,
    )


# The replay's message by the game's status (finished, playing, abandoned).
_REPLAY_CAPTION: Final[Mapping[str, str]] = {
    "finished": N_(
        "**{title}** — replay, {frames} (one per turn), {length}; the last frame shows the final standings."
    ),
    "playing": N_(
        "**{title}** — replay, {frames} (one per turn), {length}; the game is still in play, so it shows "
        "only what everyone could see."
    ),
    "abandoned": N_(
        "**{title}** — replay, {frames} (one per turn), {length}; the game was abandoned, so it shows only "
        "what everyone could see."
    ),
}


def replay_caption(title: str, shape: ReplayShape, status: str, words: Words) -> str:
    """The replay's message; ``status``: the game's (finished, playing, abandoned)."""
    seconds = round(shape.milliseconds / 1000)
    length = (
        words.gettext("{minutes} min {seconds} s", minutes=seconds // 60, seconds=seconds % 60)
        if seconds >= 60
        else words.gettext("{seconds} s", seconds=seconds)
    )
    frames = words.ngettext("{n} frame", "{n} frames", shape.frames)
    caption = _REPLAY_CAPTION[status]
    return words.gettext(caption, title=title, frames=frames, length=length)


def mib(size: int, words: Words) -> str:
    return words.gettext("{size} MiB", size=decimal(size / 2**20, 1, words))


def replay_too_big(size: int, limit: int, status: str, words: Words) -> str:
    message = (
        N_(
            "The replay would be {size}, over the {limit} Discord accepts, so here is the final board and "
            "scores instead."
        )
        if status == "finished"
        else N_(
            "The replay would be {size}, over the {limit} Discord accepts, so here is the board as it stands "
            "instead."
        )
    )
    return words.gettext(message, size=mib(size, words), limit=mib(limit, words))


def export_caption(title: str, over: bool, words: Words) -> str:
    """``over``: the game finished (else it was abandoned)."""
    message = (
        N_(
            "**{title}** — the game record: settings, seed, and every action with who made it and when, "
            "undone ones marked. `python -m engine replay FILE` rebuilds the final position, "
            "`python -m engine show FILE --turn N` shows any turn."
        )
        if over
        else N_(
            "**{title}** (abandoned) — the game record: settings, seed, and every action with who made it "
            "and when, undone ones marked. `python -m engine replay FILE` rebuilds the final position, "
            "`python -m engine show FILE --turn N` shows any turn."
        )
    )
    return words.gettext(message, title=title)


# ------------------------------------------------------------------------------------------ stats


def _average(value: float | None, digits: int, words: Words) -> str:
    return "–" if value is None else decimal(value, digits, words)


def opponent_words(name: str, games: int, ahead: int, behind: int, words: Words) -> str:
    return words.ngettext(
        "{name} ({n} game: ahead {ahead}, behind {behind})",
        "{name} ({n} games: ahead {ahead}, behind {behind})",
        games,
        name=name,
        ahead=ahead,
        behind=behind,
    )


def _rating_line(stats: PlayerStats, rating: float, words: Words) -> str:
    early = stats.games < PROVISIONAL_GAMES
    shown = round(rating)
    if stats.rank is None:
        if early:
            return words.ngettext(
                "Rating: **{rating}** (still settling: the first {n} game counts double)",
                "Rating: **{rating}** (still settling: the first {n} games count double)",
                PROVISIONAL_GAMES,
                rating=shown,
            )
        return words.gettext("Rating: **{rating}**", rating=shown)
    if early:
        return words.ngettext(
            "Rating: **{rating}**, #{rank} on this server (still settling: the first {n} game counts double)",
            "Rating: **{rating}**, #{rank} on this server (still settling: the first {n} games count double)",
            PROVISIONAL_GAMES,
            rating=shown,
            rank=stats.rank,
        )
    return words.gettext("Rating: **{rating}**, #{rank} on this server", rating=shown, rank=stats.rank)


def stats_text(name: str, server: str, stats: PlayerStats, opponents: Sequence[str], words: Words) -> str:
    """A player's record on a server; ``opponents`` are the names of ``stats.opponents``, in order."""
    if not stats.games:
        return words.gettext(
            "**{name}** has no finished game on {server} yet (abandoned games do not count).",
            name=name,
            server=server,
        )
    lines = [
        words.ngettext(
            "**{name}** on {server}: {n} finished game",
            "**{name}** on {server}: {n} finished games",
            stats.games,
            name=name,
            server=server,
        ),
        words.gettext(
            "Wins: **{wins}** (shared wins count) · average place {place} · average score {score} · "
            "best score {best}",
            wins=stats.wins,
            place=_average(stats.average_place, 2, words),
            score=_average(stats.average_score, 1, words),
            best=stats.best_score,
        ),
    ]
    if stats.rating is not None:
        lines.append(_rating_line(stats, stats.rating, words))
    if stats.resigned:
        lines.append(
            words.ngettext(
                "Resigned: {n} game (their scores count)",
                "Resigned: {n} games (their scores count)",
                stats.resigned,
            )
        )
    if stats.opponents:
        met = ", ".join(
            opponent_words(n, o.games, o.ahead, o.behind, words)
            for n, o in zip(opponents, stats.opponents, strict=True)
        )
        lines.append(words.gettext("Most played against: {opponents}", opponents=met))
    return "\n".join(lines)


# ------------------------------------------------------------------------------------------ leaderboard

RATING_HELP = N_("Ratings: a multiplayer Elo from finished games; {te_rules_topic_ratings} explains them.")


def leaderboard_text(
    server: str,
    rows: Sequence[LeaderboardRow],
    names: Sequence[str],
    mine: str | None,
    more: int | None,
    words: Words,
) -> str:
    """The ranks in words (the picture comes with them); ``mine``: the asker's own line when they are not
    on this page; ``more``: the next page, if there is one."""
    lines = [words.gettext("**Leaderboard of {server}** — rating, finished games, wins:", server=server)]
    lines += [
        words.gettext(
            "{rank}. {name} — **{rating}** · {games} · {wins}",
            rank=row.rank,
            name=name,
            rating=round(row.rating),
            games=_games(row.games, words),
            wins=_wins(row.wins, words),
        )
        for row, name in zip(rows, names, strict=True)
    ]
    if mine is not None:
        lines.append(mine)
    last = words.gettext(RATING_HELP, **_named(words))
    if more:
        page = code(f"/te history leaderboard page: {more}", words)
        last += " " + words.gettext("Next: {next_page}.", next_page=page)
    lines.append(last)
    return "\n".join(lines)


def my_rank_line(stats: PlayerStats, words: Words) -> str | None:
    if stats.rating is None or stats.rank is None:
        return None
    return words.gettext(
        "You are #{rank}: **{rating}** · {games} · {wins}",
        rank=stats.rank,
        rating=round(stats.rating),
        games=_games(stats.games, words),
        wins=_wins(stats.wins, words),
    )


def _games(n: int, words: Words) -> str:
    return words.ngettext("{n} game", "{n} games", n)


def _wins(n: int, words: Words) -> str:
    return words.ngettext("{n} win", "{n} wins", n)


def no_ratings(server: str, words: Words) -> str:
    empty = words.gettext(
        "Nobody on {server} has finished a game yet, so the leaderboard is empty.", server=server
    )
    return empty + " " + words.gettext(RATING_HELP, **_named(words))


# ------------------------------------------------------------------------------------------ games


def waiting_words(view: PublicView, names: Sequence[str], since: int, words: Words) -> str:
    """Where a game stands and whom it waits on since when: 'turn 5, Bob's turn (started <t:…:R>)'. Discord
    writes the time as "3 hours ago" ("vor 3 Stunden", "il y a 3 heures"), so no "since" stands before it."""
    if view.phase is Phase.OVER or view.to_act is None:
        return words.gettext("turn {turn}, over", turn=view.turn)
    params = {"turn": view.turn, "name": names[view.to_act], "since": since}
    if view.phase is Phase.ACTION:
        return words.gettext("turn {turn}, {name}'s turn (started <t:{since}:R>)", **params)
    if view.conflict is not None and view.conflict.kind == "revolt":
        return words.gettext("turn {turn}, {name} must commit (revolt, asked <t:{since}:R>)", **params)
    if view.conflict is not None:
        return words.gettext("turn {turn}, {name} must commit (war, asked <t:{since}:R>)", **params)
    return words.gettext("turn {turn}, {name} must choose (asked <t:{since}:R>)", **params)


def running_line(
    number: int, channel: str, view: PublicView, names: Sequence[str], since: int, paused: bool, words: Words
) -> str:
    message = (
        N_("• game {number} · {channel} — {waiting} (paused: every player is away)")
        if paused
        else N_("• game {number} · {channel} — {waiting}")
    )
    return words.gettext(
        message, number=number, channel=channel, waiting=waiting_words(view, names, since, words)
    )


def lobby_line(number: int, channel: str, seated: int, words: Words) -> str:
    return words.ngettext(
        "• game {number} · {channel} — lobby, {n} player seated: {te_join} there",
        "• game {number} · {channel} — lobby, {n} players seated: {te_join} there",
        seated,
        **_named(words),
        number=number,
        channel=channel,
    )


def winners_words(winners: Sequence[tuple[str, int]], others: Sequence[tuple[str, int]], words: Words) -> str:
    """'Alice won with 7 (Bob 5, Carol 3)'; 'Alice and Bob shared the win with 6 (Carol 4)'."""
    if not winners:
        return words.gettext("no result")
    params = {
        "winners": names_list([name for name, _ in winners], words),
        "score": winners[0][1],
        "others": ", ".join(f"{name} {score}" for name, score in others),
    }
    alone = len(winners) == 1
    if others:
        message = (
            N_("{winners} won with {score} ({others})")
            if alone
            else N_("{winners} shared the win with {score} ({others})")
        )
    else:
        message = N_("{winners} won with {score}") if alone else N_("{winners} shared the win with {score}")
    return words.gettext(message, **params)


def finished_line(number: int, channel: str, ended_at: int, result: str, words: Words) -> str:
    return words.gettext(
        "• game {number} · {channel} — {result}, <t:{ended_at}:R>",
        number=number,
        channel=channel,
        result=result,
        ended_at=ended_at,
    )


def server_games_text(
    server: str,
    running: Sequence[str],
    more_running: bool,
    lobbies: Sequence[str],
    finished: Sequence[str],
    words: Words,
) -> str:
    head = words.gettext("**Games on {server}**", server=server)
    if not (running or lobbies or finished):
        return (
            head
            + "\n"
            + words.gettext("No game has been played here yet: open one with {te_new}.", **_named(words))
        )
    more = (
        [words.gettext("• …and more: each game's channel has its {te_status}.", **_named(words))]
        if more_running
        else []
    )
    return _sections(
        head,
        [
            (words.gettext("**In play**, the longest waiting first:"), [*running, *more]),
            (words.gettext("**Open lobbies:**"), lobbies),
            (words.gettext("**Recently finished:**"), finished),
        ],
        words,
    )


def awaited_line(title: str, view: PublicView, due: Due | None, paused: bool, link: str, words: Words) -> str:
    return words.gettext(
        "⏳ **{title}** — {awaited}{deadline} [Go there]({link})",
        title=title,
        awaited=you_awaited(words, view),
        deadline=deadline_words(words, view, due, "", paused=paused, you=True),
        link=link,
    )


def others_line(
    title: str, view: PublicView, names: Sequence[str], since: int, link: str, words: Words
) -> str:
    return words.gettext(
        "• **{title}** — {waiting}. [Go there]({link})",
        title=title,
        waiting=waiting_words(view, names, since, words),
        link=link,
    )


def my_lobby_line(title: str, seated: int, link: str, words: Words) -> str:
    return words.ngettext(
        "• **{title}** — lobby, {n} player seated. [Go there]({link})",
        "• **{title}** — lobby, {n} players seated. [Go there]({link})",
        seated,
        title=title,
        link=link,
    )


def my_games_text(awaited: Sequence[str], others: Sequence[str], lobbies: Sequence[str], words: Words) -> str:
    if not (awaited or others or lobbies):
        return words.gettext(
            "You have no game in play and no lobby: open one with {te_new}, or see a server's games with "
            "{te_history_games}.",
            **_named(words),
        )
    head = (
        words.ngettext(
            "**Your games** — {n} game awaits you:", "**Your games** — {n} games await you:", len(awaited)
        )
        if awaited
        else words.gettext("**Your games** — no game awaits you.")
    )
    return _sections(
        head,
        [
            ("", awaited),
            (words.gettext("**Waiting on others:**"), others),
            (words.gettext("**Lobbies:**"), lobbies),
        ],
        words,
    )


def _sections(head: str, sections: Sequence[tuple[str, Sequence[str]]], words: Words) -> str:
    """``head``, then each section that has lines, under its heading (none for ""), in one message."""
    parts = [head]
    for heading, lines in sections:
        if lines:
            parts += [heading, *lines] if heading else lines
    return fit_lines(parts, words)


def fit_lines(lines: Sequence[str], words: Words, limit: int = MESSAGE_LIMIT) -> str:
    """The lines in one message, the first ones kept: a list that does not fit ends with how many lines
    were left out."""
    kept: list[str] = []
    room = limit - len(_left_out(99999, words)) - 1
    for line in lines:
        if len(line) + 1 > room:
            break
        kept.append(line)
        room -= len(line) + 1
    if len(kept) < len(lines):
        kept.append(_left_out(len(lines) - len(kept), words))
    return "\n".join(kept)


def _left_out(n: int, words: Words) -> str:
    return words.ngettext("…and {n} more line.", "…and {n} more lines.", n)


# ------------------------------------------------------------------------------------------ autocomplete

IN_PLAY = N_("in play")


def finished_state(status: str, ended_ago: str | None, words: Words) -> str:
    """A started game's state in its autocomplete label: 'in play', 'finished 3 days ago', 'abandoned'
    (``status``: the game's; ``ended_ago``: ``ago`` of its end, if known)."""
    if status == "playing":
        return words.gettext(IN_PLAY)
    if status == "finished":
        if ended_ago is None:
            return words.gettext("finished")
        return words.gettext("finished {ago}", ago=ended_ago)
    if ended_ago is None:
        return words.gettext("abandoned")
    return words.gettext("abandoned {ago}", ago=ended_ago)


def game_label(number: int, channel: str | None, state: str, names: Sequence[str], words: Words) -> str:
    """'game 12 · #games · finished 3 days ago · Alice, Bob', at most 100 characters."""
    place = f"#{channel}" if channel else words.gettext("a channel")
    label = words.gettext(
        "game {number} · {place} · {state} · {names}",
        number=number,
        place=place,
        state=state,
        names=", ".join(names),
    )
    return label if len(label) <= LABEL_LIMIT else label[: LABEL_LIMIT - 1] + "…"


# ------------------------------------------------------------------------------------------ analysis


def analyse_working(number: int, percent: int, words: Words) -> str:
    """The progress line, edited in place while the worker judges the moves."""
    return words.gettext("Analysing game {number}… {percent}%", number=number, percent=percent)


def _move(text: str, words: Words) -> str:
    try:
        return action_label(words, Action.parse(text))
    except NotationError:
        return text


def _turning_point(p: Mapping[str, Any], names: Sequence[str], words: Words) -> str:
    params = {
        "turn": p["turn"],
        "seq": p["seq"],
        "name": names[p["seat"]],
        "move": _move(p["played"], words),
        # analyses stored before the codes carry only the English of what happened
        "what": happened_words(p.get("happened", ()), words, names) or _seats_named(p["what"], names),
        "swing": decimal(p["swing"], 1, words, signed=True),
        "leader": names[p["leader_after"]],
    }
    lead = p["leader_after"] != p["leader_before"]
    if p["what"]:
        message = (
            N_("Turn {turn} (#{seq}): {name}, {move} — {what} ({swing} for them; {leader} takes the lead)")
            if lead
            else N_("Turn {turn} (#{seq}): {name}, {move} — {what} ({swing} for them)")
        )
    else:
        message = (
            N_("Turn {turn} (#{seq}): {name}, {move} ({swing} for them; {leader} takes the lead)")
            if lead
            else N_("Turn {turn} (#{seq}): {name}, {move} ({swing} for them)")
        )
    return words.gettext(message, **params)


def analysis_summary(title: str, analysis: dict[str, Any], names: Sequence[str], words: Words) -> str:
    """Every seat's average loss, and the game's turning points."""
    lines = [
        words.gettext(
            "**{title}** — every move judged from what its player could see then (their hand and the board, "
            "never the bag or the other hands): how many points of final margin it gave away against the "
            "best move found.",
            title=title,
        )
    ]
    for seat in analysis["seats"]:
        lines.append(
            words.ngettext(
                "**{name}**: {n} move judged, {loss} points lost per move on average",
                "**{name}**: {n} moves judged, {loss} points lost per move on average",
                seat["moves"],
                name=names[seat["seat"]],
                loss=decimal(seat["average_loss"], 2, words),
            )
        )
    points = analysis["turning_points"]
    if points:
        lines.append(words.gettext("**Turning points**"))
    lines += [_turning_point(p, names, words) for p in points]
    lines.append(words.gettext("Analysed in {seconds} s.", seconds=round(analysis["seconds"])))
    return "\n".join(lines)[:MESSAGE_LIMIT]


def _seats_named(text: str, names: Sequence[str]) -> str:
    for seat, name in enumerate(names):
        text = text.replace(f"seat {seat}", name)
    return text


def analysis_seat(seat: dict[str, Any], name: str, whys: Sequence[str], words: Words) -> str:
    """A seat's costliest moves, one line each with the line of why; the pictures follow in that order."""
    costliest = seat["costliest"]
    if not costliest:
        return words.gettext("**{name}**: no move gave away points against the best found.", name=name)
    lines = [
        words.gettext(
            "**{name}** — costliest moves (on each picture: the move played framed in yellow, the better one "
            "marked):",
            name=name,
        )
    ]
    for i, (c, because) in enumerate(zip(costliest, whys, strict=False), start=1):
        lines.append(
            words.gettext(
                "{i}. Turn {turn} (#{seq}): played {played}; better {better} (−{loss}): {because}",
                i=i,
                turn=c["turn"],
                seq=c["seq"],
                played=_move(c["played"], words),
                better=_move(c["better"], words),
                loss=decimal(c["loss"], 1, words),
                because=because,
            )
        )
    return "\n".join(lines)[:MESSAGE_LIMIT]
