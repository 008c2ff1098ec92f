import type { JournalStatus } from './journal-entry.js';
import { StoredEntry, type EventOrigin } from './stored-entry.js';

// The fields of one held entry, at these offsets of its slot in one flat array (see HeldEntryRing).
const SEQ = 0;
const STATUS = 1;
const WRITE_KEY = 2;
const REASON = 3;
const TYPE = 4;
const USER_ID = 5;
const PREVIOUS_ID = 6;
const MESSAGE_ID = 7;
const GENERATED = 8;
const JSON_TEXT = 9;
const ORIGIN = 10;
const INDEX = 11;
const STRIDE = 12;

/** What the store reads of the oldest entry to let it go. */
interface OldestFields {
  status: JournalStatus;
  writeKey: string;
  userId: string | undefined;
  previousId: string | undefined;
  jsonLength: number;
  origin: EventOrigin | undefined;
}

/**
 * The journal's held entries in arrival order, as fields in one flat array (STRIDE values an entry) rather
 * than an object each: a full journal holds 100,000 entries, and an object per entry would be copied by each
 * young-generation collection until promoted, then marked by each old-generation one, so the collector's work
 * would grow with the journal's depth at every ingest. Written here, a new entry allocates nothing but what it points to
 * (strings and its request's origin, which are shared). A reader gets a StoredEntry view, made on its first read
 * and kept while the entry is held, so a view read twice is the same object (the free-text search caches by it).
 *
 * A ring of at most `capacity` entries that grows by pushing (an empty journal costs nothing).
 */
