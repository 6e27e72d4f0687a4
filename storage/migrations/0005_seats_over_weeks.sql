-- Issues 9 and 12: a seat is held by a person or by the computer player, may be away, may change hands;
-- seat_owners keeps who held which seat when, and why.

-- SQLite cannot drop the NOT NULL of seats.user_id in place: the table is rebuilt with the same rows (on
-- PostgreSQL too, to keep both in step).
-- per engine: the tables seats_new (WITHOUT ROWID on SQLite) and seat_owners (an identity column)
INSERT INTO seats_new (game_id, seat, user_id, dynasty, joined_at)
    SELECT game_id, seat, user_id, dynasty, joined_at FROM seats;
DROP TABLE seats;
ALTER TABLE seats_new RENAME TO seats;
CREATE INDEX seats_user ON seats (user_id, game_id);
CREATE UNIQUE INDEX seats_dynasty ON seats (game_id, dynasty) WHERE dynasty IS NOT NULL;

-- Who held each seat of a started game, from when until when, and why they got it: 'joined' (seated at
-- the start), 'replaced' (R33, by_user_id handed it over), 'resigned' (R33, the computer took it from
-- by_user_id). Lobby seats move up when someone leaves, so the history starts with the game.
CREATE INDEX seat_owners_user ON seat_owners (game_id, user_id);
CREATE UNIQUE INDEX seat_owners_current ON seat_owners (game_id, seat) WHERE until IS NULL;
INSERT INTO seat_owners (game_id, seat, user_id, reason, since)
    SELECT s.game_id, s.seat, s.user_id, 'joined', s.joined_at
    FROM seats AS s JOIN games AS g ON g.id = s.game_id
    WHERE g.started_at IS NOT NULL
    ORDER BY s.game_id, s.seat;
