-- Issue 13: the results of finished games and each server's ratings, for stats, the leaderboard and the
-- games lists. Written in the transaction that finishes a game; games finished before this migration get
-- theirs from their final position right after these statements (storage.results.backfill, same
-- transaction). Abandoned games have no results and never count.

-- per engine: the tables results and ratings (identity columns on PostgreSQL)

-- A player's results on a server (stats, most-met opponents): one index range per player, covering.
CREATE INDEX results_person ON results (guild_id, user_id, game_id, seat, place, score, resigned_by)
    WHERE user_id IS NOT NULL;
CREATE INDEX results_computer ON results (guild_id, level, game_id, seat, place, score, resigned_by)
    WHERE level IS NOT NULL;

-- Each server's ratings (storage/rating.py): one row per person and one per computer level that finished a
-- game there. Always the replay of the results in the order the games ended (Store.recompute_ratings).
CREATE UNIQUE INDEX ratings_person ON ratings (guild_id, user_id) WHERE user_id IS NOT NULL;
CREATE UNIQUE INDEX ratings_computer ON ratings (guild_id, level) WHERE level IS NOT NULL;
CREATE INDEX ratings_board ON ratings (guild_id, rating DESC);

-- A server's games by status, and its recently finished games newest first: one range, read in order. It
-- replaces games_guild (guild_id, status), its prefix, which the planner preferred for the finished games,
-- then sorting all of them.
CREATE INDEX games_guild_ended ON games (guild_id, status, ended_at);
DROP INDEX games_guild;
