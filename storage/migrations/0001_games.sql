-- Games, their seats and their action logs.
-- Times are integer Unix seconds given by the caller; Discord ids are integers.

-- per engine: the tables games, seats and actions (a game's id is SQLite's AUTOINCREMENT rowid or a
-- PostgreSQL identity column; seats and actions are WITHOUT ROWID tables on SQLite)

-- One lobby or running game per channel or thread.
CREATE UNIQUE INDEX games_active_channel ON games (channel_id) WHERE status IN ('lobby', 'playing');
CREATE INDEX games_guild ON games (guild_id, status);

CREATE INDEX seats_user ON seats (user_id, game_id);
CREATE UNIQUE INDEX seats_dynasty ON seats (game_id, dynasty) WHERE dynasty IS NOT NULL;
