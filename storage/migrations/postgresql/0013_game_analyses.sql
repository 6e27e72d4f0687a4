-- PostgreSQL twin of ../0013_game_analyses.sql: same number, same tables, columns and indexes.
-- Issue 22: a finished game's post-game analysis (/te history analyse), kept once computed: it takes a minute
-- of CPU and a finished game never changes. The analysis is the JSON object ``ai.analysis`` returns, kept for
-- the game's version it was made from (a finished game's version is final).
CREATE TABLE game_analyses (
    game_id     BIGINT NOT NULL PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
    version     BIGINT NOT NULL CHECK (version >= 0),
    made_at     BIGINT NOT NULL,
    analysis    TEXT   NOT NULL CHECK (analysis::jsonb IS NOT NULL AND json_typeof(analysis::json) = 'object')
);
