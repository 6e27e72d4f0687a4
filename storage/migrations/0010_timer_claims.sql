-- Issue 14: several processes share one database; a due timer is claimed by one of them for a while (a lease)
-- before it fires, so that exactly one fires it, and a process that dies mid-timer leaves it to another once
-- the lease has run out. NULL: not claimed.
ALTER TABLE timers ADD COLUMN claimed_by TEXT;
ALTER TABLE timers ADD COLUMN claimed_until BIGINT;
