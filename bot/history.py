"""History and standings (issue 13): a game's replay and record, a player's stats, the server's leaderboard,
the server's games and a player's own games across servers. Behind ``/te history``.

Every lookup is one of the store's indexed queries (a game by number, a server's running and finished
games, its lobbies, a person's games, results and ratings), so nothing here grows with the games stored.
The replay and the record take seconds of CPU for a long game: they run in the worker process
(``bot.workers``); the small pictures (a board, the leaderboard) in a thread, as everywhere in the bot.

What is public: a replay shows only what everyone saw until the game is over (``render.replay_animation``
works from public views). A game record holds the seed, which decides the bag, so it is given only once the
game is over (or abandoned), to anyone on the server; during play nobody gets it, players included.
"""

from __future__ import annotations

import asyncio
import dataclasses
import math
import time
from collections import OrderedDict
from collections.abc import Awaitable, Callable, Hashable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any

import render
from ai.analysis import Budget, Judgement, judge_rows, judged_rows, report, turning_points
from bot import history_texts as texts
from bot.analysis import move_pictures
from bot.core import Clock, UserError, unix_time
from bot.present import Directory, due_of, players_of, seat_notes
from bot.texts import computer_names, computer_seat_numbers, post_link
from bot.workers import Workers
from engine import (
    EngineError,
    GameExport,
    Phase,
    PublicView,
    Settings,
    Who,
    computer_numbers,
    public_view,
    write_export,
)
from i18n import Words
from i18n.hints import why_words
from render import Animation, SeatMark, SeatNote
from storage import GameNotFound, GameRecord, Player, SeatReason, SeatResult, Status, Store

# Discord's upload limit for a server without boosts (discord.md); a boosted server takes more, but a
# replay this size would take minutes to watch anyway.
UPLOAD_LIMIT = 10 * 1024 * 1024
LEADERBOARD_PAGE = 10
RUNNING_LISTED = 15
FINISHED_LISTED = 5
CHOICES_EACH = 25  # the newest running and finished games offered by autocomplete (Discord shows 25)
KEPT_REPLAYS = 3  # finished games' replays kept in memory: asked again, they are sent at once
ANALYSIS_STEPS = 10  # worker jobs per analysis: the progress line moves ten times

Progress = Callable[[int], Awaitable[None]]


@dataclass(frozen=True)
class Attachment:
    filename: str
    data: bytes


@dataclass(frozen=True)
class Answer:
    text: str
    files: tuple[Attachment, ...] = ()


def _started(record: GameRecord, asked: str, words: Words) -> tuple[Settings, int]:
    """The settings and seed of a started game; a refusal for a lobby (``asked``: "replay", "export" or
    "analyse")."""
    settings = record.settings
    if settings is None or record.seed is None:
        raise UserError(texts.not_started(record.id, asked, words))
    return settings, record.seed


def _channel_url(record: GameRecord) -> str:
    return f"https://discord.com/channels/{record.guild_id}/{record.channel_id}"


