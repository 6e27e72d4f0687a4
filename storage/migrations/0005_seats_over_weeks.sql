-- Issues 9 and 12: a seat is held by a person or by the computer player, may be away, may change hands;
-- seat_owners keeps who held which seat when, and why.

-- SQLite cannot drop the NOT NULL of seats.user_id in place: the table is rebuilt with the same rows.
CREATE TABLE seats_new (
    game_id      INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seat         INTEGER NOT NULL CHECK (seat BETWEEN 0 AND 3),
    user_id      INTEGER,                                     -- the person holding it; NULL: the computer
    level        TEXT CHECK (level IN ('easy', 'normal', 'hard')),   -- the computer player's; NULL: a person
    dynasty      TEXT,
    joined_at    INTEGER NOT NULL,                            -- when its current holder took it
    away_since   INTEGER,                                     -- NULL: present (R31)
    away_until   INTEGER,                                     -- the end of an announced absence; NULL: none
    away_cover   INTEGER NOT NULL DEFAULT 0 CHECK (away_cover IN (0, 1)),   -- its turns are played for it
    resigned_by  INTEGER,                                     -- the person who resigned it (R33), while the
    resigned_at  INTEGER,                                     -- computer plays it
    PRIMARY KEY (game_id, seat),
    UNIQUE (game_id, user_id),                                -- NULLs are distinct: many computer seats
    CHECK ((user_id IS NULL) <> (level IS NULL)),
    CHECK (away_since IS NULL OR user_id IS NOT NULL),
    -- present: nothing else set; away: either covered (played for it) or until a known end (a vacation)
    CHECK (away_since IS NOT NULL OR (away_until IS NULL AND away_cover = 0)),
    CHECK (away_since IS NULL OR away_cover = 1 OR away_until IS NOT NULL),
    CHECK ((resigned_by IS NULL) = (resigned_at IS NULL)),
    CHECK (resigned_by IS NULL OR level IS NOT NULL)
) WITHOUT ROWID;
INSERT INTO seats_new (game_id, seat, user_id, dynasty, joined_at)
    SELECT game_id, seat, user_id, dynasty, joined_at FROM seats;
DROP TABLE seats;
ALTER TABLE seats_new RENAME TO seats;
CREATE INDEX seats_user ON seats (user_id, game_id);
CREATE UNIQUE INDEX seats_dynasty ON seats (game_id, dynasty) WHERE dynasty IS NOT NULL;

-- Who held each seat of a started game, from when until when, and why they got it: 'joined' (seated at
-- the start), 'replaced' (R33, by_user_id handed it over), 'resigned' (R33, the computer took it from
-- by_user_id). Lobby seats move up when someone leaves, so the history starts with the game.
CREATE TABLE seat_owners (
    id          INTEGER PRIMARY KEY,
    game_id     INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seat        INTEGER NOT NULL CHECK (seat BETWEEN 0 AND 3),
    user_id     INTEGER,
    level       TEXT CHECK (level IN ('easy', 'normal', 'hard')),
    reason      TEXT    NOT NULL CHECK (reason IN ('joined', 'replaced', 'resigned')),
    by_user_id  INTEGER,
    since       INTEGER NOT NULL,
    until       INTEGER,                                      -- NULL: holds it now
    CHECK ((user_id IS NULL) <> (level IS NULL)),
    CHECK (until IS NULL OR until >= since)
);
CREATE INDEX seat_owners_user ON seat_owners (game_id, user_id);
CREATE UNIQUE INDEX seat_owners_current ON seat_owners (game_id, seat) WHERE until IS NULL;
INSERT INTO seat_owners (game_id, seat, user_id, reason, since)
    SELECT s.game_id, s.seat, s.user_id, 'joined', s.joined_at
    FROM seats AS s JOIN games AS g ON g.id = s.game_id
    WHERE g.started_at IS NOT NULL
    ORDER BY s.game_id, s.seat;
