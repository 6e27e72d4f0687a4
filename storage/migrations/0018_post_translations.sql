-- Issue 19: a channel post's lines in the other languages its players read, so that a DM's "since your last
-- turn" and /te log quote the channel in the reader's own language. A JSON object, language code → its
-- lines; NULL for posts made before it (they are quoted as the channel read them).
ALTER TABLE game_posts ADD COLUMN translations TEXT;
