import type { JournalCounts, JournalEntry, JournalPage, JournalStatus } from './journal-entry.js';
import { toSearchMatcher, type JournalSearch } from './journal-search.js';
import type { JournalRecord, JournalStore } from './journal-store.js';
import { StoredEntry, stringField, type EventOrigin } from './stored-entry.js';

const DEFAULT_CAPACITY = 100_000;
export const DEFAULT_JOURNAL_MAX_BYTES = 256 * 1024 * 1024;

/** A user the held accepted (or filtered) entries mention, with how many per source. */
interface UserRecord {
  /** The one copy of the id that entries of this user share. */
  readonly id: string;
  readonly writeKeys: Map<string, number>;
}

/**
 * The journal in memory: a ring of the newest `capacity` entries (fewer when their text passes `maxBytes`),
 * exact counts of everything ever appended, and an index of the sources holding each user's events.
 */
export class MemoryJournalStore implements JournalStore {
  readonly capacity: number;
  readonly maxBytes: number;
  #ring: (StoredEntry | undefined)[] = [];
  #start = 0;
  #size = 0;
  #seq = 0;
  #counts: Record<JournalStatus | 'all', number> = { all: 0, accepted: 0, rejected: 0, duplicate: 0, filtered: 0 };
  // Sources holding accepted events of a user, counted over the held entries (so it is bounded with them):
  // deletions ask this without scanning the journal.
  readonly #users = new Map<string, UserRecord>();
  #ownText = false;
  #bytes = 0;
  // Held entries per request origin: its text is charged once, while any of its entries is held.
  readonly #originRefs = new Map<EventOrigin, number>();

  constructor(options: { capacity?: number | undefined; maxBytes?: number | undefined } = {}) {
    const capacity = options.capacity ?? DEFAULT_CAPACITY;
    if (!Number.isInteger(capacity) || capacity < 1)
      throw new RangeError(`journal capacity must be a positive integer; received ${String(capacity)}`);
    this.capacity = capacity;
    const maxBytes = options.maxBytes ?? DEFAULT_JOURNAL_MAX_BYTES;
    if (!Number.isInteger(maxBytes) || maxBytes < 1)
      throw new RangeError(`journal maxBytes must be a positive integer; received ${String(maxBytes)}`);
    this.maxBytes = maxBytes;
  }

  keepOwnText(): void {
    this.#ownText = true;
  }

  append(record: JournalRecord, announce?: (entry: JournalEntry) => void): JournalEntry {
    const { status, writeKey, event, reason, origin } = record;
    const indexed = status === 'accepted' || status === 'filtered';
    let userId = stringField(event.userId);
    let previousId = stringField(event.previousId);
    if (indexed) {
      if (userId !== undefined) userId = this.#indexUser(userId, writeKey);
      if (previousId !== undefined) previousId = this.#indexUser(previousId, writeKey);
    } else if (userId !== undefined) {
      userId = this.#users.get(userId)?.id ?? userId;
    }
    const entry = new StoredEntry(
      ++this.#seq,
      status,
      writeKey,
      event,
      reason,
      this.#ownText ? undefined : origin,
      userId,
      previousId,
    );
    if (this.#size === this.capacity) this.#dropOldest();
    this.#place(entry);
    this.#charge(entry, 1);
    // The byte bound: the oldest go until the held text fits (the newest entry always stays).
    while (this.#bytes > this.maxBytes && this.#size > 1) this.#dropOldest();
    this.#counts[status]++;
    this.#counts.all++;
    if (announce !== undefined) {
      entry.announcing(event);
      announce(entry);
      entry.announcing(undefined);
    }
    return entry;
  }

  /** Counts one held entry of `userId` for the source; returns the id's shared copy. */
  #indexUser(userId: string, writeKey: string): string {
    let user = this.#users.get(userId);
    if (user === undefined) this.#users.set(userId, (user = { id: userId, writeKeys: new Map() }));
    user.writeKeys.set(writeKey, (user.writeKeys.get(writeKey) ?? 0) + 1);
    return user.id;
  }

  #unindexUser(userId: string, writeKey: string): void {
    const user = this.#users.get(userId);
    const count = user?.writeKeys.get(writeKey);
    if (user === undefined || count === undefined) return;
    if (count > 1) user.writeKeys.set(writeKey, count - 1);
    else user.writeKeys.delete(writeKey);
    if (user.writeKeys.size === 0) this.#users.delete(userId);
  }

