-- Issue 14: the timer loop wakes when a claim runs out (a process died mid-timer, or a failure it could not
-- save holds the timer back): the earliest claimed_until is read on every pass, so it is an index search.
-- Only claimed rows are in it (a few at a time: a claim ends when its timer is answered).
CREATE INDEX timers_claimed ON timers (claimed_until) WHERE claimed_until IS NOT NULL;
