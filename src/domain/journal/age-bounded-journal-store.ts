import type { Clock } from '../../clock/clock.js';
import type { JournalCounts, JournalEntry, JournalPage } from './journal-entry.js';
import type { JournalSearch } from './journal-search.js';
import type { JournalRecord, JournalStore } from './journal-store.js';

/**
 * The journal's age bound (config journal.maxAgeMs): entries recorded longer ago than `maxAgeMs` on the harness
 * clock are no longer held for queries, whatever store keeps them. The store underneath still frees them by its
 * own bounds (count and bytes); counts stay exact, as past the other bounds.
 */
export class AgeBoundedJournalStore implements JournalStore {
  readonly #inner: JournalStore;
  readonly #clock: Clock;
  readonly #maxAgeMs: number;
  // (seq, time recorded) of the entries appended, oldest first, from #head on.
  #seqs: number[] = [];
  #times: number[] = [];
  #head = 0;
  #lastSeq = 0;
  /** Entries with a seq up to this one are past the age bound. */
  #floor = 0;

  constructor(inner: JournalStore, clock: Clock, maxAgeMs: number) {
    if (!Number.isInteger(maxAgeMs) || maxAgeMs < 1)
      throw new RangeError(`journal maxAgeMs must be a positive integer; received ${String(maxAgeMs)}`);
    this.#inner = inner;
    this.#clock = clock;
    this.#maxAgeMs = maxAgeMs;
  }

  get capacity(): number {
    return this.#inner.capacity;
  }

  get maxBytes(): number {
    return this.#inner.maxBytes;
  }

  get rebuildsFromOrigins(): boolean {
    return this.#inner.rebuildsFromOrigins === true;
  }

  append(record: JournalRecord, announce?: (entry: JournalEntry) => void): JournalEntry {
    const entry = this.#inner.append(record, announce);
    this.#seqs.push(entry.seq);
    this.#times.push(this.#clock.now());
    this.#lastSeq = entry.seq;
    // Past the inner store's capacity the tracking of dropped entries goes too, so it stays bounded.
    if (this.#seqs.length - this.#head > this.#inner.capacity) this.#head++;
    return entry;
  }

  entries(): Iterable<JournalEntry> {
    this.#advance();
    const floor = this.#floor;
    const inner = this.#inner.entries();
    return (function* () {
      for (const entry of inner) if (entry.seq > floor) yield entry;
    })();
  }

  query(search: JournalSearch): JournalPage {
    this.#advance();
    if (this.#floor === 0) return this.#inner.query(search);
    const all = this.#inner.query({ ...search, limit: undefined, offset: undefined });
    const held = all.events.filter((entry) => entry.seq > this.#floor);
    const offset = search.offset ?? 0;
    const limit = search.limit ?? Number.POSITIVE_INFINITY;
    return { total: held.length, events: held.slice(offset, offset + limit) };
  }

  writeKeysForUser(userId: string): readonly string[] {
    return this.#inner.writeKeysForUser(userId);
  }

  get indexedUsers(): number {
    return this.#inner.indexedUsers;
  }

  counts(): JournalCounts {
    return this.#inner.counts();
  }

  get size(): number {
    this.#advance();
    return Math.min(this.#inner.size, Math.max(0, this.#lastSeq - this.#floor));
  }

  get bytes(): number {
    return this.#inner.bytes;
  }

  keepOwnText(): void {
    this.#inner.keepOwnText();
  }

  clear(): void {
    this.#inner.clear();
    this.#seqs = [];
    this.#times = [];
    this.#head = 0;
  }

  #advance(): void {
    const cutoff = this.#clock.now() - this.#maxAgeMs;
    while (this.#head < this.#times.length && (this.#times[this.#head] as number) < cutoff)
      this.#floor = this.#seqs[this.#head++] as number;
    if (this.#head >= 1_024 && this.#head * 2 >= this.#seqs.length) {
      this.#seqs.splice(0, this.#head);
      this.#times.splice(0, this.#head);
      this.#head = 0;
    }
  }
}
