import type { EventJournal } from '../../domain/journal/event-journal.js';
import type { EntryRow } from './read-changes.js';

/**
 * Journals rows read from the database into a node's mirror, in change_seq order: a row of its own as its entry,
 * a request row as every entry of its request, each rebuilt from the request's text and origin exactly as the
 * writing node journaled it (same event, verdict, reason and generated messageId). Rows recorded before `oldest`
 * (the age bound) are skipped, and rows `skip` says were this node's own. A start's load passes `newest`, the
 * journal's capacity: its oldest row may hold more entries than fit (rows are trimmed whole), and only the newest
 * `newest` entries are journaled, so the counts are those of the entries held, as with one row per entry.
 */
export function applyJournalRows(
  journal: EventJournal,
  rows: readonly EntryRow[],
  oldest: number,
  skip: (writtenBy: string) => boolean,
  newest = Number.POSITIVE_INFINITY,
): void {
  const taken = rows.filter((row) => !skip(row.writtenBy) && row.recordedAt >= oldest);
  let excess = taken.reduce((sum, row) => sum + (row.request?.entries.length ?? 1), 0) - newest;
  for (const row of taken) {
    const { request } = row;
    if (request === undefined) {
      if (excess-- > 0) continue;
      journal.record(row.status, row.writeKey, row.event ?? {}, row.reason);
      continue;
    }
    const { origin } = request;
    const kept = excess > 0 ? request.entries.slice(Math.min(excess, request.entries.length)) : request.entries;
    excess -= request.entries.length - kept.length;
    if (kept.length === 0) continue;
    const events = origin.rebuildEach(kept.map((entry) => entry.index));
    for (let i = 0; i < kept.length; i++) {
      const entry = kept[i];
      if (entry === undefined) continue;
      const { index, status, reason, messageIdGenerated } = entry;
      journal.record(status, row.writeKey, events[i] ?? {}, reason, { origin, index, messageIdGenerated });
    }
  }
}
