-- Issue 8: timers that fail are retried with backoff, then set aside; games remember what was shown;
-- the newest game of a channel is one index lookup.

-- A failing timer: its tries so far, the last error, and when it was set aside (never due again until a
-- manager puts it back). Due timers are read through a partial index that leaves set-aside ones out.
ALTER TABLE timers ADD COLUMN attempts BIGINT NOT NULL DEFAULT 0 CHECK (attempts >= 0);
ALTER TABLE timers ADD COLUMN last_error TEXT;
ALTER TABLE timers ADD COLUMN set_aside_at BIGINT;
DROP INDEX timers_due;
CREATE INDEX timers_due ON timers (due_at, id) WHERE set_aside_at IS NULL;
CREATE INDEX timers_set_aside ON timers (set_aside_at, id) WHERE set_aside_at IS NOT NULL;

-- The version the channel and the DMs have been shown: -1 until the start is shown. Games saved before
-- this migration were shown by the program that saved them.
ALTER TABLE games ADD COLUMN presented_version BIGINT NOT NULL DEFAULT -1;
UPDATE games SET presented_version = version WHERE status <> 'lobby';
CREATE INDEX games_unpresented ON games (id)
    WHERE presented_version < version AND status IN ('playing', 'finished');

-- The newest game of a channel with a given status: max(id) of one index range (rowid ends each entry).
CREATE INDEX games_channel ON games (channel_id, status);
