import { createSystemClock } from '../../clock/system-clock.js';
import type { Clock } from '../../clock/clock.js';
import { HarnessError } from '../../errors/harness-error.js';
import { JournalWaitTimeoutError } from '../../errors/journal-wait-timeout-error.js';
import type { JournalCounts, JournalEntry, JournalMatchQuery, JournalPage, JournalQuery, JournalStatus } from './journal-entry.js';
import { compileMatch, PAGING_KEYS, type JournalMatch } from './journal-matcher.js';
import { InvalidJournalQueryError } from '../../errors/invalid-journal-query-error.js';

export interface EventJournalOptions {
  /** Entries kept; the oldest are dropped past it, while counts stay exact. Default 100,000. */
  readonly capacity?: number;
  /** The clock waitFor's timeout runs on: real time by default, because it waits for real arrivals. */
  readonly waitClock?: Clock;
  /**
   * Characters of event text held at most (default 256 Mi): a request's text is held while any of its
   * events is. Past it the oldest entries go, as past `capacity`, while counts stay exact.
   */
  readonly maxBytes?: number;
}

/** A journal query plus `text`: a case-insensitive substring of the entry's JSON (status, reason, key, event). */
export interface JournalSearch extends JournalQuery {
  readonly text?: string | undefined;
}

export type JournalListener = (entry: JournalEntry) => void;
export type { JournalMatch };

const DEFAULT_CAPACITY = 100_000;
export const DEFAULT_JOURNAL_MAX_BYTES = 256 * 1024 * 1024;

