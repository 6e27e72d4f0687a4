-- PostgreSQL twin of ../0011_timer_claims_index.sql: same number, same tables, columns and indexes.
-- Issue 14: the timer loop wakes when a claim runs out; only claimed rows are in the index.
CREATE INDEX timers_claimed ON timers (claimed_until) WHERE claimed_until IS NOT NULL;
