import type pg from 'pg';
import { fromStoredText } from './nul-safe-text.js';
import type { StoredDelivery } from '../../domain/delivery/delivery-record.js';
import type { JournalStatus } from '../../domain/journal/journal-entry.js';
import { requestFromRow, type RequestRow } from './request-rows.js';

export interface RunRow {
  readonly clockNow: number | undefined;
  readonly epoch: number;
  readonly writtenBy: string;
}

/** A journal row: one entry of its own, or (`request` set) every entry of one request (request-rows.ts). */
export interface EntryRow {
  readonly writtenBy: string;
  readonly status: JournalStatus;
  readonly writeKey: string;
  readonly reason: string | undefined;
  /** The entry's event (a row of its own), or undefined for a request row. */
  readonly event: Record<string, unknown> | undefined;
  readonly request: RequestRow | undefined;
  /** Harness-clock time it was recorded (epoch ms). */
  readonly recordedAt: number;
}

export interface DeliveryRow {
  readonly writtenBy: string;
  readonly delivery: StoredDelivery;
}

/** Rows changed after `since`, read in one snapshot, and the highest change_seq among them. */
export interface Changes {
  readonly run: RunRow | undefined;
  readonly entries: readonly EntryRow[];
  readonly deliveries: readonly DeliveryRow[];
  readonly lastSeq: number;
}

// The catch-up's queries, one per table ($1 run, $2 the last change_seq applied; $3 the load's limit): each
// reads an index (test/core/store/store-indexes.test.ts checks the plans at 100,000 rows).
export const CHANGED_ENTRIES_SQL = `SELECT written_by, status, write_key, reason, event, recorded_at, change_seq,
  request FROM journal_entries WHERE run_id = $1 AND change_seq > $2 ORDER BY change_seq`;
/**
 * A start's load: the newest rows holding the newest $3 entries (a request row holds `entry_count`; a row of the
 * old form, one): the rows whose newer rows hold fewer than $3 entries, read newest first by the primary key and
 * stopped at $3 rows. The mirror then keeps exactly the newest $3 entries (its ring drops the oldest).
 */
export const NEWEST_ENTRIES_SQL = `SELECT * FROM (SELECT written_by, status, write_key, reason, event, recorded_at,
  change_seq, request, sum(COALESCE(entry_count, 1)) OVER (ORDER BY change_seq DESC ROWS UNBOUNDED PRECEDING)
    - COALESCE(entry_count, 1) AS newer
  FROM (SELECT * FROM journal_entries WHERE run_id = $1 AND change_seq > $2 ORDER BY change_seq DESC LIMIT $3) rows
  ) newest WHERE newer < $3 ORDER BY change_seq`;
export const CHANGED_DELIVERIES_SQL =
  'SELECT written_by, record, change_seq FROM deliveries WHERE run_id = $1 AND change_seq > $2 ORDER BY change_seq';

function deliveryFromJson(text: string): StoredDelivery {
  const parsed = JSON.parse(text) as StoredDelivery;
  // JSON drops undefined: the store's record has both keys, present or not.
  return { ...parsed, firstAttemptAt: parsed.firstAttemptAt, nextAttemptAt: parsed.nextAttemptAt };
}

/**
 * One indexed query per table for rows changed after `since`, in one repeatable-read snapshot so that the
 * change_seq reached is the same for all three. `journalLimit` bounds a first load to the newest entries.
 */
export async function readChanges(
  client: pg.ClientBase,
  runId: string,
  since: number,
  journalLimit?: number,
): Promise<Changes> {
  await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
  try {
    let lastSeq = since;
    const runs = await client.query<{
      clock_now: string | null;
      epoch: number;
      written_by: string;
      change_seq: string;
    }>('SELECT clock_now, epoch, written_by, change_seq FROM runs WHERE run_id = $1 AND change_seq > $2', [
      runId,
      since,
    ]);
    const runRow = runs.rows[0];
    if (runRow !== undefined) lastSeq = Math.max(lastSeq, Number(runRow.change_seq));
    const entries = await client.query<{
      written_by: string;
      status: JournalStatus;
      write_key: string;
      reason: string | null;
      event: string;
      recorded_at: string;
      change_seq: string;
      request: string | null;
    }>(
      journalLimit === undefined ? CHANGED_ENTRIES_SQL : NEWEST_ENTRIES_SQL,
      journalLimit === undefined ? [runId, since] : [runId, since, journalLimit],
    );
    const deliveries = await client.query<{ written_by: string; record: string; change_seq: string }>(
      CHANGED_DELIVERIES_SQL,
      [runId, since],
    );
    await client.query('COMMIT');
    for (const row of entries.rows) lastSeq = Math.max(lastSeq, Number(row.change_seq));
    for (const row of deliveries.rows) lastSeq = Math.max(lastSeq, Number(row.change_seq));
    return {
      run:
        runRow === undefined
          ? undefined
          : {
              clockNow: runRow.clock_now === null ? undefined : Number(runRow.clock_now),
              epoch: runRow.epoch,
              writtenBy: runRow.written_by,
            },
      entries: entries.rows.map((row) => ({
        writtenBy: row.written_by,
        status: row.status,
        writeKey: fromStoredText(row.write_key),
        reason: fromStoredText(row.reason) ?? undefined,
        event: row.request === null ? (JSON.parse(row.event) as Record<string, unknown>) : undefined,
        request: row.request === null ? undefined : requestFromRow(row.event, row.request),
        recordedAt: Number(row.recorded_at),
      })),
      deliveries: deliveries.rows.map((row) => ({ writtenBy: row.written_by, delivery: deliveryFromJson(row.record) })),
      lastSeq,
    };
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  }
}
