-- Issue 13: the results of finished games and each server's ratings, for stats, the leaderboard and the
-- games lists. Written in the transaction that finishes a game; games finished before this migration get
-- theirs from their final position right after these statements (storage.results.backfill, same
-- transaction). Abandoned games have no results and never count.

CREATE TABLE results (
    id             INTEGER PRIMARY KEY,                     -- the order results were saved: games are rated
                                                            -- in this order (Store.recompute_ratings)
    game_id        INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seat           INTEGER NOT NULL CHECK (seat BETWEEN 0 AND 3),
    guild_id       INTEGER NOT NULL,                        -- the game's, so stats read one server's rows
    ended_at       INTEGER NOT NULL,
    players        INTEGER NOT NULL CHECK (players BETWEEN 2 AND 4),
    owner_user_id  INTEGER,                                 -- who held the seat at the end: a person,
    owner_level    TEXT CHECK (owner_level IN ('easy', 'normal', 'hard')),   -- or the computer player
    resigned_by    INTEGER,                                 -- R33: who resigned it (the computer finished it)
    replaced       INTEGER NOT NULL CHECK (replaced IN (0, 1)),   -- R33: handed over during the game
    user_id        INTEGER,                                 -- whom the result counts for: a person, or
    level          TEXT CHECK (level IN ('easy', 'normal', 'hard')),   -- the computer player at a level;
                                                            -- both NULL: nobody (see storage/results.py)
    place          INTEGER NOT NULL CHECK (place BETWEEN 1 AND 4),    -- tied players share a place (R24)
    score          INTEGER NOT NULL,                        -- the weakest colour, treasures added (R24)
    red            INTEGER NOT NULL,                        -- final points per colour, treasures added
    blue           INTEGER NOT NULL,
    green          INTEGER NOT NULL,
    black          INTEGER NOT NULL,
    treasures      INTEGER NOT NULL,
    rating_change  REAL,                                    -- what the game did to the rating; NULL: unrated
    UNIQUE (game_id, seat),
    CHECK ((owner_user_id IS NULL) <> (owner_level IS NULL)),
    CHECK (user_id IS NULL OR level IS NULL),
    CHECK ((rating_change IS NULL) OR (user_id IS NOT NULL OR level IS NOT NULL))
);
-- A player's results on a server (stats, most-met opponents): one index range per player, covering.
CREATE INDEX results_person ON results (guild_id, user_id, game_id, seat, place, score, resigned_by)
    WHERE user_id IS NOT NULL;
CREATE INDEX results_computer ON results (guild_id, level, game_id, seat, place, score, resigned_by)
    WHERE level IS NOT NULL;

-- Each server's ratings (storage/rating.py): one row per person and one per computer level that finished a
-- game there. Always the replay of the results in the order the games ended (Store.recompute_ratings).
CREATE TABLE ratings (
    id            INTEGER PRIMARY KEY,
    guild_id      INTEGER NOT NULL,
    user_id       INTEGER,                                  -- a person; NULL: the computer player at level
    level         TEXT CHECK (level IN ('easy', 'normal', 'hard')),
    rating        REAL    NOT NULL,
    games         INTEGER NOT NULL CHECK (games >= 1),
    wins          INTEGER NOT NULL CHECK (wins BETWEEN 0 AND games),
    last_game_at  INTEGER NOT NULL,
    CHECK ((user_id IS NULL) <> (level IS NULL))
);
CREATE UNIQUE INDEX ratings_person ON ratings (guild_id, user_id) WHERE user_id IS NOT NULL;
CREATE UNIQUE INDEX ratings_computer ON ratings (guild_id, level) WHERE level IS NOT NULL;
CREATE INDEX ratings_board ON ratings (guild_id, rating DESC);

-- A server's games by status, and its recently finished games newest first: one range, read in order. It
-- replaces games_guild (guild_id, status), its prefix, which the planner preferred for the finished games,
-- then sorting all of them.
CREATE INDEX games_guild_ended ON games (guild_id, status, ended_at);
DROP INDEX games_guild;
