-- Timers (deadlines, reminders) and the Discord messages the bot edits later.

CREATE TABLE timers (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,   -- never reused: the bot may hold an old id
    game_id     INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    kind        TEXT    NOT NULL CHECK (kind <> ''),          -- e.g. 'deadline', 'reminder'
    seat        INTEGER,
    due_at      INTEGER NOT NULL,
    payload     TEXT    NOT NULL DEFAULT '{}' CHECK (json_valid(payload)),
    created_at  INTEGER NOT NULL
);

CREATE INDEX timers_due ON timers (due_at, id);
CREATE INDEX timers_game ON timers (game_id);

-- user_id 0 means a message of the whole game (the latest board); otherwise a player's (hand panel, prompt).
CREATE TABLE messages (
    game_id     INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    kind        TEXT    NOT NULL CHECK (kind <> ''),          -- e.g. 'board', 'hand', 'prompt'
    user_id     INTEGER NOT NULL DEFAULT 0,
    channel_id  INTEGER NOT NULL,
    message_id  INTEGER NOT NULL,
    updated_at  INTEGER NOT NULL,
    PRIMARY KEY (game_id, kind, user_id)
) WITHOUT ROWID;

