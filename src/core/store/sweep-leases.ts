import type pg from 'pg';

/**
 * Pending deliveries no walk is under way for: a claimed walk whose lease ran out without a result (its node
 * died mid-delivery), or a delivery never claimed since it was committed a lease ago (its node died first).
 */
export async function sweepExpiredLeases(pool: pg.Pool, runId: string, leaseMs: number): Promise<string[]> {
  const result = await pool.query<{ id: string }>(
    `SELECT id FROM deliveries
     WHERE run_id = $1 AND state = 'pending' AND next_attempt_at IS NULL
       AND (lease_until < now() OR (lease_until IS NULL AND updated_at < now() - $2 * interval '1 millisecond'))
     LIMIT 500`,
    [runId, leaseMs],
  );
  return result.rows.map((row) => row.id);
}

/**
 * The journal's count bound in the database: rows past the newest `capacity` of the run go, at most `batch` a
 * sweep (the mirror drops the same oldest entries as it appends; a restart loads only the newest `capacity`).
 */
export async function trimJournal(pool: pg.Pool, runId: string, capacity: number, batch = 5_000): Promise<number> {
  const result = await pool.query(
    `DELETE FROM journal_entries WHERE run_id = $1 AND change_seq IN (
       SELECT change_seq FROM journal_entries WHERE run_id = $1 ORDER BY change_seq DESC OFFSET $2 LIMIT $3)`,
    [runId, capacity, batch],
  );
  return result.rowCount ?? 0;
}
