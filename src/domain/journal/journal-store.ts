import type { JournalCounts, JournalEntry, JournalPage, JournalStatus } from './journal-entry.js';
import type { JournalSearch } from './journal-search.js';
import type { EventOriginRef } from './stored-entry.js';

/** One event to journal, as the collection service hands it over. */
export interface JournalRecord {
  readonly status: JournalStatus;
  readonly writeKey: string;
  readonly event: Record<string, unknown>;
  readonly reason?: string | undefined;
  /** Where the event can be rebuilt from (its request), so a store need not keep a copy. */
  readonly origin?: EventOriginRef | undefined;
}

/**
 * Where the journal's entries live: appended in arrival order, bounded (`capacity` entries, `maxBytes` of
 * event text: past either the oldest go) with exact counts of everything ever appended, and the queries the
 * admin API, the inspector, deletions and audiences make.
 *
 * Queries are declarative (a JournalSearch, not a callback), so a database can answer them with SQL. The
 * methods stay synchronous: the PostgreSQL store is a write-behind wrapper over the memory store, which
 * answers every call (docs/scaling.md).
 */
export interface JournalStore {
  readonly capacity: number;
  readonly maxBytes: number;
  /**
   * Appends an entry (with the next `seq`) and drops the oldest past the bounds. `announce` is called with the
   * new entry while its event is still the object given, so listeners read it without a rebuild.
   */
  append(record: JournalRecord, announce?: (entry: JournalEntry) => void): JournalEntry;
  /** Entries held, oldest first. */
  entries(): Iterable<JournalEntry>;
  /** One page of held entries matching `search`, with the total that matched; a bad search is an InvalidJournalQueryError. */
  query(search: JournalSearch): JournalPage;
  /** Write keys of the sources whose held accepted (or filtered) entries name `userId` (as userId or previousId). */
  writeKeysForUser(userId: string): readonly string[];
  /** Distinct users the held entries index. */
  readonly indexedUsers: number;
  /** Exact counts of everything appended since the last clear, dropped entries included. */
  counts(): JournalCounts;
  readonly size: number;
  /** Characters of event text held now. */
  readonly bytes: number;
  /**
   * True while an entry recorded with an origin (EventOriginRef) is rebuilt from it when read, and the event
   * object given to `append` is read only for the fields the store indexes (userId, previousId, type, a client's
   * messageId): the collection service may then journal an event it has not enriched (EventOriginRef.unenriched).
   * A store that keeps the event object or its text (a database's rows) leaves it false.
   */
  readonly rebuildsFromOrigins?: boolean;
  /** Each entry keeps its own text from now on (fast single reads for the inspector); a hint a store may ignore. */
  keepOwnText(): void;
  clear(): void;
}
