-- PostgreSQL twin of ../0014_presentation_steps.sql: same number, same tables, columns and indexes.
-- Issue 17: each step of showing a version (the channel post, each DM, each hand edit, closing the prompts) is
-- recorded as it completes, so a version shown again after a crash does only the steps not recorded.

-- One row per step begun or done. A message being sent is begun first with a hash of its text (done_at NULL):
-- if Discord accepted it just before a crash, it is found among the bot's messages sent since started_at
-- rather than sent again. A done step keeps the message it sent or edited (NULL: nothing to send, or
-- refused), and the hand panel its DM replaced (whose hand is cut to a pointer, a step of its own). The rows
-- of a game go when a version is marked shown (Store.mark_presented): only versions being shown have any.
CREATE TABLE presentation_steps (
    game_id             BIGINT NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    version             BIGINT NOT NULL CHECK (version >= 0),
    step                TEXT   NOT NULL CHECK (step <> ''),
    started_at          BIGINT NOT NULL,
    content_hash        TEXT,
    done_at             BIGINT,
    channel_id          BIGINT,
    message_id          BIGINT,
    replaced_channel_id BIGINT,
    replaced_message_id BIGINT,
    PRIMARY KEY (game_id, version, step)
);
