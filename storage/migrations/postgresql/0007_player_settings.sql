-- PostgreSQL twin of ../0007_player_settings.sql: same number, same tables, columns and indexes.
-- Issues 9 (R34) and 10: a player's settings, for one game or as their default for every game.

-- game_id 0 is the player's default; a NULL setting is not set at that level (the next level decides:
-- the game's row, then the default row, then the built-in default).
CREATE TABLE player_settings (
    user_id      BIGINT NOT NULL,
    game_id      BIGINT NOT NULL DEFAULT 0,
    dm           TEXT CHECK (dm IN ('all', 'turn', 'none')),
    auto_forced  BIGINT CHECK (auto_forced IN (0, 1)),
    PRIMARY KEY (user_id, game_id),
    CHECK (dm IS NOT NULL OR auto_forced IS NOT NULL)
);
