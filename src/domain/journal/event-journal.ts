import { createSystemClock } from '../../clock/system-clock.js';
import type { Clock } from '../../clock/clock.js';
import { HarnessError } from '../../errors/harness-error.js';
import { InvalidJournalQueryError } from '../../errors/admin-errors.js';
import { JournalWaitTimeoutError } from '../../errors/clock-errors.js';
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

export interface JournalSubscribeOptions {
  /**
   * false promises the listener reads an entry only while it is called: the journal may then free the entry's
   * request text as soon as it drops the entry. Default true: the listener may keep entries and read them later.
   */
  readonly keepsEntries?: boolean;
  /** The statuses the listener hears of (default all): an entry no listener hears of is not shaped for them. */
  readonly statuses?: readonly JournalStatus[];
}

/** How a listener subscribed: whether it keeps entries, and the statuses it hears (undefined: all). */
interface Hearing {
  readonly keepsEntries: boolean;
  readonly statuses: ReadonlySet<JournalStatus> | undefined;
}

const STATUSES: readonly JournalStatus[] = ['accepted', 'rejected', 'duplicate', 'filtered'];

/**
 * Every event the collection API saw, in arrival order, in a bounded store with exact counts of everything
 * ever recorded; listeners hear each entry as it is recorded, and `waitFor` waits for one that matches.
 */
export class EventJournal {
  readonly #store: JournalStore;
  readonly #waitClock: Clock;
  // Each listener, and how it hears (see subscribe).
  readonly #listeners = new Map<JournalListener, Hearing>();
  // How many listeners hear of each status: an entry of a status none hears of is recorded without a view made.
  readonly #hearing: Record<JournalStatus, number> = { accepted: 0, rejected: 0, duplicate: 0, filtered: 0 };
  readonly #recorded: Record<JournalStatus, number> = { accepted: 0, rejected: 0, duplicate: 0, filtered: 0 };
  // forEach, not a for-of over entries: this runs for every event recorded, and it makes no [key, value] pairs.
  readonly #announce = (entry: JournalEntry): void => {
    this.#listeners.forEach((hearing, listener) => {
      if (hearing.statuses !== undefined && !hearing.statuses.has(entry.status)) return;
      if (hearing.keepsEntries) retainEntryText(entry);
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
    this.#recorded[status]++;
    return this.#store.append(
      { status, writeKey, event, reason, origin },
      this.#hearing[status] > 0 ? this.#announce : undefined,
    );
  }

  /**
   * Entries recorded through this journal since it was made, by status (a shared store's rows from other nodes
   * included, as listeners hear them): what a listener of every status would have heard. A clear does not reset them.
   */
  recordedByStatus(): Readonly<Record<JournalStatus, number>> {
    return { ...this.#recorded };
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
   * Calls `listener` with each entry as it is recorded (of the `statuses` it names, by default all); see
   * JournalSubscribeOptions. Subscribing a listener again replaces how it hears.
   */
  subscribe(listener: JournalListener, options: JournalSubscribeOptions = {}): () => void {
    const statuses = options.statuses === undefined ? undefined : new Set(options.statuses);
    for (const status of statuses ?? [])
      if (!STATUSES.includes(status))
        throw new InvalidJournalQueryError(
          `journal.subscribe: statuses must name ${STATUSES.join(', ')}; received ${JSON.stringify(status)}`,
        );
    this.#unsubscribe(listener);
    for (const status of STATUSES) if (statuses === undefined || statuses.has(status)) this.#hearing[status]++;
    const hearing = { keepsEntries: options.keepsEntries !== false, statuses };
    this.#listeners.set(listener, hearing);
    return () => {
      if (this.#listeners.get(listener) === hearing) this.#unsubscribe(listener);
    };
  }

  #unsubscribe(listener: JournalListener): void {
    const hearing = this.#listeners.get(listener);
    if (hearing === undefined) return;
    this.#listeners.delete(listener);
    for (const status of STATUSES)
      if (hearing.statuses === undefined || hearing.statuses.has(status)) this.#hearing[status]--;
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
