import type { JournalCounts, JournalEntry, JournalPage, JournalStatus } from './journal-entry.js';
import { toSearchMatcher, type JournalSearch } from './journal-search.js';
import type { JournalRecord, JournalStore } from './journal-store.js';
import { HeldEntryRing } from './held-entry-ring.js';
import { UserSourceIndex } from './user-source-index.js';
import { heldType, StoredEntry, stringField, type EventOrigin } from './stored-entry.js';
import { TextArena } from './text-arena.js';

const DEFAULT_CAPACITY = 100_000;
export const DEFAULT_JOURNAL_MAX_BYTES = 256 * 1024 * 1024;

/** Tells the listeners of a new entry; an event not enriched yet is not the one they must see: they read the rebuilt one. */
function announceEntry(entry: StoredEntry, record: JournalRecord, announce: (entry: JournalEntry) => void): void {
  const live = record.origin?.unenriched !== true;
  if (live) entry.announcing(record.event);
  announce(entry);
  if (live) entry.announcing(undefined);
}

/**
 * The journal in memory: a ring of the newest `capacity` entries (fewer when their text passes `maxBytes`),
 * exact counts of everything ever appended, and an index of the sources holding each user's events.
 */
export class MemoryJournalStore implements JournalStore {
  readonly capacity: number;
  readonly maxBytes: number;
  readonly #ring: HeldEntryRing;
  #seq = 0;
  #counts: Record<JournalStatus | 'all', number> = { all: 0, accepted: 0, rejected: 0, duplicate: 0, filtered: 0 };
  // Sources holding accepted events of a user, bounded with the held entries.
  readonly #users = new UserSourceIndex();
  #ownText = false;
  #bytes = 0;
  // Where held request texts live (see TextArena); none when the store's texts must stay where they are.
  readonly #arena: TextArena | undefined;

  /**
   * `recycleTexts: false` leaves each request's text in its own buffer: for a store mirrored to a durable one,
   * whose rows are written after the append.
   */
  constructor(
    options: { capacity?: number | undefined; maxBytes?: number | undefined; recycleTexts?: boolean | undefined } = {},
  ) {
    const capacity = options.capacity ?? DEFAULT_CAPACITY;
    if (!Number.isInteger(capacity) || capacity < 1)
      throw new RangeError(`journal capacity must be a positive integer; received ${String(capacity)}`);
    this.capacity = capacity;
    const maxBytes = options.maxBytes ?? DEFAULT_JOURNAL_MAX_BYTES;
    if (!Number.isInteger(maxBytes) || maxBytes < 1)
      throw new RangeError(`journal maxBytes must be a positive integer; received ${String(maxBytes)}`);
    this.maxBytes = maxBytes;
    this.#ring = new HeldEntryRing(capacity);
    this.#arena = options.recycleTexts === false ? undefined : new TextArena();
  }

  /** The arena of held request texts, when the store has one. */
  get textArena(): TextArena | undefined {
    return this.#arena;
  }

  keepOwnText(): void {
    this.#ownText = true;
  }

  get rebuildsFromOrigins(): boolean {
    return !this.#ownText;
  }

  /**
   * The user ids an entry is listed under, as the one copy the index keeps: accepted and filtered entries are
   * indexed (the user is seen from their source); others only share a copy already there.
   */
  #userIdsOf(record: JournalRecord): { userId: string | undefined; previousId: string | undefined } {
    const { status, writeKey, event } = record;
    const userId = stringField(event.userId);
    const previousId = stringField(event.previousId);
    if (status !== 'accepted' && status !== 'filtered')
      return { userId: userId === undefined ? undefined : (this.#users.sharedId(userId) ?? userId), previousId };
    return {
      userId: userId === undefined ? undefined : this.#users.add(userId, writeKey),
      previousId: previousId === undefined ? undefined : this.#users.add(previousId, writeKey),
    };
  }

  /**
   * How an entry keeps its event: a place in its request's text, or (keeping own texts, or without a request) its
   * own JSON, of the enriched event (rebuilt, when the service did not enrich it).
   */
  #storedFormOf(record: JournalRecord) {
    const ref = this.#ownText ? undefined : record.origin;
    const origin = ref?.origin;
    const given = record.origin;
    const stored =
      origin === undefined && given?.unenriched === true ? given.origin.rebuild(given.index, undefined) : record.event;
    const json = origin === undefined ? JSON.stringify(stored) : undefined;
    const messageIdGenerated = ref?.messageIdGenerated === true && origin?.generatedMessageId !== undefined;
    return { ref, origin, stored, json, messageIdGenerated };
  }

