import type { JournalRecord } from '../../domain/journal/journal-store.js';
import { toStoredText } from './nul-safe-text.js';

const SPECIAL = /[\\\n\r\t]/;
const SPECIALS = /[\\\n\r\t]/g;
const ESCAPES: Readonly<Record<string, string>> = { '\\': '\\\\', '\n': '\\n', '\r': '\\r', '\t': '\\t' };

/** A value in COPY's text format: null as \N; a backslash, newline, carriage return or tab escaped. */
export function copyField(value: string | null): string {
  if (value === null) return '\\N';
  return SPECIAL.test(value) ? value.replace(SPECIALS, (c) => ESCAPES[c] ?? c) : value;
}

/**
 * Journal rows go by COPY FROM STDIN (text format), inside the commit's transaction: per row, PostgreSQL parses
 * tab-separated text instead of seven array literals whose every quote in the event's JSON is escaped
 * (what `INSERT ... SELECT FROM unnest(...)` or a multi-row VALUES would make it parse; docs/scaling.md). The
 * data is sent with the commit's one query (one-trip-query.ts).
 */
export const JOURNAL_COPY_SQL =
  'COPY journal_entries (run_id, written_by, status, write_key, type, user_id, reason, recorded_at, event, entry_count, request) FROM STDIN';

/** The first two fields of every row a node writes for a run. */
export function journalRowPrefix(runId: string, node: string): string {
  return `${copyField(runId)}\t${copyField(node)}\t`;
}

const textOrNull = (value: unknown) => toStoredText(typeof value === 'string' ? value : null);

/**
 * One entry's own journal row (an entry with no request to go with; request-rows.ts makes the rest) as a line of
 * COPY text, its event's JSON taken now, before anyone can change the object. JSON
 * text holds no raw newline, carriage return or tab (JSON.stringify escapes them): only its backslashes are
 * doubled.
 */
export function journalCopyLine(prefix: string, record: JournalRecord, recordedAt: number): string {
  // An event the collection service did not enrich (no destination took it) is stored as readers see it.
  const ref = record.origin;
  const event = ref?.unenriched === true ? ref.origin.rebuild(ref.index, undefined) : record.event;
  const json = JSON.stringify(event);
  return `${prefix}${copyField(record.status)}\t${copyField(toStoredText(record.writeKey))}\t${copyField(
    textOrNull(event.type),
  )}\t${copyField(textOrNull(event.userId))}\t${copyField(toStoredText(record.reason ?? null))}\t${Math.trunc(
    recordedAt,
  )}\t${json.includes('\\') ? json.replaceAll('\\', '\\\\') : json}\t\\N\t\\N\n`;
}
