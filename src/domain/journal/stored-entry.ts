import type { JournalEntry, JournalStatus } from './journal-entry.js';
import type { TextArena } from './text-arena.js';

export function stringField(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

// One string per message type for every entry, not one parsed string each: entries are many and kept long.
const MESSAGE_TYPES = new Map(
  ['identify', 'track', 'page', 'screen', 'group', 'alias', 'delete'].map((type) => [type, type]),
);

/** Where a held event can be rebuilt from, so the journal need not keep it as objects. */
export interface EventOrigin {
  /** The event at `index` of its request, exactly as it was journaled (with the messageId it got then). */
  rebuild(index: number, messageId: string | undefined): Record<string, unknown>;
  /** The messageId the service gave the event at `index`, when the client sent none (same answer each time). */
  generatedMessageId?(index: number): string;
  /** Characters this origin keeps alive (its request text), charged once while any entry refers to it. */
  readonly retainedBytes?: number;
  /**
   * Runs of consecutive entries of this origin that the memory store holds now, written only by that store (an
   * origin belongs to one request, so to one journal). Counted on the origin rather than in a Map keyed by
   * origins: such a Map keeps each request's origin and body reachable from an old object, so they are promoted
   * however short the journal, and promoted bodies bring old-generation collections.
   */
  heldRuns?: number;
  /** The memory journal holds the origin from now on: its text may move into the journal's arena. */
  holdIn?(arena: TextArena): void;
  /** The memory journal holds none of its entries any more: its text leaves the arena. */
  releaseFrom?(arena: TextArena): void;
  /** An entry of it was handed to code that may keep it: its text must outlive the journal's hold. */
  retainText?(): void;
}

/** An event's place in the request it came in, given to `record` by the collection service. */
export interface EventOriginRef {
  readonly origin: EventOrigin;
  readonly index: number;
  /** The service generated its messageId: the origin gives it again, so the entry need not keep it. */
  readonly messageIdGenerated?: boolean;
  /**
   * The event given with it is the request's as parsed and normalised, not yet enriched (no receivedAt, merged
   * context, corrected timestamp): readers, listeners included, get the enriched one rebuilt from the origin.
   * Only given to a store that `rebuildsFromOrigins`.
   */
  readonly unenriched?: boolean;
}

/** What the journal holds of one entry, as its store keeps it (see MemoryJournalStore: in columns, not objects). */
export interface HeldFields {
  readonly seq: number;
  readonly status: JournalStatus;
  readonly writeKey: string;
  readonly reason: string | undefined;
  readonly type: string | undefined;
  readonly userId: string | undefined;
  readonly previousId: string | undefined;
  /** The client's messageId (also held by the dedup memory), or undefined when the origin generated it. */
  readonly messageId: string | undefined;
  readonly messageIdGenerated: boolean;
  /** The event's own JSON, for an entry recorded without an origin (or while the journal keeps own texts). */
  readonly json: string | undefined;
  readonly origin: EventOrigin | undefined;
  readonly index: number;
}

/** The type as the journal holds it: one shared string per message type, not one parsed string per entry. */
export function heldType(event: Record<string, unknown>): string | undefined {
  const type = stringField(event.type);
  return type === undefined ? undefined : (MESSAGE_TYPES.get(type) ?? type);
}

/**
 * One held entry as readers see it. A full journal holds 100,000 events; kept as objects (an entry object, or
 * worse the parsed event graph) every young-generation collection would copy each new one until promoted, so the
 * collector's work would grow with the journal's depth. So the store keeps an entry's fields in
 * columns and makes this view when it is read: the event itself is only a way to rebuild it, from its request's
 * text (one flat string shared by the request's events) or, for events recorded without an origin, its own JSON.
 * Reading `event` builds a fresh copy, so no reader can change what the journal holds; listeners told of a new
 * entry read the live object, as the dispatcher does, without a rebuild.
 */
export class StoredEntry implements JournalEntry {
  readonly seq: number;
  readonly status: JournalStatus;
  declare readonly reason?: string;
  readonly writeKey: string;
  readonly type: string | undefined;
  readonly userId: string | undefined;
  readonly #messageId: string | undefined;
  readonly #messageIdGenerated: boolean;
  /** An alias's previousId, indexed like userId (undefined for other types). */
  readonly previousId: string | undefined;
  readonly #json: string | undefined;
  readonly #origin: EventOrigin | undefined;
  readonly #index: number;
  #live: Record<string, unknown> | undefined;

  constructor(held: HeldFields) {
    this.seq = held.seq;
    this.status = held.status;
    if (held.reason !== undefined) (this as { reason?: string }).reason = held.reason;
    this.writeKey = held.writeKey;
    this.type = held.type;
    this.userId = held.userId;
    this.previousId = held.previousId;
    this.#origin = held.origin;
    this.#index = held.index;
    this.#messageIdGenerated = held.messageIdGenerated;
    this.#messageId = held.messageId;
    this.#json = held.json;
  }

  get messageId(): string | undefined {
    return this.#messageIdGenerated ? this.#origin?.generatedMessageId?.(this.#index) : this.#messageId;
  }

  get event(): Record<string, unknown> {
    if (this.#live !== undefined) return this.#live;
    if (this.#origin !== undefined) return this.#origin.rebuild(this.#index, this.messageId);
    return JSON.parse(this.#json ?? '{}') as Record<string, unknown>;
  }

  /** This view may be kept by whoever gets it: its event stays readable after the journal lets it go. */
  retainText(): void {
    this.#origin?.retainText?.();
  }

  /** While listeners hear of this entry, `event` is the object just recorded. */
  announcing(event: Record<string, unknown> | undefined): void {
    this.#live = event;
  }

  toJSON(): { seq: number; status: JournalStatus; reason?: string; writeKey: string; event: Record<string, unknown> } {
    const { seq, status, reason, writeKey } = this;
    return reason === undefined
      ? { seq, status, writeKey, event: this.event }
      : { seq, status, reason, writeKey, event: this.event };
  }
}

/** `entry` goes to code that may keep it (a listener, a waiter): see StoredEntry.retainText. */
export function retainEntryText(entry: JournalEntry): void {
  if (entry instanceof StoredEntry) entry.retainText();
}
