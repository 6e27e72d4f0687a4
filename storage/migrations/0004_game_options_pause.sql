-- Issues 9 and 12: the options of a game played over weeks, and pausing a game.

-- New games get their options from the store (Options: turn_hours 48, away_minutes 60, ...). Games saved
-- before this migration had no turn deadline and keep none (turn_hours 0): a game in play must not start
-- timing its players out after an upgrade, and a lobby's players joined a game announced without one.
ALTER TABLE games ADD COLUMN turn_hours DOUBLE PRECISION NOT NULL DEFAULT 48 CHECK (turn_hours >= 0);   -- 0: no deadline
UPDATE games SET turn_hours = 0;
ALTER TABLE games ADD COLUMN away_minutes DOUBLE PRECISION NOT NULL DEFAULT 60 CHECK (away_minutes >= 0);
ALTER TABLE games ADD COLUMN hints BIGINT NOT NULL DEFAULT 0 CHECK (hints IN (0, 1));
-- The level of the computer player that plays timed-out, away, resigned and replaced seats (R30, R31, R33).
ALTER TABLE games ADD COLUMN computer_level TEXT NOT NULL DEFAULT 'normal'
    CHECK (computer_level IN ('easy', 'normal', 'hard'));
-- 2015-edition options (R28, R29), stored for the engine that will play them.
ALTER TABLE games ADD COLUMN buildings BIGINT NOT NULL DEFAULT 0 CHECK (buildings IN (0, 1));
ALTER TABLE games ADD COLUMN wonder BIGINT NOT NULL DEFAULT 0 CHECK (wonder IN (0, 1));

-- A paused game (NULL: running) holds its timers except the kinds listed in pause_keeps (a JSON array):
-- a held timer is never due, and resuming moves it later by the time it was held, so nobody loses the
-- time the game stood still.
ALTER TABLE games ADD COLUMN paused_at BIGINT CHECK (paused_at IS NULL OR status = 'playing');
-- per engine: games.pause_keeps, whose JSON check each engine spells its own way
ALTER TABLE timers ADD COLUMN held_since BIGINT;   -- NULL: live; else held by the game's pause since then
DROP INDEX timers_due;
CREATE INDEX timers_due ON timers (due_at, id) WHERE set_aside_at IS NULL AND held_since IS NULL;
