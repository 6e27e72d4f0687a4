-- Issue 19: the language a game's channel posts are written in, and each person's language.

-- Chosen with /te new language: (default: the server's preferred locale when the bot speaks it, else English).
-- Games saved before it post in English, as they always did.
ALTER TABLE games ADD COLUMN language TEXT NOT NULL DEFAULT 'en';

-- A person's language for replies and DMs: ``chosen`` with /te settings language: (NULL: auto, follow
-- Discord), else ``discord_locale``, the Discord locale of their latest interaction, kept so that a DM sent
-- at a deadline, with no interaction at hand, is written in it. Codes are not checked here: a language the
-- bot no longer speaks reads as unknown, and the next level decides.
CREATE TABLE person_languages (
    user_id         BIGINT NOT NULL PRIMARY KEY,
    chosen          TEXT,
    discord_locale  TEXT,
    updated_at      BIGINT NOT NULL
);
