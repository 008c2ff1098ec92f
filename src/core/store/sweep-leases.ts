import type pg from 'pg';

/**
 * $1 run, $2 delivery, $3 walk, $4 the claiming process (node id and a tag per process), $5 lease (ms). A walk is
 * keyed by the attempts recorded before it. A process wins a higher walk than any claimed while no lease runs, or
 * takes over the same walk once its lease ran out (its process died mid-walk); a walk that ended (its lease let go)
 * is never walked again under the same key, whatever a node's stale mirror says. A lease of another process still
 * set when a claim wins is one whose walk never ended: `taken_over` (its request may have been sent;
 * migrations/008). A process may claim again a walk it holds itself: its first claim's answer was lost (a query
 * timeout while PostgreSQL hung), so it never walked it.
 */
export const claimWalkSql = `UPDATE deliveries SET walk = $3, lease_owner = $4,
    lease_until = now() + $5 * interval '1 millisecond',
    taken_over = lease_until IS NOT NULL AND lease_owner IS DISTINCT FROM $4
  WHERE run_id = $1 AND id = $2 AND state = 'pending' AND (
    (walk < $3 AND (lease_until IS NULL OR lease_until < now() OR lease_owner = $4))
    OR (walk = $3 AND (lease_until < now() OR lease_owner = $4)))
  RETURNING taken_over`;

// The sweep's queries: each reads an index (test/core/store/store-indexes.test.ts checks the plans).
/**
 * $1 run: a walk claimed whose lease ran out, whatever the row says of its
 * next attempt (its node died mid-walk, perhaps before recording that the walk began: migrations/008).
 */
export const EXPIRED_LEASES_SQL = `SELECT id FROM deliveries
     WHERE run_id = $1 AND state = 'pending' AND lease_until IS NOT NULL AND lease_until < now()
     LIMIT 500`;
/**
 * $1 run, $2 lease (ms), $3 the harness clock's now: a walk due and not claimed a lease after it was recorded (its
 * node died first, or every node's claim failed while the database was unreachable): a first walk or a redelivery
 * (no next attempt), or a retry whose time has come.
 */
export const UNCLAIMED_WALKS_SQL = `SELECT id FROM deliveries
     WHERE run_id = $1 AND state = 'pending' AND (next_attempt_at IS NULL OR next_attempt_at <= $3)
       AND lease_until IS NULL AND updated_at < now() - $2 * interval '1 millisecond'
     LIMIT 500`;
// The rows to delete are picked first (ARRAY(...), one index read), then deleted by primary key: with
// `change_seq IN (SELECT ...)` PostgreSQL hash-joined the picked rows against a sequential scan of the whole table.
/**
 * $1 run, $2 capacity (entries), $3 rows at most. A row goes when the rows newer than it hold $2 entries or more
 * (a request row holds `entry_count`, a row of the old form one): whole rows go, so the table keeps the newest $2
 * entries and at most one request's entries more (the mirror and a start's load keep exactly $2).
 */
export const TRIM_BY_COUNT_SQL = `DELETE FROM journal_entries WHERE run_id = $1 AND change_seq = ANY(ARRAY(
  SELECT change_seq FROM (SELECT change_seq, sum(COALESCE(entry_count, 1)) OVER (ORDER BY change_seq DESC
    ROWS UNBOUNDED PRECEDING) - COALESCE(entry_count, 1) AS newer
    FROM journal_entries WHERE run_id = $1 ORDER BY change_seq DESC) held WHERE newer >= $2 LIMIT $3))`;
/**
 * $1 run, $2 recorded before (harness clock), $3 rows at most. It reads the run's oldest $3 rows by the primary
 * key and deletes those recorded before the bound (no index on recorded_at is written on every insert; rows come
 * in time order, so the oldest by change_seq are the ones to go; a row behind younger ones, from a node whose
 * clock lags, goes once those in front of it go).
 */
export const TRIM_BY_AGE_SQL = `DELETE FROM journal_entries WHERE run_id = $1 AND change_seq = ANY(ARRAY(
  SELECT change_seq FROM (SELECT change_seq, recorded_at FROM journal_entries WHERE run_id = $1
    ORDER BY change_seq LIMIT $3) oldest WHERE recorded_at < $2))`;
/**
 * Pending deliveries no live walk is under way for: a claimed walk whose lease ran out without a result (its node
 * died mid-delivery), or a walk due and never claimed a lease after it was recorded (its node died first).
 */
export async function sweepExpiredLeases(
  pool: pg.Pool,
  runId: string,
  leaseMs: number,
  clockNow: number,
): Promise<string[]> {
  const expired = await pool.query<{ id: string }>(EXPIRED_LEASES_SQL, [runId]);
  const unclaimed = await pool.query<{ id: string }>(UNCLAIMED_WALKS_SQL, [runId, leaseMs, Math.trunc(clockNow)]);
  return [...expired.rows, ...unclaimed.rows].map((row) => row.id);
}

/**
 * The journal's bounds in the database: rows past the newest `capacity` of the run go, and rows recorded before
 * `recordedBefore` (the age bound), at most `batch` of each a sweep (the mirror holds the same; a restart loads
 * only the newest `capacity` within the age bound).
 */
export async function trimJournal(
  pool: pg.Pool,
  runId: string,
  capacity: number,
  options: { recordedBefore?: number | undefined; batch?: number } = {},
): Promise<number> {
  const batch = options.batch ?? 5_000;
  const byCount = await pool.query(TRIM_BY_COUNT_SQL, [runId, capacity, batch]);
  if (options.recordedBefore === undefined) return byCount.rowCount ?? 0;
  const byAge = await pool.query(TRIM_BY_AGE_SQL, [runId, options.recordedBefore, batch]);
  return (byCount.rowCount ?? 0) + (byAge.rowCount ?? 0);
}
