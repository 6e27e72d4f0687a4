-- Issue 22: a finished game's post-game analysis (/te history analyse), kept once computed: it takes a minute
-- of CPU and a finished game never changes. The analysis is the JSON object ``ai.analysis`` returns, kept for
-- the game's version it was made from (a finished game's version is final).
CREATE TABLE game_analyses (
    game_id     INTEGER NOT NULL PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
    version     INTEGER NOT NULL CHECK (version >= 0),
    made_at     INTEGER NOT NULL,
    analysis    TEXT    NOT NULL CHECK (json_valid(analysis) AND json_type(analysis) = 'object')
);
