import { JournalWaitTimeoutError } from '../../errors/clock-errors.js';
import { HarnessError } from '../../errors/harness-error.js';
import type {
  JournalCounts,
  JournalEntry,
  JournalMatchQuery,
  JournalPage,
} from '../../domain/journal/journal-entry.js';
import { compileMatch, type IndexedEntry, type JournalMatch } from '../../domain/journal/journal-matcher.js';
import { toSearchMatcher, type JournalSearch } from '../../domain/journal/journal-search.js';
import type { AdminHttpClient } from './admin-http-client.js';

/** The match keys GET /events filters on itself; properties, traits and context are deep partials, matched here. */
const SERVER_KEYS = ['status', 'type', 'userId', 'anonymousId', 'writeKey', 'messageId', 'event', 'name'] as const;
const DEEP_KEYS = ['properties', 'traits', 'context'] as const;

/** Real-time gaps between polls of a wait: quick at first, then no more than 10 a second. */
const FIRST_POLL_MS = 10;
const MAX_POLL_MS = 100;

interface EventsAnswer {
  readonly total: number;
  readonly counts: JournalCounts;
  readonly events: readonly JournalEntry[];
}

/** The entry as the matcher reads it: the fields the journal indexes, taken from the event. */
function indexed(entry: JournalEntry): IndexedEntry {
  const text = (value: unknown) => (typeof value === 'string' ? value : undefined);
  return {
    ...entry,
    type: text(entry.event.type),
    userId: text(entry.event.userId),
    messageId: text(entry.event.messageId),
  };
}

function serverFilters(query: JournalMatchQuery): Record<string, string | undefined> {
  const filters: Record<string, string | undefined> = {};
  for (const key of SERVER_KEYS) filters[key] = query[key];
  return filters;
}

const hasDeepKeys = (query: JournalMatchQuery) => DEEP_KEYS.some((key) => query[key] !== undefined);

/**
 * A run's event journal on a shared server, read through its admin API (GET /events): the same queries and
 * matches as a local harness's journal, answered asynchronously. `waitFor` polls, bounded by its timeout.
 */
export class RemoteJournal {
  readonly #admin: AdminHttpClient;

  constructor(admin: AdminHttpClient) {
    this.#admin = admin;
  }

  /** Entries matching `query`, in arrival order (or newest first), paged as a local journal pages them. */
  async query(query: JournalSearch = {}): Promise<JournalPage> {
    // Checked here first, so a misspelt key fails as it does locally, before any request.
    toSearchMatcher(query);
    const { limit, offset, order, text, ...match } = query;
    const paging = { limit, offset, order, q: text };
    if (!hasDeepKeys(match)) {
      const answer = await this.#admin.get<EventsAnswer>('/events', { ...serverFilters(match), ...paging });
      return { total: answer.total, events: answer.events };
    }
    // Deep partials are matched here, over every entry the string keys leave; then paged as the journal pages.
    const predicate = compileMatch(match, 'journal.query');
    const answer = await this.#admin.get<EventsAnswer>('/events', { ...serverFilters(match), order, q: text });
    const matching = answer.events.filter((entry) => predicate(indexed(entry)));
    const from = offset ?? 0;
    return {
      total: matching.length,
      events: matching.slice(from, limit === undefined ? undefined : from + limit),
    };
  }

  /** Every entry matching `query` (all of them by default), in arrival order. */
  async events(query: JournalSearch = {}): Promise<readonly JournalEntry[]> {
    return (await this.query(query)).events;
  }

  /** How many entries were recorded, by status and in all. */
  async counts(): Promise<JournalCounts> {
    return (await this.#admin.get<EventsAnswer>('/events', { limit: 0 })).counts;
  }

  /**
   * Resolves with the first entry (held now or arriving later) that matches; rejects with
   * JournalWaitTimeoutError after `timeout` real ms (default 5,000), or when `signal` aborts.
   */
  async waitFor(
    match: JournalMatch | JournalMatchQuery,
    options: { timeout?: number; signal?: AbortSignal } = {},
  ): Promise<JournalEntry> {
    const predicate: JournalMatch =
      typeof match === 'function'
        ? match
        : (
            (compiled) => (entry: JournalEntry) =>
              compiled(indexed(entry))
          )(compileMatch(match, 'journal.waitFor'));
    const filters = typeof match === 'function' ? {} : serverFilters(match);
    const timeout = options.timeout ?? 5_000;
    const deadline = Date.now() + timeout;
    // Entries already looked at (the filtered list in arrival order): each poll reads only what came after.
    let scanned = 0;
    let gap = FIRST_POLL_MS;
    let held = 0;
    for (;;) {
      if (options.signal?.aborted === true) {
        const reason: unknown = options.signal.reason;
        throw reason instanceof HarnessError ? reason : new JournalWaitTimeoutError(0, held);
      }
      const answer = await this.#admin.get<EventsAnswer>('/events', { ...filters, order: 'oldest', offset: scanned });
      held = answer.counts.all;
      // Fewer than scanned: the run was reset (or entries evicted), so look from the start again.
      if (answer.total < scanned) {
        scanned = 0;
        continue;
      }
      const found = answer.events.find((entry) => predicate(entry));
      if (found !== undefined) return found;
      scanned += answer.events.length;
      const left = deadline - Date.now();
      if (left <= 0) throw new JournalWaitTimeoutError(timeout, held);
      await pause(Math.min(gap, left), options.signal);
      gap = Math.min(MAX_POLL_MS, gap * 2);
    }
  }
}

function pause(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    }
    signal?.addEventListener('abort', done, { once: true });
  });
}
