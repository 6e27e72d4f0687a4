-- Issue 9: who made each action (R31), and undo as a row of the log (R32): the log only grows.

-- A person (actor_user_id), the rule's default at a deadline, or the computer player (actor_level).
-- Actions saved before this migration have no actor (NULL): nobody recorded it.
ALTER TABLE actions ADD COLUMN actor_kind TEXT CHECK (actor_kind IN ('person', 'deadline', 'computer'));
-- per engine: actor_user_id and actor_level, whose checks compare with NULL as each engine spells it
-- (SQLite's IS, PostgreSQL's IS NOT DISTINCT FROM)
-- An undo row (action 'undo') names the row it takes back; that row names the undo that took it back.
-- The engine replays the other rows only (Store.effective_actions).
ALTER TABLE actions ADD COLUMN undoes BIGINT
    CHECK ((undoes IS NOT NULL) = (action = 'undo') AND (undoes IS NULL OR undoes < seq));
ALTER TABLE actions ADD COLUMN taken_back_by BIGINT CHECK (taken_back_by IS NULL OR taken_back_by > seq);
