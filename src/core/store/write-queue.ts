import type pg from 'pg';
import type { StoredDelivery } from '../../domain/delivery/delivery-record.js';
import { JOURNAL_COPY_SQL } from './copy-journal-rows.js';
import { oneTripQuery, type LabelledRows } from './one-trip-query.js';
import { sqlLiteral } from './sql-literal.js';
import { CHANGES_CHANNEL, changePayloadSql } from './store-connections.js';

/** What one flush commits: everything queued since the last one, taken whole. */
export interface WriteBatch {
  /** This node's count of its batches: a batch sent again keeps it, and the store commits it once (migrations/009). */
  readonly number: number;
  readonly resetJournal: boolean;
  readonly resetDeliveries: boolean;
  /** The fake clock's now to store, when it moved. */
  readonly clockNow: number | undefined;
  /** The journal rows, as the CopyData messages that carry them (copy-rows.ts). */
  readonly journal: { readonly frames: readonly Buffer[]; readonly rows: number };
  /** Changed deliveries as they are now; undefined: dropped from the mirror (the row goes). */
  readonly deliveries: ReadonlyMap<string, StoredDelivery | undefined>;
}

// Writers serialize on this lock, so change_seq is handed out in commit order and readers never skip a row.
const WRITE_LOCK = 4_711_002;

/** change_seq around one commit: the highest handed out before it (by anyone) and the highest after it. */
export interface CommittedRange {
  readonly before: number;
  readonly after: number;
}

/** What the sequence issued so far, from a labelled `last_value, is_called` row (0 before its first nextval). */
const lastIssued = (rows: LabelledRows, label: string) => {
  const [lastValue, isCalled] = rows.get(label) ?? [];
  return isCalled === 't' ? Number(lastValue) : 0;
};

/**
 * Commits one batch in one transaction, then notifies the other nodes, in one round trip (on a loaded machine
 * each round trip waits for PostgreSQL and the node to be scheduled): the lock, the resets, the clock and the
 * deliveries with their values as literals, the journal rows by COPY (half of PostgreSQL's CPU per row of a
 * multi-row INSERT; docs/scaling.md) with their data sent along, NOTIFY and COMMIT, all in one simple query.
 */
export async function commitBatch(
  client: pg.ClientBase,
  runId: string,
  writer: { readonly node: string; readonly incarnation: string },
  batch: WriteBatch,
): Promise<CommittedRange | 'committed-already'> {
  const { node } = writer;
  const run = sqlLiteral(runId);
  const by = sqlLiteral(node);
  const reset = batch.resetJournal || batch.resetDeliveries;
  // Under the lock every writer's nextval and commit come in turn: what the sequence issued is committed. (The one
  // nextval outside it, a run's first `runs` row, is written before any node commits for that run.)
  const statements = [
    'BEGIN',
    `SELECT pg_advisory_xact_lock(${WRITE_LOCK})`,
    `SELECT event_harness_commit_once(${run}, ${sqlLiteral(writer.incarnation)}, ${batch.number})`,
    "SELECT 'before', last_value, is_called FROM change_seq",
  ];
  if (batch.resetJournal) statements.push(`DELETE FROM journal_entries WHERE run_id = ${run}`);
  if (batch.resetDeliveries) statements.push(`DELETE FROM deliveries WHERE run_id = ${run}`);
  if (reset || batch.clockNow !== undefined)
    statements.push(
      `UPDATE runs SET epoch = epoch + ${reset ? 1 : 0}, clock_now = COALESCE(${
        batch.clockNow === undefined ? 'NULL' : Math.trunc(batch.clockNow)
      }::bigint, clock_now), written_by = ${by}, change_seq = nextval('change_seq') WHERE run_id = ${run}`,
    );
  const kept = [...batch.deliveries.values()].filter((d): d is StoredDelivery => d !== undefined);
  const gone = [...batch.deliveries].filter(([, d]) => d === undefined).map(([id]) => sqlLiteral(id));
  if (gone.length > 0) statements.push(`DELETE FROM deliveries WHERE run_id = ${run} AND id IN (${gone.join(',')})`);
  if (kept.length > 0) statements.push(deliveryUpsertSql(run, by, kept));
  const copying = batch.journal.rows > 0;
  if (copying) statements.push(JOURNAL_COPY_SQL);
  statements.push(
    `SELECT pg_notify('${CHANGES_CHANNEL}', ${changePayloadSql(run, by)})`,
    "SELECT 'after', last_value, is_called FROM change_seq",
    'COMMIT',
  );
  try {
    const rows = await oneTripQuery(client, statements.join(';\n'), copying ? batch.journal.frames : undefined);
    return { before: lastIssued(rows, 'before'), after: lastIssued(rows, 'after') };
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    if ((error as { hint?: string }).hint === COMMITTED_ALREADY) return 'committed-already';
    throw error;
  }
}

/** The hint event_harness_commit_once raises with when a batch sent again had committed (migrations/009). */
const COMMITTED_ALREADY = 'event-harness-committed-already';

/** Changed deliveries replaced by id; a walk that ended (finished, or a retry scheduled) lets go of its lease. */
function deliveryUpsertSql(run: string, by: string, kept: readonly StoredDelivery[]): string {
  const rows = kept.map(
    (d) =>
      `(${run},${by},${sqlLiteral(d.id)},${sqlLiteral(d.state)},${sqlLiteral(JSON.stringify(d))},${Math.trunc(
        d.createdAt,
      )},${d.nextAttemptAt === undefined ? 'NULL' : Math.trunc(d.nextAttemptAt)}::bigint)`,
  );
  return `INSERT INTO deliveries (run_id, written_by, id, state, record, created_at, next_attempt_at)
    VALUES ${rows.join(',')}
    ON CONFLICT (run_id, id) DO UPDATE SET state = EXCLUDED.state, record = EXCLUDED.record,
      next_attempt_at = EXCLUDED.next_attempt_at, written_by = EXCLUDED.written_by, updated_at = now(),
      change_seq = nextval('change_seq'),
      lease_until = CASE WHEN EXCLUDED.state <> 'pending' OR EXCLUDED.next_attempt_at IS NOT NULL
        THEN NULL ELSE deliveries.lease_until END`;
}