  /** Puts an entry after the newest, in a ring that grows up to `capacity` slots. */
  #place(entry: StoredEntry): void {
    const length = this.#ring.length;
    if (this.#size < length) {
      this.#ring[(this.#start + this.#size) % length] = entry;
    } else {
      // Full ring below capacity: unroll it once (after drops by bytes the oldest need not be at slot 0).
      if (this.#start !== 0) this.#ring = [...this.#ring.slice(this.#start), ...this.#ring.slice(0, this.#start)];
      this.#start = 0;
      this.#ring.push(entry);
    }
    this.#size++;
  }

  #dropOldest(): void {
    const oldest = this.#ring[this.#start] as StoredEntry;
    this.#ring[this.#start] = undefined;
    this.#start = (this.#start + 1) % this.#ring.length;
    this.#size--;
    this.#charge(oldest, -1);
    this.#evicted(oldest);
  }

  #charge(entry: StoredEntry, direction: 1 | -1): void {
    const { origin, ownBytes } = entry.retained();
    this.#bytes += direction * ownBytes;
    if (origin === undefined) return;
    const refs = (this.#originRefs.get(origin) ?? 0) + direction;
    if (refs === 0 || (direction === 1 && refs === 1)) this.#bytes += direction * (origin.retainedBytes ?? 0);
    if (refs === 0) this.#originRefs.delete(origin);
    else this.#originRefs.set(origin, refs);
  }

  /** An entry dropped by the cap no longer counts for its users. */
  #evicted(entry: StoredEntry): void {
    if (entry.status !== 'accepted' && entry.status !== 'filtered') return;
    if (entry.userId !== undefined) this.#unindexUser(entry.userId, entry.writeKey);
    if (entry.previousId !== undefined) this.#unindexUser(entry.previousId, entry.writeKey);
  }

  *entries(): IterableIterator<JournalEntry> {
    const length = this.#ring.length;
    for (let i = 0; i < this.#size; i++) yield this.#ring[(this.#start + i) % length] as JournalEntry;
  }

  *#newestFirst(): IterableIterator<JournalEntry> {
    const length = this.#ring.length;
    for (let i = this.#size - 1; i >= 0; i--) yield this.#ring[(this.#start + i) % length] as JournalEntry;
  }

  query(search: JournalSearch): JournalPage {
    const limit = search.limit ?? Number.POSITIVE_INFINITY;
    const offset = search.offset ?? 0;
    const match = toSearchMatcher(search);
    const events: JournalEntry[] = [];
    let total = 0;
    for (const entry of search.order === 'newest' ? this.#newestFirst() : this.entries()) {
      if (!match(entry)) continue;
      if (total >= offset && events.length < limit) events.push(entry);
      total++;
    }
    return { total, events };
  }

  writeKeysForUser(userId: string): readonly string[] {
    return [...(this.#users.get(userId)?.writeKeys.keys() ?? [])];
  }

  get indexedUsers(): number {
    return this.#users.size;
  }

  counts(): JournalCounts {
    return { ...this.#counts };
  }

  get size(): number {
    return this.#size;
  }

  get bytes(): number {
    return this.#bytes;
  }

  clear(): void {
    this.#ring = [];
    this.#start = 0;
    this.#size = 0;
    this.#counts = { all: 0, accepted: 0, rejected: 0, duplicate: 0, filtered: 0 };
    this.#users.clear();
    this.#originRefs.clear();
    this.#bytes = 0;
  }
}
