-- Issue 19, item 5: what a message shows lives in rows, never read back from the message's text, so that a
-- message edited later is written again in its reader's language.

-- One row per DM about a game: its kind ('turn', 'prompt', 'reminder', ...) and the facts its own text is
-- made of (a JSON object: the turn, the deadline, the catch-up's posts, the position a prompt asked about,
-- ...), whether it carries its reader's hand, the newer DM that carries it now (its hand is then a line
-- pointing there), and the note added once it was closed (an English catalogue message, translated when
-- shown, and the answer that closed it in the notation, for its {choice}). Edited later, the DM is made
-- again from this row in its reader's language.
-- per engine: the table direct_messages (its JSON check)

-- A game's rows go with it (the foreign key's cascade reads them by game).
CREATE INDEX direct_messages_game ON direct_messages (game_id, user_id);

-- Whether a channel post carries the board picture: a turn's post is extended by editing it only while it
-- does not (decided from the rows, not from the message). Posts made before this are taken to carry one, so
-- the next action makes a new post rather than editing one whose picture it cannot see.
ALTER TABLE game_posts ADD COLUMN board BIGINT NOT NULL DEFAULT 0 CHECK (board IN (0, 1));
UPDATE game_posts SET board = 1;
