-- Issue 10: what each game's channel was told, post by post, for the turn DM's catch-up and /te log.

-- One row per channel post about a game in play: the public sentences it told, the game's version once it
-- was posted (the post shows that version), and the seat whose turn it ended, if one did (a player's
-- catch-up starts after the post that ended their last turn). The lines are the bot's own words, kept as
-- posted: the log reads the same however names change later.
-- per engine: the table game_posts (WITHOUT ROWID and its JSON check)

CREATE INDEX game_posts_turn_of ON game_posts (game_id, turn_of, seq) WHERE turn_of IS NOT NULL;
