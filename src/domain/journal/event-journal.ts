import { createSystemClock } from '../../clock/system-clock.js';
import type { Clock } from '../../clock/clock.js';
import { HarnessError } from '../../errors/harness-error.js';
import { JournalWaitTimeoutError } from '../../errors/journal-wait-timeout-error.js';
import type { JournalCounts, JournalEntry, JournalMatchQuery, JournalPage, JournalStatus } from './journal-entry.js';
import { compileMatch, type JournalMatch } from './journal-matcher.js';
import type { JournalSearch } from './journal-search.js';
import type { JournalStore } from './journal-store.js';
import { MemoryJournalStore } from './memory-journal-store.js';
import { retainEntryText, type EventOriginRef } from './stored-entry.js';

export { DEFAULT_JOURNAL_MAX_BYTES } from './memory-journal-store.js';
export type { JournalSearch } from './journal-search.js';
export type { EventOrigin, EventOriginRef } from './stored-entry.js';

export interface EventJournalOptions {
  /** Entries kept (of the default store); the oldest are dropped past it, while counts stay exact. Default 100,000. */
  readonly capacity?: number;
  /** The clock waitFor's timeout runs on: real time by default, because it waits for real arrivals. */
  readonly waitClock?: Clock;
  /**
   * Characters of event text held at most (of the default store; default 256 Mi): a request's text is held
   * while any of its events is. Past it the oldest entries go, as past `capacity`, while counts stay exact.
   */
  readonly maxBytes?: number;
  /** Where entries are kept. Default: in memory, with `capacity` and `maxBytes`. */
  readonly store?: JournalStore;
}

export type JournalListener = (entry: JournalEntry) => void;
export type { JournalMatch };

/**
 * Every event the collection API saw, in arrival order, in a bounded store with exact counts of everything
 * ever recorded; listeners hear each entry as it is recorded, and `waitFor` waits for one that matches.
 */
export class EventJournal {
  readonly #store: JournalStore;
  readonly #waitClock: Clock;
  // Each listener, and whether it may keep the entries it hears of (see subscribe).
  readonly #listeners = new Map<JournalListener, boolean>();
  // forEach, not a for-of over entries: this runs for every event recorded, and it makes no [key, value] pairs.
  readonly #announce = (entry: JournalEntry): void => {
    this.#listeners.forEach((keepsEntries, listener) => {
      if (keepsEntries) retainEntryText(entry);
      try {
        listener(entry);
      } catch {
        // A failing listener must not lose the entry for the others.
      }
    });
  };

  constructor(options: EventJournalOptions = {}) {
    this.#store = options.store ?? new MemoryJournalStore({ capacity: options.capacity, maxBytes: options.maxBytes });
    this.#waitClock = options.waitClock ?? createSystemClock();
  }

  get capacity(): number {
    return this.#store.capacity;
  }

  get maxBytes(): number {
    return this.#store.maxBytes;
  }

  /**
   * From now on each entry keeps its own JSON text instead of a place in its request's text. Rebuilding from a
   * request parses all of it, so reading every event of a 2,500-event batch (a free-text search, a page of
   * rows) would parse the batch 2,500 times; with its own text a read parses one event. It costs one flat
   * string per event, so only the inspector (`event-harness serve`) turns it on.
   */
  keepOwnText(): void {
    this.#store.keepOwnText();
  }

  /** Whether `record` may be given an event not enriched yet, with its origin (see JournalStore.rebuildsFromOrigins). */
  get rebuildsFromOrigins(): boolean {
    return this.#store.rebuildsFromOrigins === true;
  }

  /** Records an event; `origin` lets the journal rebuild it from its request instead of keeping a copy. */
  record(
    status: JournalStatus,
    writeKey: string,
    event: Record<string, unknown>,
    reason?: string,
    origin?: EventOriginRef,
  ): JournalEntry {
    return this.#store.append(
      { status, writeKey, event, reason, origin },
      this.#listeners.size > 0 ? this.#announce : undefined,
    );
  }

  /** Characters of event text held now (see `maxBytes`). */
  get bytes(): number {
    return this.#store.bytes;
  }

  /** Entries held now, oldest first. */
  entries(): Iterable<JournalEntry> {
    return this.#store.entries();
  }

  /** Accepted events, for audience rules. */
  *acceptedEvents(): IterableIterator<{ writeKey: string; event: Record<string, unknown> }> {
    for (const entry of this.#store.entries()) if (entry.status === 'accepted') yield entry;
  }

  /** Write keys of the sources whose held accepted (or filtered) events name `userId` (as userId or previousId). */
  writeKeysForUser(userId: string): readonly string[] {
    return this.#store.writeKeysForUser(userId);
  }

  /** How many distinct users the held entries index: bounded by the capacity, as everything else here. */
  get indexedUsers(): number {
    return this.#store.indexedUsers;
  }

  query(query: JournalSearch = {}): JournalPage {
    return this.#store.query(query);
  }

  /** Exact counts of everything recorded since the last clear, including entries dropped by the cap. */
  counts(): JournalCounts {
    return this.#store.counts();
  }

  get size(): number {
    return this.#store.size;
  }

  /**
   * Calls `listener` with each entry as it is recorded. `keepsEntries: false` promises the listener reads the
   * entry only while it is called: the journal may then free the entry's request text as soon as it drops the
   * entry. By default a listener may keep entries and read them later, and their texts are kept for it.
   */
  subscribe(listener: JournalListener, options: { keepsEntries?: boolean } = {}): () => void {
    this.#listeners.set(listener, options.keepsEntries !== false);
    return () => this.#listeners.delete(listener);
  }

  /** Resolves with the first entry (held now or arriving later) that matches; rejects after `timeout` ms. */
  waitFor(
    match: JournalMatch | JournalMatchQuery,
    options: { timeout?: number; signal?: AbortSignal } = {},
  ): Promise<JournalEntry> {
    // Checked before anything is awaited, so a misspelt key fails the call at once instead of timing out.
    let predicate: JournalMatch;
    try {
      predicate = typeof match === 'function' ? match : compileMatch(match, 'journal.waitFor');
    } catch (error) {
      return Promise.reject(error as Error);
    }
    for (const entry of this.#store.entries()) if (predicate(entry)) return Promise.resolve(entry);
    const timeout = options.timeout ?? 5000;
    return new Promise<JournalEntry>((resolve, reject) => {
      const finish = (fn: () => void) => {
        unsubscribe();
        this.#waitClock.clearTimeout(timer);
        options.signal?.removeEventListener('abort', onAbort);
        fn();
      };
      // A query object keeps nothing, so only the entry handed back must stay readable; a predicate is the
      // caller's own code, which may keep any entry it is shown.
      const unsubscribe = this.subscribe(
        (entry) => {
          if (!predicate(entry)) return;
          retainEntryText(entry);
          finish(() => resolve(entry));
        },
        { keepsEntries: typeof match === 'function' },
      );
      const timer = this.#waitClock.setTimeout(
        () => finish(() => reject(new JournalWaitTimeoutError(timeout, this.#store.size))),
        timeout,
      );
      const onAbort = () =>
        finish(() =>
          reject(
            options.signal?.reason instanceof HarnessError
              ? options.signal.reason
              : new JournalWaitTimeoutError(0, this.#store.size),
          ),
        );
      options.signal?.addEventListener('abort', onAbort, { once: true });
    });
  }

  clear(): void {
    this.#store.clear();
  }
}
