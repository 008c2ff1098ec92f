import type pg from 'pg';
import type { StoredDelivery } from '../../domain/delivery/delivery-record.js';
import type { JournalRecord } from '../../domain/journal/journal-store.js';
import { toStoredText } from './nul-safe-text.js';

/** A journal row as queued: its event's text is taken at append time, before anyone can change the object. */
export interface QueuedEntry {
  readonly status: string;
  readonly writeKey: string;
  readonly type: string | null;
  readonly userId: string | null;
  readonly reason: string | null;
  readonly recordedAt: number;
  readonly event: string;
}

export function queuedEntry(record: JournalRecord, recordedAt: number): QueuedEntry {
  const { event } = record;
  return {
    status: record.status,
    writeKey: toStoredText(record.writeKey),
    type: toStoredText(typeof event.type === 'string' ? event.type : null),
    userId: toStoredText(typeof event.userId === 'string' ? event.userId : null),
    reason: toStoredText(record.reason ?? null),
    recordedAt,
    event: JSON.stringify(event),
  };
}

/** What one flush commits: everything queued since the last one, taken whole. */
export interface WriteBatch {
  readonly resetJournal: boolean;
  readonly resetDeliveries: boolean;
  /** The fake clock's now to store, when it moved. */
  readonly clockNow: number | undefined;
  readonly entries: readonly QueuedEntry[];
  /** Changed deliveries as they are now; undefined: dropped from the mirror (the row goes). */
  readonly deliveries: ReadonlyMap<string, StoredDelivery | undefined>;
}

// Writers serialize on this lock, so change_seq is handed out in commit order and readers never skip a row.
const WRITE_LOCK = 4_711_002;
export const NOTIFY_CHANNEL = 'event_harness_changes';

/** Commits one batch in one transaction (one multi-row statement per table), then notifies the other nodes. */
export async function commitBatch(client: pg.ClientBase, runId: string, node: string, batch: WriteBatch) {
  await client.query('BEGIN');
  try {
    await client.query('SELECT pg_advisory_xact_lock($1)', [WRITE_LOCK]);
    const reset = batch.resetJournal || batch.resetDeliveries;
    if (batch.resetJournal) await client.query('DELETE FROM journal_entries WHERE run_id = $1', [runId]);
    if (batch.resetDeliveries) await client.query('DELETE FROM deliveries WHERE run_id = $1', [runId]);
    if (reset || batch.clockNow !== undefined)
      await client.query(
        `UPDATE runs SET epoch = epoch + $2, clock_now = COALESCE($3, clock_now), written_by = $4,
           change_seq = nextval('change_seq') WHERE run_id = $1`,
        [runId, reset ? 1 : 0, batch.clockNow ?? null, node],
      );
    const { entries } = batch;
    if (entries.length > 0)
      await client.query(
        `INSERT INTO journal_entries (run_id, written_by, status, write_key, type, user_id, reason, recorded_at, event)
         SELECT $1, $2, * FROM unnest($3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::bigint[], $9::text[])`,
        [
          runId,
          node,
          entries.map((e) => e.status),
          entries.map((e) => e.writeKey),
          entries.map((e) => e.type),
          entries.map((e) => e.userId),
          entries.map((e) => e.reason),
          entries.map((e) => e.recordedAt),
          entries.map((e) => e.event),
        ],
      );
    const kept = [...batch.deliveries.values()].filter((d): d is StoredDelivery => d !== undefined);
    const gone = [...batch.deliveries].filter(([, d]) => d === undefined).map(([id]) => id);
    if (gone.length > 0) await client.query('DELETE FROM deliveries WHERE run_id = $1 AND id = ANY($2)', [runId, gone]);
    if (kept.length > 0)
      // A walk that ended (finished, or a retry scheduled) lets go of its lease; one under way keeps it.
      await client.query(
        `INSERT INTO deliveries (run_id, written_by, id, state, record, created_at, next_attempt_at)
         SELECT $1, $2, * FROM unnest($3::text[], $4::text[], $5::text[], $6::bigint[], $7::bigint[])
         ON CONFLICT (run_id, id) DO UPDATE SET state = EXCLUDED.state, record = EXCLUDED.record,
           next_attempt_at = EXCLUDED.next_attempt_at, written_by = EXCLUDED.written_by, updated_at = now(),
           change_seq = nextval('change_seq'),
           lease_until = CASE WHEN EXCLUDED.state <> 'pending' OR EXCLUDED.next_attempt_at IS NOT NULL
             THEN NULL ELSE deliveries.lease_until END`,
        [
          runId,
          node,
          kept.map((d) => d.id),
          kept.map((d) => d.state),
          kept.map((d) => JSON.stringify(d)),
          kept.map((d) => d.createdAt),
          kept.map((d) => d.nextAttemptAt ?? null),
        ],
      );
    await client.query('SELECT pg_notify($1, $2)', [NOTIFY_CHANNEL, node]);
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  }
}
