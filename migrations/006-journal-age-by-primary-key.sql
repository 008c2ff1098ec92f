-- event-harness: the age trim reads the run's oldest rows by the primary key (run_id, change_seq) instead of an index
-- on (run_id, recorded_at): rows are appended in time order, so the oldest by change_seq are the oldest by time.
-- The index was written on every journal insert for a query that runs only with journal.maxAgeMs set: about a tenth
-- of PostgreSQL's CPU per row of a commit (docs/scaling.md).
DROP INDEX IF EXISTS journal_entries_age;
