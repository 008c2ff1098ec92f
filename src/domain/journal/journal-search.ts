import { InvalidJournalQueryError } from '../../errors/admin-errors.js';
import type { JournalEntry, JournalQuery } from './journal-entry.js';
import { compileMatch, PAGING_KEYS, type JournalMatch } from './journal-matcher.js';

/** A journal query plus `text`: a case-insensitive substring of the entry's JSON (status, reason, key, event). */
export interface JournalSearch extends JournalQuery {
  readonly text?: string | undefined;
}

// Entries are immutable once recorded, so each one's lower-cased JSON is built at most once, on the first
// free-text search that reaches it (a search over 100,000 entries then costs a scan, not a serialisation).
const searchText = new WeakMap<JournalEntry, string>();

function textOf(entry: JournalEntry): string {
  let text = searchText.get(entry);
  if (text === undefined) {
    text = JSON.stringify(entry).toLowerCase();
    searchText.set(entry, text);
  }
  return text;
}

/** The predicate of a search, its paging checked: an unknown key or a bad limit is refused naming it. */
export function toSearchMatcher(query: JournalSearch): JournalMatch {
  const { limit, offset, order, text: rawText, ...matchKeys } = query;
  for (const [key, value] of [
    ['limit', limit],
    ['offset', offset],
  ] as const) {
    if (value !== undefined && (!Number.isInteger(value) || value < 0))
      throw new InvalidJournalQueryError(
        `journal.query: ${key} must be a whole number >= 0; received ${JSON.stringify(value)}`,
      );
  }
  if (order !== undefined && order !== 'oldest' && order !== 'newest')
    throw new InvalidJournalQueryError(
      `journal.query: order must be oldest or newest; received ${JSON.stringify(order)}`,
    );
  const matches = compileMatch(matchKeys, 'journal.query', PAGING_KEYS);
  const text = rawText === undefined || rawText === '' ? undefined : rawText.toLowerCase();
  return text === undefined ? matches : (entry) => matches(entry) && textOf(entry).includes(text);
}
