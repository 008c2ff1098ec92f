import type { EventJournal } from '../../domain/journal/event-journal.js';
import type { EntryRow } from './read-changes.js';
import type { RequestRow } from './request-rows.js';

export interface ApplyJournalOptions {
  /** Rows recorded before this (the age bound) are skipped. */
  readonly oldest: number;
  /** Rows this node wrote itself (not taken back after the start's load). */
  readonly skip: (writtenBy: string) => boolean;
  /** A start's load: the journal's capacity (see applyJournalRows). */
  readonly newest?: number | undefined;
  /** Told each client messageId of a valid entry (accepted, filtered or duplicate), for the dedup memory. */
  readonly seen?: (writeKey: string, messageId: string) => void;
}

const VALID: ReadonlySet<string> = new Set(['accepted', 'filtered', 'duplicate']);

/**
 * Journals rows read from the database into a node's mirror, in change_seq order: a row of its own as its entry,
 * a request row as every entry of its request, each rebuilt from the request's text and origin exactly as the
 * writing node journaled it (same event, verdict, reason and generated messageId). Rows recorded before `oldest`
 * (the age bound) are skipped, and rows `skip` says were this node's own. A start's load passes `newest`, the
 * journal's capacity: its oldest row may hold more entries than fit (rows are trimmed whole), and only the newest
 * `newest` entries are journaled, so the counts are those of the entries held, as with one row per entry.
 */
export function applyJournalRows(journal: EventJournal, rows: readonly EntryRow[], options: ApplyJournalOptions): void {
  const { oldest, skip, seen } = options;
  const newest = options.newest ?? Number.POSITIVE_INFINITY;
  const taken = rows.filter((row) => !skip(row.writtenBy) && row.recordedAt >= oldest);
  let excess = taken.reduce((sum, row) => sum + (row.request?.entries.length ?? 1), 0) - newest;
  for (const row of taken) {
    const { request } = row;
    if (request === undefined) {
      if (excess-- > 0) continue;
      journal.record(row.status, row.writeKey, row.event ?? {}, row.reason);
      continue;
    }
    const kept = excess > 0 ? request.entries.slice(Math.min(excess, request.entries.length)) : request.entries;
    excess -= request.entries.length - kept.length;
    if (kept.length > 0) journalRequestEntries(journal, row.writeKey, request, kept, seen);
  }
}

/** Journals the kept entries of one request row, each rebuilt from the request; tells `seen` their client messageIds. */
function journalRequestEntries(
  journal: EventJournal,
  writeKey: string,
  request: RequestRow,
  kept: RequestRow['entries'],
  seen: ApplyJournalOptions['seen'],
): void {
  const { origin } = request;
  const events = origin.rebuildEach(kept.map((entry) => entry.index));
  for (let i = 0; i < kept.length; i++) {
    const entry = kept[i];
    if (entry === undefined) continue;
    const { index, status, reason, messageIdGenerated } = entry;
    const event = events[i] ?? {};
    journal.record(status, writeKey, event, reason, { origin, index, messageIdGenerated });
    if (seen !== undefined && !messageIdGenerated && VALID.has(status) && typeof event.messageId === 'string')
      seen(writeKey, event.messageId);
  }
}
