import type { QueuedEntry } from './queued-entry.js';

const SPECIAL = /[\\\n\r\t]/;
const SPECIALS = /[\\\n\r\t]/g;
const ESCAPES: Readonly<Record<string, string>> = { '\\': '\\\\', '\n': '\\n', '\r': '\\r', '\t': '\\t' };
/** Rows per chunk written to the COPY stream: a batch of any size goes without one huge string. */
const ROWS_PER_CHUNK = 500;

/** A value in COPY's text format: null as \N; a backslash, newline, carriage return or tab escaped. */
export function copyField(value: string | null): string {
  if (value === null) return '\\N';
  return SPECIAL.test(value) ? value.replace(SPECIALS, (c) => ESCAPES[c] ?? c) : value;
}

function* chunks(runId: string, node: string, entries: readonly QueuedEntry[]): Generator<string> {
  const prefix = `${copyField(runId)}\t${copyField(node)}\t`;
  for (let start = 0; start < entries.length; start += ROWS_PER_CHUNK) {
    let text = '';
    for (const e of entries.slice(start, start + ROWS_PER_CHUNK))
      text += `${prefix}${copyField(e.status)}\t${copyField(e.writeKey)}\t${copyField(e.type)}\t${copyField(
        e.userId,
      )}\t${copyField(e.reason)}\t${e.recordedAt}\t${copyField(e.event)}\n`;
    yield text;
  }
}

/**
 * Journal rows go by COPY FROM STDIN (text format), inside the commit's transaction: per row, PostgreSQL parses
 * tab-separated text instead of seven array literals whose every quote in the event's JSON is escaped
 * (`INSERT ... SELECT FROM unnest(...)` or a multi-row VALUES cost twice the CPU per row; docs/scaling.md). The
 * data is sent with the commit's one query (one-trip-query.ts).
 */
export const JOURNAL_COPY_SQL =
  'COPY journal_entries (run_id, written_by, status, write_key, type, user_id, reason, recorded_at, event) FROM STDIN';

/** The COPY data of `entries`, in chunks of ROWS_PER_CHUNK rows. */
export function journalCopyChunks(runId: string, node: string, entries: readonly QueuedEntry[]): Iterable<string> {
  return chunks(runId, node, entries);
}