  append(record: JournalRecord, announce?: (entry: JournalEntry) => void): JournalEntry {
    const { status, writeKey, event, reason } = record;
    const { userId, previousId } = this.#userIdsOf(record);
    const { ref, origin, stored, json, messageIdGenerated } = this.#storedFormOf(record);
    const held = {
      seq: ++this.#seq,
      status,
      writeKey,
      reason,
      type: heldType(event),
      userId,
      previousId,
      messageId: messageIdGenerated ? undefined : stringField(stored.messageId),
      messageIdGenerated,
      json,
      origin,
      index: ref?.index ?? 0,
    };
    const ring = this.#ring;
    // A full ring's oldest slot is the one the new entry takes: it is overwritten, not cleared first.
    if (ring.size === this.capacity) this.#dropOldest(false, origin);
    if (origin !== undefined && origin !== ring.newestOrigin()) this.#originRunStarts(origin);
    ring.push(
      held.seq,
      status,
      writeKey,
      reason,
      held.type,
      userId,
      previousId,
      held.messageId,
      messageIdGenerated,
      json,
      origin,
      held.index,
    );
    this.#bytes += json?.length ?? 0;
    // The byte bound: the oldest go until the held text fits (the newest entry always stays).
    while (this.#bytes > this.maxBytes && ring.size > 1) this.#dropOldest();
    this.#counts[status]++;
    this.#counts.all++;
    // The entry handed back is a view of what is held, made for the caller and not kept: holding an object per
    // entry is what the columns avoid.
    const entry = new StoredEntry(held);
    if (announce !== undefined) announceEntry(entry, record, announce);
    return entry;
  }

  // Runs of consecutive held entries per request origin (a request's events come together, so mostly one), kept
  // on the origin (heldRuns): its text is charged once while any of its entries is held, and counting runs, not
  // entries, touches the origin once per request instead of once per event.
  #originRunStarts(origin: EventOrigin): void {
    const runs = origin.heldRuns ?? 0;
    if (runs === 0) {
      this.#bytes += origin.retainedBytes ?? 0;
      if (this.#arena !== undefined) origin.holdIn?.(this.#arena);
    }
    origin.heldRuns = runs + 1;
  }

  /**
   * `incoming` is the origin of the entry about to take the dropped one's slot: when that drop ends its last run
   * (a journal of one entry), its text stays in the arena, for the new entry holds the request again at once.
   */
  #dropOldest(clear = true, incoming?: EventOrigin): void {
    const ring = this.#ring;
    const oldest = ring.oldest();
    const { origin } = oldest;
    if (origin !== undefined && origin !== ring.secondOldestOrigin()) {
      const runs = (origin.heldRuns ?? 1) - 1;
      origin.heldRuns = runs;
      if (runs === 0) {
        this.#bytes -= origin.retainedBytes ?? 0;
        if (origin !== incoming && this.#arena !== undefined) origin.releaseFrom?.(this.#arena);
      }
    }
    this.#bytes -= oldest.jsonLength;
    ring.dropOldest(clear);
    // An entry dropped by the cap no longer counts for its users.
    if (oldest.status !== 'accepted' && oldest.status !== 'filtered') return;
    if (oldest.userId !== undefined) this.#users.remove(oldest.userId, oldest.writeKey);
    if (oldest.previousId !== undefined) this.#users.remove(oldest.previousId, oldest.writeKey);
  }

  /** Every held entry, oldest first: the caller may keep them, so their texts outlive the journal's hold. */
  *entries(): IterableIterator<JournalEntry> {
    for (let i = 0; i < this.#ring.size; i++) {
      const entry = this.#ring.at(i);
      entry.retainText();
      yield entry;
    }
  }

  // A query's walk: only the entries of the page it answers are handed out (and retained).
  *#oldestFirst(): IterableIterator<StoredEntry> {
    for (let i = 0; i < this.#ring.size; i++) yield this.#ring.at(i);
  }

  *#newestFirst(): IterableIterator<StoredEntry> {
    for (let i = this.#ring.size - 1; i >= 0; i--) yield this.#ring.at(i);
  }

  query(search: JournalSearch): JournalPage {
    const limit = search.limit ?? Number.POSITIVE_INFINITY;
    const offset = search.offset ?? 0;
    const match = toSearchMatcher(search);
    const events: JournalEntry[] = [];
    let total = 0;
    for (const entry of search.order === 'newest' ? this.#newestFirst() : this.#oldestFirst()) {
      if (!match(entry)) continue;
      if (total >= offset && events.length < limit) {
        entry.retainText();
        events.push(entry);
      }
      total++;
    }
    return { total, events };
  }

  writeKeysForUser(userId: string): readonly string[] {
    return this.#users.writeKeys(userId);
  }

  get indexedUsers(): number {
    return this.#users.size;
  }

  counts(): JournalCounts {
    return { ...this.#counts };
  }

  get size(): number {
    return this.#ring.size;
  }

  get bytes(): number {
    return this.#bytes;
  }

  clear(): void {
    for (let i = 0; i < this.#ring.size; i++) {
      const origin = this.#ring.originAt(i);
      if (origin !== undefined && origin.heldRuns !== 0) {
        origin.heldRuns = 0;
        // Copied out, not dropped: a clear can come while a request's events are still being recorded (from a
        // listener), and its next entries must find its text.
        origin.retainText?.();
        if (this.#arena !== undefined) origin.releaseFrom?.(this.#arena);
      }
    }
    this.#ring.clear();
    this.#counts = { all: 0, accepted: 0, rejected: 0, duplicate: 0, filtered: 0 };
    this.#users.clear();
    this.#bytes = 0;
  }
}
