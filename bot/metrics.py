"""What a running bot counts for monitoring (issue 21), in Prometheus's terms (prometheus-client).

One registry per process, counted always (a call costs about a microsecond: benchmarks/bench_metrics.py) and
served only when ``METRICS_PORT`` is set (``bot.health``). The rooms call the functions
below, one line at each place that counts something, so that this module is the only one that knows the
metrics' names:

- ``tigris_games_in_play`` (gauge): set from the database whenever /metrics is read;
- ``tigris_actions_total{by}`` (counter): saved actions, by a person, the computer player or a deadline;
- ``tigris_command_seconds{command}`` (histogram): slash commands and autocomplete, from arrival to answer;
- ``tigris_timer_lag_seconds`` (histogram): from a timer's due time to its firing;
- ``tigris_errors_total{kind}`` (counter): unexpected errors: command, database, timer, presentation;
- ``tigris_worker_queue{worker}`` (gauge): jobs waiting for or running in a worker process.
"""

from __future__ import annotations

from importlib import metadata

from prometheus_client import CollectorRegistry, Counter, Gauge, Histogram, generate_latest

# Slash commands answer in milliseconds; one that defers may take seconds (a replay, a hard hint).
COMMAND_BUCKETS = (0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30)
# Timers fire within a second of being due unless the loop or the database is behind.
LAG_BUCKETS = (0.5, 1, 2, 5, 10, 30, 60, 300, 900, 3600)
ERROR_KINDS = ("command", "database", "timer", "presentation")
ACTORS = ("person", "computer", "deadline")

REGISTRY = CollectorRegistry(auto_describe=True)
GAMES_IN_PLAY = Gauge("tigris_games_in_play", "Games in play (read from the database)", registry=REGISTRY)
ACTIONS = Counter("tigris_actions", "Actions saved, by who made them", ["by"], registry=REGISTRY)
COMMAND_SECONDS = Histogram(
    "tigris_command_seconds",
    "Seconds from a slash command's or autocomplete's arrival to its end",
    ["command"],
    buckets=COMMAND_BUCKETS,
    registry=REGISTRY,
)
TIMER_LAG = Histogram(
    "tigris_timer_lag_seconds",
    "Seconds from a timer's due time to its firing",
    buckets=LAG_BUCKETS,
    registry=REGISTRY,
)
ERRORS = Counter("tigris_errors", "Unexpected errors, by where they happened", ["kind"], registry=REGISTRY)
WORKER_QUEUE = Gauge(
    "tigris_worker_queue", "Jobs waiting for or running in a worker process", ["worker"], registry=REGISTRY
)
for _label in ACTORS:  # every series exists from the start, at 0, so a rate() has something to read
    ACTIONS.labels(_label)
for _label in ERROR_KINDS:
    ERRORS.labels(_label)


def version() -> str:
    """This program's version, for /healthz and the JSON logs."""
    try:
        return metadata.version("tigris-bot")
    except metadata.PackageNotFoundError:
        return "unknown"


def action_saved(by: str) -> None:
    """An action was saved; ``by`` is its actor's kind (person, computer, deadline)."""
    ACTIONS.labels(by).inc()


def command_finished(command: str, seconds: float) -> None:
    COMMAND_SECONDS.labels(command).observe(seconds)


def timer_fired(lag_seconds: float) -> None:
    TIMER_LAG.observe(max(0.0, lag_seconds))


def error(kind: str) -> None:
    """An unexpected error (one of ``ERROR_KINDS``), besides its logged traceback."""
    ERRORS.labels(kind).inc()


def worker_jobs(worker: str, change: int) -> None:
    """A job was queued (+1) for, or finished (-1) in, the worker process ``worker``."""
    WORKER_QUEUE.labels(worker).inc(change)


def games_in_play(count: int) -> None:
    GAMES_IN_PLAY.set(count)


def exposition() -> bytes:
    """Every metric in Prometheus's text format."""
    return generate_latest(REGISTRY)