function stringField(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

// One string per message type for every entry, not one parsed string each: entries are many and kept long.
const MESSAGE_TYPES = new Map(['identify', 'track', 'page', 'screen', 'group', 'alias', 'delete'].map((type) => [type, type]));

/** A user the held accepted (or filtered) entries mention, with how many per source. */
interface UserRecord {
  /** The one copy of the id that entries of this user share. */
  readonly id: string;
  readonly writeKeys: Map<string, number>;
}

/** Where a held event can be rebuilt from, so the journal need not keep it as objects. */
export interface EventOrigin {
  /** The event at `index` of its request, exactly as it was journaled (with the messageId it got then). */
  rebuild(index: number, messageId: string | undefined): Record<string, unknown>;
  /** The messageId the service gave the event at `index`, when the client sent none (same answer each time). */
  generatedMessageId?(index: number): string;
  /** Characters this origin keeps alive (its request text), charged once while any entry refers to it. */
  readonly retainedBytes?: number;
}

/** An event's place in the request it came in, given to `record` by the collection service. */
export interface EventOriginRef {
  readonly origin: EventOrigin;
  readonly index: number;
  /** The service generated its messageId: the origin gives it again, so the entry need not keep it. */
  readonly messageIdGenerated?: boolean;
}

/**
 * One held entry. A full journal holds 100,000 events; kept as parsed object graphs (ten or more objects
 * each) they made the garbage collector the largest cost of the collection API under load. So an entry keeps
 * the fields queries filter on, and the event itself only as a way to rebuild it: its request's text (one
 * flat string shared by the request's events) or, for events recorded without an origin, its own JSON.
 * Reading `event` builds a fresh copy, so no reader can change what the journal holds; listeners told of a
 * new entry read the live object, as the dispatcher does, without a rebuild.
 */
class StoredEntry implements JournalEntry {
  readonly seq: number;
  readonly status: JournalStatus;
  declare readonly reason?: string;
  readonly writeKey: string;
  readonly type: string | undefined;
  readonly userId: string | undefined;
  // The client's messageId (also held by the dedup memory), or undefined when the origin generated it.
  readonly #messageId: string | undefined;
  readonly #messageIdGenerated: boolean;
  /** An alias's previousId, indexed like userId (undefined for other types). */
  readonly previousId: string | undefined;
  readonly #json: string | undefined;
  // The origin and index themselves, not the caller's ref object: one object fewer per held entry.
  readonly #origin: EventOrigin | undefined;
  readonly #index: number;
  #live: Record<string, unknown> | undefined;

  constructor(seq: number, status: JournalStatus, writeKey: string, event: Record<string, unknown>, reason: string | undefined, origin: EventOriginRef | undefined, userId: string | undefined, previousId: string | undefined) {
    this.seq = seq;
    this.status = status;
    if (reason !== undefined) (this as { reason?: string }).reason = reason;
    this.writeKey = writeKey;
    const type = stringField(event.type);
    this.type = type === undefined ? undefined : (MESSAGE_TYPES.get(type) ?? type);
    this.userId = userId;
    this.previousId = previousId;
    this.#origin = origin?.origin;
    this.#index = origin?.index ?? 0;
    this.#messageIdGenerated = origin?.messageIdGenerated === true && origin.origin.generatedMessageId !== undefined;
    this.#messageId = this.#messageIdGenerated ? undefined : stringField(event.messageId);
    this.#json = origin === undefined ? JSON.stringify(event) : undefined;
  }

  get messageId(): string | undefined {
    return this.#messageIdGenerated ? this.#origin?.generatedMessageId?.(this.#index) : this.#messageId;
  }

  get event(): Record<string, unknown> {
    if (this.#live !== undefined) return this.#live;
    if (this.#origin !== undefined) return this.#origin.rebuild(this.#index, this.messageId);
    return JSON.parse(this.#json ?? '{}') as Record<string, unknown>;
  }

  /** While listeners hear of this entry, `event` is the object just recorded. */
  announcing(event: Record<string, unknown> | undefined): void {
    this.#live = event;
  }

  /** What this entry keeps alive: its own text, or its share of a request's text (charged once per origin). */
  retained(): { readonly origin: EventOrigin | undefined; readonly ownBytes: number } {
    return { origin: this.#origin, ownBytes: this.#json?.length ?? 0 };
  }

  toJSON(): { seq: number; status: JournalStatus; reason?: string; writeKey: string; event: Record<string, unknown> } {
    const { seq, status, reason, writeKey } = this;
    return reason === undefined ? { seq, status, writeKey, event: this.event } : { seq, status, reason, writeKey, event: this.event };
  }
}

/**
 * Every event the collection API saw, in arrival order, bounded in memory: a ring of the newest
 * `capacity` entries plus exact counts of everything ever recorded.
 */
export class EventJournal {
  readonly capacity: number;
  readonly #waitClock: Clock;
  #ring: (JournalEntry | undefined)[] = [];
  #start = 0;
  #size = 0;
  #seq = 0;
  #counts: Record<JournalStatus | 'all', number> = { all: 0, accepted: 0, rejected: 0, duplicate: 0, filtered: 0 };
  readonly #listeners = new Set<JournalListener>();
  // Sources holding accepted events of a user, counted over the held entries (so it is bounded with them):
  // deletions ask this without scanning the journal.
  readonly #users = new Map<string, UserRecord>();
  #ownText = false;
  readonly maxBytes: number;
  #bytes = 0;
  // Held entries per request origin: its text is charged once, while any of its entries is held.
  readonly #originRefs = new Map<EventOrigin, number>();

  constructor(options: EventJournalOptions = {}) {
    const capacity = options.capacity ?? DEFAULT_CAPACITY;
    if (!Number.isInteger(capacity) || capacity < 1) throw new RangeError(`journal capacity must be a positive integer; received ${String(capacity)}`);
    this.capacity = capacity;
    const maxBytes = options.maxBytes ?? DEFAULT_JOURNAL_MAX_BYTES;
    if (!Number.isInteger(maxBytes) || maxBytes < 1) throw new RangeError(`journal maxBytes must be a positive integer; received ${String(maxBytes)}`);
    this.maxBytes = maxBytes;
    this.#waitClock = options.waitClock ?? createSystemClock();
  }

  /**
   * From now on each entry keeps its own JSON text instead of a place in its request's text. Rebuilding from a
   * request parses all of it, so reading every event of a 2,500-event batch (a free-text search, a page of
   * rows) would parse the batch 2,500 times; with its own text a read parses one event. It costs one flat
   * string per event, so only the inspector (`event-harness serve`) turns it on.
   */
  keepOwnText(): void {
    this.#ownText = true;
  }

  /** Records an event; `origin` lets the journal rebuild it from its request instead of keeping a copy. */
  record(status: JournalStatus, writeKey: string, event: Record<string, unknown>, reason?: string, origin?: EventOriginRef): JournalEntry {
    const indexed = status === 'accepted' || status === 'filtered';
    let userId = stringField(event.userId);
    let previousId = stringField(event.previousId);
    if (indexed) {
      if (userId !== undefined) userId = this.#indexUser(userId, writeKey);
      if (previousId !== undefined) previousId = this.#indexUser(previousId, writeKey);
    } else if (userId !== undefined) {
      userId = this.#users.get(userId)?.id ?? userId;
    }
    const entry = new StoredEntry(++this.#seq, status, writeKey, event, reason, this.#ownText ? undefined : origin, userId, previousId);
    if (this.#size === this.capacity) this.#dropOldest();
    this.#place(entry);
    this.#charge(entry, 1);
    // The byte bound: the oldest go until the held text fits (the newest entry always stays).
    while (this.#bytes > this.maxBytes && this.#size > 1) this.#dropOldest();
    this.#counts[status]++;
    this.#counts.all++;
    if (this.#listeners.size > 0) {
      entry.announcing(event);
      this.#announce(entry);
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

  /** Characters of event text held now (see `maxBytes`). */
  get bytes(): number {
    return this.#bytes;
  }

  /** An entry dropped by the cap no longer counts for its users. */
  #evicted(entry: StoredEntry): void {
    if (entry.status !== 'accepted' && entry.status !== 'filtered') return;
    if (entry.userId !== undefined) this.#unindexUser(entry.userId, entry.writeKey);
    if (entry.previousId !== undefined) this.#unindexUser(entry.previousId, entry.writeKey);
  }

  #announce(entry: JournalEntry): void {
    for (const listener of this.#listeners) {
      try {
        listener(entry);
      } catch {
        // A failing listener must not lose the entry for the others.
      }
    }
  }

  /** Entries held now, oldest first. */
  *entries(): IterableIterator<JournalEntry> {
    const length = this.#ring.length;
    for (let i = 0; i < this.#size; i++) yield this.#ring[(this.#start + i) % length] as JournalEntry;
  }

  *#newestFirst(): IterableIterator<JournalEntry> {
    const length = this.#ring.length;
    for (let i = this.#size - 1; i >= 0; i--) yield this.#ring[(this.#start + i) % length] as JournalEntry;
  }

  /** Accepted events, for audience rules. */
  *acceptedEvents(): IterableIterator<{ writeKey: string; event: Record<string, unknown> }> {
    for (const entry of this.entries()) if (entry.status === 'accepted') yield entry;
  }

  /** Write keys of the sources whose held accepted (or filtered) events name `userId` (as userId or previousId). */
  writeKeysForUser(userId: string): readonly string[] {
    return [...(this.#users.get(userId)?.writeKeys.keys() ?? [])];
  }

  /** How many distinct users the held entries index: bounded by the capacity, as everything else here. */
  get indexedUsers(): number {
    return this.#users.size;
  }

  query(query: JournalSearch = {}): JournalPage {
    const limit = query.limit ?? Number.POSITIVE_INFINITY;
    const offset = query.offset ?? 0;
    const match = toSearchMatcher(query);
    const events: JournalEntry[] = [];
    let total = 0;
    for (const entry of query.order === 'newest' ? this.#newestFirst() : this.entries()) {
      if (!match(entry)) continue;
      if (total >= offset && events.length < limit) events.push(entry);
      total++;
    }
    return { total, events };
  }

  /** Exact counts of everything recorded since the last clear, including entries dropped by the cap. */
  counts(): JournalCounts {
    return { ...this.#counts };
  }

  get size(): number {
    return this.#size;
  }

  subscribe(listener: JournalListener): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /** Resolves with the first entry (held now or arriving later) that matches; rejects after `timeout` ms. */
  waitFor(match: JournalMatch | JournalMatchQuery, options: { timeout?: number; signal?: AbortSignal } = {}): Promise<JournalEntry> {
    // Checked before anything is awaited, so a misspelt key fails the call at once instead of timing out.
    let predicate: JournalMatch;
    try {
      predicate = typeof match === 'function' ? match : compileMatch(match, 'journal.waitFor');
    } catch (error) {
      return Promise.reject(error as Error);
    }
    for (const entry of this.entries()) if (predicate(entry)) return Promise.resolve(entry);
    const timeout = options.timeout ?? 5000;
    return new Promise<JournalEntry>((resolve, reject) => {
      const finish = (fn: () => void) => {
        unsubscribe();
        this.#waitClock.clearTimeout(timer);
        options.signal?.removeEventListener('abort', onAbort);
        fn();
      };
      const unsubscribe = this.subscribe((entry) => {
        if (predicate(entry)) finish(() => resolve(entry));
      });
      const timer = this.#waitClock.setTimeout(() => finish(() => reject(new JournalWaitTimeoutError(timeout, this.#size))), timeout);
      const onAbort = () => finish(() => reject(options.signal?.reason instanceof HarnessError ? options.signal.reason : new JournalWaitTimeoutError(0, this.#size)));
      options.signal?.addEventListener('abort', onAbort, { once: true });
    });
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

function toSearchMatcher(query: JournalSearch): JournalMatch {
  const { limit, offset, order, text: rawText, ...matchKeys } = query;
  for (const [key, value] of [['limit', limit], ['offset', offset]] as const) {
    if (value !== undefined && (!Number.isInteger(value) || value < 0)) throw new InvalidJournalQueryError(`journal.query: ${key} must be a whole number >= 0; received ${JSON.stringify(value)}`);
  }
  if (order !== undefined && order !== 'oldest' && order !== 'newest') throw new InvalidJournalQueryError(`journal.query: order must be oldest or newest; received ${JSON.stringify(order)}`);
  const matches = compileMatch(matchKeys, 'journal.query', PAGING_KEYS);
  const text = rawText === undefined || rawText === '' ? undefined : rawText.toLowerCase();
  return text === undefined ? matches : (entry) => matches(entry) && textOf(entry).includes(text);
}
