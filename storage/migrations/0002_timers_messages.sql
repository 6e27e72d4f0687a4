-- Timers (deadlines, reminders) and the Discord messages the bot edits later.

-- per engine: the tables timers (an identity column, a JSON check) and messages (WITHOUT ROWID on SQLite)

CREATE INDEX timers_due ON timers (due_at, id);
CREATE INDEX timers_game ON timers (game_id);