export class HeldEntryRing {
  readonly capacity: number;
  #slots: unknown[] = [];
  /** Views made by readers, per slot; empty until the first read. */
  #views: (StoredEntry | undefined)[] = [];
  /** Slots allocated (entries that fit before the array grows again). */
  #allocated = 0;
  #start = 0;
  #size = 0;
  readonly #oldest: OldestFields = {
    status: 'accepted',
    writeKey: '',
    userId: undefined,
    previousId: undefined,
    jsonLength: 0,
    origin: undefined,
  };

  constructor(capacity: number) {
    this.capacity = capacity;
  }

  get size(): number {
    return this.#size;
  }

  /** The origin of the newest entry, or undefined when none is held (or it has none). */
  newestOrigin(): EventOrigin | undefined {
    return this.#size === 0 ? undefined : (this.#field(this.#size - 1, ORIGIN) as EventOrigin | undefined);
  }

  /** Appends an entry after the newest; the caller makes room first (size < capacity). */
  push(
    seq: number,
    status: JournalStatus,
    writeKey: string,
    reason: string | undefined,
    type: string | undefined,
    userId: string | undefined,
    previousId: string | undefined,
    messageId: string | undefined,
    messageIdGenerated: boolean,
    json: string | undefined,
    origin: EventOrigin | undefined,
    index: number,
  ): void {
    if (this.#size === this.#allocated) this.#grow();
    const slot = (this.#start + this.#size) % this.#allocated;
    const slots = this.#slots;
    const at = slot * STRIDE;
    slots[at + SEQ] = seq;
    slots[at + STATUS] = status;
    slots[at + WRITE_KEY] = writeKey;
    slots[at + REASON] = reason;
    slots[at + TYPE] = type;
    slots[at + USER_ID] = userId;
    slots[at + PREVIOUS_ID] = previousId;
    slots[at + MESSAGE_ID] = messageId;
    slots[at + GENERATED] = messageIdGenerated;
    slots[at + JSON_TEXT] = json;
    slots[at + ORIGIN] = origin;
    slots[at + INDEX] = index;
    if (this.#views.length > 0) this.#views[slot] = undefined;
    this.#size++;
  }

  /**
   * The fields of the oldest entry the store needs to let it go: its users, the text it charged. The answer is
   * one object reused by every call (a full journal drops an entry per event), valid until the next call.
   */
  oldest(): Readonly<OldestFields> {
    const at = this.#start * STRIDE;
    const slots = this.#slots;
    const oldest = this.#oldest;
    oldest.status = slots[at + STATUS] as JournalStatus;
    oldest.writeKey = slots[at + WRITE_KEY] as string;
    oldest.userId = slots[at + USER_ID] as string | undefined;
    oldest.previousId = slots[at + PREVIOUS_ID] as string | undefined;
    oldest.jsonLength = (slots[at + JSON_TEXT] as string | undefined)?.length ?? 0;
    oldest.origin = slots[at + ORIGIN] as EventOrigin | undefined;
    return oldest;
  }

  /** The origin of the entry `position` places from the oldest (undefined when it has none). */
  originAt(position: number): EventOrigin | undefined {
    return this.#field(position, ORIGIN) as EventOrigin | undefined;
  }

  /** The origin of the entry after the oldest (undefined when there is none). */
  secondOldestOrigin(): EventOrigin | undefined {
    return this.#size < 2 ? undefined : (this.#field(1, ORIGIN) as EventOrigin | undefined);
  }

  /**
   * Forgets the oldest entry: its slot lets go of what it pointed to, unless `clear` is false because a push
   * follows at once into the same slot (a full ring), which writes every field.
   */
  dropOldest(clear = true): void {
    const at = this.#start * STRIDE;
    if (clear) this.#slots.fill(undefined, at, at + STRIDE);
    if (this.#views.length > 0) this.#views[this.#start] = undefined;
    this.#start = (this.#start + 1) % this.#allocated;
    this.#size--;
  }

  /** The entry `position` places from the oldest, as a view (made once while it is held). */
  at(position: number): StoredEntry {
    const slot = (this.#start + position) % this.#allocated;
    if (this.#views.length === 0) this.#views = new Array<StoredEntry | undefined>(this.#allocated).fill(undefined);
    let view = this.#views[slot];
    if (view === undefined) {
      const s = this.#slots;
      const at = slot * STRIDE;
      view = new StoredEntry({
        seq: s[at + SEQ] as number,
        status: s[at + STATUS] as JournalStatus,
        writeKey: s[at + WRITE_KEY] as string,
        reason: s[at + REASON] as string | undefined,
        type: s[at + TYPE] as string | undefined,
        userId: s[at + USER_ID] as string | undefined,
        previousId: s[at + PREVIOUS_ID] as string | undefined,
        messageId: s[at + MESSAGE_ID] as string | undefined,
        messageIdGenerated: s[at + GENERATED] as boolean,
        json: s[at + JSON_TEXT] as string | undefined,
        origin: s[at + ORIGIN] as EventOrigin | undefined,
        index: s[at + INDEX] as number,
      });
      this.#views[slot] = view;
    }
    return view;
  }

  clear(): void {
    this.#slots = [];
    this.#views = [];
    this.#allocated = 0;
    this.#start = 0;
    this.#size = 0;
  }

  #field(position: number, field: number): unknown {
    return this.#slots[((this.#start + position) % this.#allocated) * STRIDE + field];
  }

  /** Room for more entries (doubling, up to capacity), copied oldest first into a new array. */
  #grow(): void {
    const allocated = Math.min(this.capacity, Math.max(64, this.#allocated * 2));
    this.#slots = reordered(this.#slots, this.#start * STRIDE, allocated * STRIDE);
    if (this.#views.length > 0) this.#views = reordered(this.#views, this.#start, allocated);
    this.#start = 0;
    this.#allocated = allocated;
  }
}

/** `ring` from `start` on, then its beginning, at the front of a new array of `length` (the rest undefined). */
function reordered<T>(ring: readonly (T | undefined)[], start: number, length: number): (T | undefined)[] {
  const next = new Array<T | undefined>(length).fill(undefined);
  let to = 0;
  for (let from = start; from < ring.length; from++) next[to++] = ring[from];
  for (let from = 0; from < start; from++) next[to++] = ring[from];
  return next;
}
