-- When a run was last used by any node (wall ms), so idle expiry sees use through every replica, and a NOTIFY
-- channel (event_harness_runs) on which nodes learn of runs other nodes add and remove (docs/scaling.md).
ALTER TABLE run_records ADD COLUMN last_used_at bigint;
UPDATE run_records SET last_used_at = (extract(epoch FROM created_at::timestamptz) * 1000)::bigint;
ALTER TABLE run_records ALTER COLUMN last_used_at SET NOT NULL;
CREATE INDEX run_records_last_used_at ON run_records (last_used_at);
