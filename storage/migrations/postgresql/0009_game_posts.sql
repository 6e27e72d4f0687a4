-- PostgreSQL twin of ../0009_game_posts.sql: same number, same tables, columns and indexes.
-- Issue 10: what each game's channel was told, post by post, for the turn DM's catch-up and /te log.

-- One row per channel post about a game in play: the public sentences it told, the game's version once it
-- was posted (the post shows that version), and the seat whose turn it ended, if one did (a player's
-- catch-up starts after the post that ended their last turn). The lines are the bot's own words, kept as
-- posted: the log reads the same however names change later.
CREATE TABLE game_posts (
    game_id     BIGINT NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seq         BIGINT NOT NULL CHECK (seq > 0),          -- 1, 2, ... within the game
    version     BIGINT NOT NULL CHECK (version >= 0),
    turn_of     BIGINT,
    channel_id  BIGINT NOT NULL,
    message_id  BIGINT NOT NULL,
    posted_at   BIGINT NOT NULL,
    lines       TEXT    NOT NULL CHECK (lines::jsonb IS NOT NULL AND json_typeof(lines::json) = 'array'),
    PRIMARY KEY (game_id, seq)
);

CREATE INDEX game_posts_turn_of ON game_posts (game_id, turn_of, seq) WHERE turn_of IS NOT NULL;