class History:
    """The answers of ``/te history``; the surface turns them into messages."""

    def __init__(self, store: Store, directory: Directory, workers: Workers, clock: Clock) -> None:
        self._store = store
        self._directory = directory
        self._workers = workers
        self._clock = clock
        self._replays: OrderedDict[Hashable, Animation] = OrderedDict()
        self._analysing: dict[tuple[int, int], asyncio.Future[dict[str, Any]]] = {}
        self.analysis_budget: Budget | None = None  # how hard each move is looked at: by default by players

    def _now(self) -> int:
        return unix_time(self._clock)

    # ---------------------------------------------------------------------------------- which game

    async def game(
        self, guild_id: int | None, channel_id: int | None, number: int | None, *, words: Words
    ) -> GameRecord:
        """Game ``number`` of this server, or by default the channel's game in play, else its last finished
        one; a refusal if there is none (a game of another server is "none" too)."""
        if number is None:
            record = await self._store.latest_game_in_channel(
                channel_id or 0, statuses=(Status.PLAYING, Status.FINISHED)
            )
            if record is None:
                raise UserError(texts.no_started_game_here(words))
            return record
        try:
            record = await self._store.load_game(number)
        except GameNotFound:
            raise UserError(texts.no_such_game(number, words)) from None
        if record.guild_id != guild_id:
            raise UserError(texts.no_such_game(number, words))
        return record

    async def player_name(self, guild_id: int, player: Player, words: Words, number: int = 1) -> str:
        """A person's name on the server, or a computer seat's ("Bot 2 (hard)": ``number``, its place among
        the game's computer seats of that level)."""
        if player.level is not None:
            return texts.computer_name(player.level, number)
        assert player.user_id is not None
        return await self._directory.name_in(guild_id, player.user_id, words.gettext(texts.FORMER_MEMBER))

    # ---------------------------------------------------------------------------------- replay

    async def _notes(self, record: GameRecord, words: Words) -> dict[int, SeatNote]:
        """The seat marks of the pictures: away (only while the game is in play), the computer player,
        resigned, and who took a seat over from whom."""
        notes = seat_notes(record, self._now())
        if record.status is not Status.PLAYING:
            notes = {seat: n for seat, n in notes.items() if n.mark is not SeatMark.AWAY}
        history = await self._store.seat_history(record.id)
        for owner in history:
            if owner.reason is SeatReason.REPLACED and owner.until is None and owner.seat not in notes:
                former = [h for h in history if h.seat == owner.seat and h.until == owner.since]
                if former and former[-1].user_id is not None:
                    someone = words.gettext(texts.SOMEONE)
                    name = await self._directory.name_in(record.guild_id, former[-1].user_id, someone)
                    notes[owner.seat] = SeatNote(SeatMark.REPLACED, texts.took_over_from(name, words))
                else:
                    notes[owner.seat] = SeatNote(SeatMark.REPLACED)
        return notes

    def replay_working(self, record: GameRecord, *, words: Words) -> str:
        _started(record, "replay", words)
        return texts.replay_working(record.id, record.version, words)

    async def replay(self, record: GameRecord, *, words: Words) -> Answer:
        """The game as an animated picture, one frame per turn. One over the upload limit (a game far longer
        than any real one) gives way to the board (and scores) as it stands, saying so."""
        settings, seed = _started(record, "replay", words)
        actions = await self._store.effective_actions(record.id)
        names = await self._directory.names_for(record, words)
        notes = await self._notes(record, words)
        title = await self._directory.game_name(record, words)
        key = (record.id, record.version, tuple(names), tuple(sorted(notes.items())), title, words.language)
        animation = self._replays.get(key)
        if animation is None:
            animation = await self._workers.run(
                render.replay_animation,
                settings,
                seed,
                actions,
                words=words,  # as the caption: the game's if shared, else the asker's
                names=names,
                notes=notes,
                title=title,
            )
        limit = UPLOAD_LIMIT
        if len(animation.data) > limit:
            text = texts.replay_too_big(len(animation.data), limit, record.status.value, words)
            return await self._still_pictures(record, names, notes, title, text, words)
        if record.status is Status.FINISHED:  # a finished game never changes: keep its replay for the next
            self._replays[key] = animation
            self._replays.move_to_end(key)
            while len(self._replays) > KEPT_REPLAYS:
                self._replays.popitem(last=False)
        shape = texts.ReplayShape(animation.frames, sum(animation.durations))
        text = texts.replay_caption(title, shape, record.status.value, words)
        filename = f"game-{record.id}-replay.{animation.format}"
        return Answer(text, (Attachment(filename, animation.data),))

    async def _still_pictures(
        self,
        record: GameRecord,
        names: list[str],
        notes: dict[int, SeatNote],
        title: str,
        text: str,
        picture_words: Words,
    ) -> Answer:
        view = public_view(record.game())
        board = await asyncio.to_thread(
            render.board_png, view, words=picture_words, names=names, notes=notes, title=title
        )
        files = [Attachment(f"game-{record.id}-board.png", board)]
        if view.phase is Phase.OVER:
            scores = await asyncio.to_thread(
                render.scores_png, view, words=picture_words, names=names, notes=notes, title=title
            )
            files.append(Attachment(f"game-{record.id}-scores.png", scores))
        return Answer(text, tuple(files))

    # ---------------------------------------------------------------------------------- export

    async def _record(self, record: GameRecord) -> GameExport:
        """The game as a game record, its computer seats named as the game named them ("Bot 2 (hard)")."""
        export = await self._store.game_export(record.id)
        return export.numbered(computer_seat_numbers(record.seats))

    async def export(self, record: GameRecord, *, words: Words) -> Answer:
        """The game record (engine.export) with names and the game's title, once the game is over."""
        _started(record, "export", words)
        if record.status is Status.PLAYING:
            raise UserError(texts.export_in_play(record.id, words))
        export = await self._record(record)
        names = {}
        for user_id in sorted(export.user_ids()):
            name = await self._directory.name_in(record.guild_id, user_id, "")
            try:
                Who.person(user_id, name)
            except EngineError:  # a blank or overlong name: the record keeps the user id alone
                continue
            names[user_id] = name
        title = await self._directory.game_name(record)
        named = dataclasses.replace(export.named(names), title=title)
        text = await self._workers.run(write_export, named)
        over = record.status is Status.FINISHED
        return Answer(
            texts.export_caption(title, over, words), (Attachment(f"game-{record.id}.txt", text.encode()),)
        )

    # ---------------------------------------------------------------------------------- analysis

    def analysable(self, record: GameRecord, *, words: Words) -> None:
        """A refusal unless the game is over: during play an analysis would help a player cheat."""
        _started(record, "analyse", words)
        if record.status is Status.PLAYING:
            raise UserError(texts.analyse_in_play(record.id, words))

    async def analyse(self, record: GameRecord, progress: Progress, *, words: Words) -> list[Answer]:
        """The post-game analysis (``ai.analysis``): a summary with the turning points, then per seat its
        costliest moves with a picture each. Computed once in the worker process, in steps that report
        their ``progress`` (a percentage), then kept in the store."""
        self.analysable(record, words=words)
        export = await self._record(record)
        analysis = await self._store.analysis(record.id, record.version)
        if analysis is None:
            key = (record.id, record.version)
            task = self._analysing.get(key)
            if task is None:  # one analysis of a game at a time: a second asker waits for the first's
                task = asyncio.ensure_future(self._analysis(record, export, progress))
                self._analysing[key] = task
                task.add_done_callback(lambda _: self._analysing.pop(key, None))
            analysis = await asyncio.shield(task)
        names = await self._directory.names_for(record, words)
        notes = await self._notes(record, words)
        title = await self._directory.game_name(record, words)
        wanted = [(c["seq"], c["better"]) for seat in analysis["seats"] for c in seat["costliest"]]
        pictures = await self._workers.run(move_pictures, export, wanted, names, notes, title, words.language)
        by_seq = {p.seq: p for p in pictures}
        answers = [Answer(texts.analysis_summary(title, analysis, names, words))]
        for seat in analysis["seats"]:
            mine = [by_seq[c["seq"]] for c in seat["costliest"] if c["seq"] in by_seq]
            files = tuple(Attachment(f"game-{record.id}-move-{p.seq}.png", p.png) for p in mine)
            whys = [why_words(p.why, words) for p in mine]
            answers.append(Answer(texts.analysis_seat(seat, names[seat["seat"]], whys, words), files))
        return answers

    async def _analysis(self, record: GameRecord, export: GameExport, progress: Progress) -> dict[str, Any]:
        start = time.perf_counter()
        seqs = await self._workers.run(judged_rows, export)
        step = max(1, math.ceil(len(seqs) / ANALYSIS_STEPS))
        judgements: list[Judgement] = []
        for done in range(0, len(seqs), step):
            part = seqs[done : done + step]
            judgements += await self._workers.run(judge_rows, export, part, budget=self.analysis_budget)
            await progress(min(99, 100 * (done + step) // len(seqs)))
        points = await self._workers.run(turning_points, export)
        analysis = report(export, judgements, points, time.perf_counter() - start)
        await self._store.save_analysis(record.id, record.version, analysis, self._now())
        return analysis

    # ---------------------------------------------------------------------------------- standings

    async def stats(self, guild_id: int, player: Player, *, words: Words) -> str:
        stats = await self._store.player_stats(guild_id, player, opponents=3)
        name = await self.player_name(guild_id, player, words)
        opponents = [await self.player_name(guild_id, o.player, words, o.number) for o in stats.opponents]
        return texts.stats_text(name, self._directory.guild_name(guild_id), stats, opponents, words)

    async def leaderboard(self, guild_id: int, page: int, asker: int, *, words: Words) -> Answer:
        """A page of the server's ratings in words and as a picture, with the asker's own rank below when
        they are not on it."""
        server = self._directory.guild_name(guild_id)
        offset = (page - 1) * LEADERBOARD_PAGE
        rows = await self._store.leaderboard(guild_id, limit=LEADERBOARD_PAGE + 1, offset=offset)
        if not rows:
            if page == 1:
                return Answer(texts.no_ratings(server, words))
            raise UserError(texts.no_leaderboard_page(page, words))
        more = page + 1 if len(rows) > LEADERBOARD_PAGE else None
        rows = rows[:LEADERBOARD_PAGE]
        names = [await self.player_name(guild_id, row.player, words) for row in rows]
        me = Player.person(asker)
        mine = None
        if all(row.player != me for row in rows):
            mine = texts.my_rank_line(await self._store.player_stats(guild_id, me, opponents=0), words)
        notes = {i: SeatNote(SeatMark.COMPUTER) for i, row in enumerate(rows) if row.player.is_computer}
        png = await asyncio.to_thread(
            render.leaderboard_png,
            rows,
            names,
            words=words,
            title=texts.leaderboard_title(server, words),
            notes=notes,
        )
        text = texts.leaderboard_text(server, rows, names, mine, more, words)
        return Answer(text, (Attachment("leaderboard.png", png),))

    # ---------------------------------------------------------------------------------- lists of games

    @staticmethod
    async def _views(records: Sequence[GameRecord]) -> list[PublicView]:
        return await asyncio.to_thread(lambda: [public_view(r.game()) for r in records])

    async def server_games(self, guild_id: int, *, words: Words) -> str:
        """The server's games in play (whose turn, since when), its open lobbies, its latest finished games
        with their winners."""
        running = await self._store.running_games(guild_id, limit=RUNNING_LISTED + 1)
        more = len(running) > RUNNING_LISTED
        running = running[:RUNNING_LISTED]
        lobbies = await self._store.games_of_guild(guild_id, statuses=(Status.LOBBY,))
        finished = await self._store.finished_games(guild_id, limit=FINISHED_LISTED)
        running_lines = []
        for record, view in zip(running, await self._views(running), strict=True):
            names = await self._directory.names_for(record, words)
            since = record.waiting_since or record.updated_at
            running_lines.append(
                texts.running_line(
                    record.id, f"<#{record.channel_id}>", view, names, since, record.paused, words
                )
            )
        lobby_lines = [texts.lobby_line(r.id, f"<#{r.channel_id}>", len(r.seats), words) for r in lobbies]
        finished_lines = []
        for game in finished:
            numbers = bot_numbers(game.results)
            placed = [
                (await self.player_name(guild_id, r.player or r.owner, words, numbers.get(r.seat, 1)), r)
                for r in game.results
            ]
            winners = [(name, r.score) for name, r in placed if r.won]
            others = [(name, r.score) for name, r in placed if not r.won]
            result = texts.winners_words(winners, others, words)
            finished_lines.append(
                texts.finished_line(game.game_id, f"<#{game.channel_id}>", game.ended_at, result, words)
            )
        server = self._directory.guild_name(guild_id)
        return texts.server_games_text(server, running_lines, more, lobby_lines, finished_lines, words)

    async def _jump(self, record: GameRecord) -> str:
        """A link to the game's latest post in its channel, else to the channel."""
        posts = await self._store.last_posts(record.id, 1)
        if not posts:
            return _channel_url(record)
        return post_link(record.guild_id, posts[0].channel_id, posts[0].message_id)

    async def my_games(self, user_id: int, *, words: Words) -> str:
        """The person's lobbies and games in play on every server: those awaiting them first, each with its
        deadline and a link to where it is played."""
        mine = await self._store.user_games(user_id)
        playing = [g.game for g in mine if g.game.status is Status.PLAYING]
        views = dict(zip([r.id for r in playing], await self._views(playing), strict=True))
        now = self._now()
        awaited, others, lobbies = [], [], []
        for entry in mine:
            record = entry.game
            title = await self._directory.game_name(record, words)
            link = await self._jump(record)
            if record.status is Status.LOBBY:
                lobbies.append(texts.my_lobby_line(title, len(record.seats), link, words))
            elif entry.awaited:
                due = await due_of(self._store, record, now)
                awaited.append(texts.awaited_line(title, views[record.id], due, record.paused, link, words))
            else:
                names = await self._directory.names_for(record, words)
                since = record.waiting_since or record.updated_at
                others.append(texts.others_line(title, views[record.id], names, since, link, words))
        return texts.my_games_text(awaited, others, lobbies, words)

    # ---------------------------------------------------------------------------------- autocomplete

    async def game_choices(self, guild_id: int, typed: str, *, words: Words) -> list[tuple[str, int]]:
        """The server's games for ``game:``, newest first, labelled; a typed number narrows them (and finds
        an older game by its number). Names and channels come from the caches only: autocomplete cannot
        wait for Discord."""
        typed = "".join(ch for ch in str(typed) if ch.isdigit())
        now = self._now()
        entries: dict[int, tuple[int, str, list[str]]] = {}
        for record in await self._store.running_games(guild_id, limit=CHOICES_EACH):
            entries[record.id] = (record.channel_id, words.gettext(texts.IN_PLAY), self._known_names(record))
        for game in await self._store.finished_games(guild_id, limit=CHOICES_EACH):
            numbers = bot_numbers(game.results)
            names = [
                self._known_player(guild_id, r.player or r.owner, numbers.get(r.seat, 1))
                for r in sorted(game.results, key=lambda r: r.seat)
            ]
            state = texts.finished_state(Status.FINISHED.value, texts.ago(now - game.ended_at, words), words)
            entries[game.game_id] = (game.channel_id, state, names)
        if typed and int(typed) not in entries:
            older = await self._typed_game(guild_id, int(typed))
            if older is not None:
                ended = None if older.ended_at is None else texts.ago(now - older.ended_at, words)
                state = texts.finished_state(older.status.value, ended, words)
                entries[older.id] = (older.channel_id, state, self._known_names(older))
        choices = []
        for number in sorted(entries, reverse=True):
            if typed and not str(number).startswith(typed):
                continue
            channel_id, state, names = entries[number]
            channel = self._directory.known_channel_name(channel_id)
            choices.append((texts.game_label(number, channel, state, names, words), number))
        return choices[:CHOICES_EACH]

    async def _typed_game(self, guild_id: int, number: int) -> GameRecord | None:
        """Game ``number`` if it is a started game of this server (autocomplete of an older game)."""
        try:
            record = await self._store.load_game(number)
        except GameNotFound:
            return None
        return record if record.guild_id == guild_id and record.seed is not None else None

    def _known_player(self, guild_id: int, player: Player, number: int = 1) -> str:
        if player.level is not None:
            return texts.computer_name(player.level, number)
        assert player.user_id is not None
        return self._directory.known_name(guild_id, player.user_id) or "?"

    def _known_names(self, record: GameRecord) -> list[str]:
        """One name per seat, as ``Directory.names_for`` gives them, from the caches only."""
        people = players_of(record)
        bots = computer_names(record.seats)
        return [
            self._known_player(record.guild_id, Player.person(people[s.seat]))
            if s.seat in people
            else bots.get(s.seat, texts.computer_name(s.level or "normal"))
            for s in record.seats
        ]


def bot_numbers(results: Iterable[SeatResult]) -> dict[int, int]:
    """Each computer seat's place among the game's computer seats of its level, in seat order (its name
    is "Bot 2 (hard)" for the second), as the game named them."""
    levels = ((r.seat, (r.player or r.owner).level) for r in sorted(results, key=lambda r: r.seat))
    return computer_numbers((seat, level) for seat, level in levels if level is not None)
