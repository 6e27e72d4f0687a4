-- Games, their seats and their action logs.
-- Times are integer Unix seconds given by the caller; Discord ids are integers.

CREATE TABLE games (
    id              INTEGER PRIMARY KEY AUTOINCREMENT,   -- never reused: old buttons carry it
    guild_id        INTEGER NOT NULL,
    channel_id      INTEGER NOT NULL,              -- the channel or thread the game lives in
    creator_id      INTEGER NOT NULL,
    status          TEXT    NOT NULL DEFAULT 'lobby'
                    CHECK (status IN ('lobby', 'playing', 'finished', 'abandoned')),
    board           TEXT    NOT NULL DEFAULT 'standard',
    english         INTEGER NOT NULL DEFAULT 0 CHECK (english IN (0, 1)),
    open_scoring    INTEGER NOT NULL DEFAULT 0 CHECK (open_scoring IN (0, 1)),
    conflict_hours  REAL    NOT NULL CHECK (conflict_hours > 0),
    reminder_hours  REAL    NOT NULL CHECK (reminder_hours > 0),
    players         INTEGER CHECK (players BETWEEN 2 AND 4),   -- set when the game starts
    seed            INTEGER,                                   -- set when the game starts
    position        TEXT,                                      -- the engine's position after the last action
    version         INTEGER NOT NULL DEFAULT 0,                -- the number of actions in the log
    seat_to_act     INTEGER,                                   -- the seat the game waits on; NULL unless playing
    created_at      INTEGER NOT NULL,
    started_at      INTEGER,
    updated_at      INTEGER NOT NULL,
    ended_at        INTEGER,                                   -- finished or abandoned
    CHECK (status = 'lobby' OR status = 'abandoned' OR (seed IS NOT NULL AND position IS NOT NULL))
);

-- One lobby or running game per channel or thread.
CREATE UNIQUE INDEX games_active_channel ON games (channel_id) WHERE status IN ('lobby', 'playing');
CREATE INDEX games_guild ON games (guild_id, status);

CREATE TABLE seats (
    game_id    INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seat       INTEGER NOT NULL CHECK (seat BETWEEN 0 AND 3),
    user_id    INTEGER NOT NULL,
    dynasty    TEXT,
    joined_at  INTEGER NOT NULL,
    PRIMARY KEY (game_id, seat),
    UNIQUE (game_id, user_id)
) WITHOUT ROWID;

CREATE INDEX seats_user ON seats (user_id, game_id);
CREATE UNIQUE INDEX seats_dynasty ON seats (game_id, dynasty) WHERE dynasty IS NOT NULL;

-- The source of truth: the seed plus these actions replay to games.position.
CREATE TABLE actions (
    game_id  INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seq      INTEGER NOT NULL CHECK (seq >= 1),               -- 1, 2, 3, ... per game
    seat     INTEGER NOT NULL,
    action   TEXT    NOT NULL,                                -- the engine's notation
    at       INTEGER NOT NULL,
    PRIMARY KEY (game_id, seq)
) WITHOUT ROWID;
