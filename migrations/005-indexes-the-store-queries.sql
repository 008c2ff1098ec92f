-- event-harness: indexes for the queries the store runs, and none that no query reads (docs/scaling.md).
-- Every journal query of the admin API (GET /events and its filters, deletions, audiences) is answered by each
-- node's in-memory mirror, never by SQL; the SQL on journal_entries is the catch-up (run_id, change_seq >),
-- the count trim (run_id ORDER BY change_seq DESC), the reset (run_id) and the age trim (run_id, recorded_at).
-- The primary key (run_id, change_seq) and journal_entries_age serve them all (test/core/store/store-indexes.test.ts
-- checks each plan at 100,000 rows). The four indexes below were written on every insert and read by no query:
-- they cost a third of PostgreSQL's CPU per journal row.
DROP INDEX IF EXISTS journal_entries_change_seq;
DROP INDEX IF EXISTS journal_entries_user;
DROP INDEX IF EXISTS journal_entries_type;
DROP INDEX IF EXISTS journal_entries_write_key;
-- A delivery's catch-up reads one run's rows changed since a change_seq: by run first, so other runs' rows
-- are not walked (deliveries_change_seq was global). The lease index without run_id served no query either:
-- the sweep reads one run's pending walks through deliveries_due.
CREATE INDEX IF NOT EXISTS deliveries_run_change_seq ON deliveries (run_id, change_seq);
DROP INDEX IF EXISTS deliveries_change_seq;
DROP INDEX IF EXISTS deliveries_lease;
