import type { Clock } from '../../clock/clock.js';
import type { DeliveryAttempt } from '../../contract/generated/wire-types.js';
import { redactUrlPasswords } from '../../contract/secret-redaction.js';
import type { DeliveryState, StoredDelivery } from './delivery-record.js';
import type { DeliveryCounts, DeliveryPageQuery, DeliveryStore, NewDelivery } from './delivery-store.js';

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

interface HeldDelivery extends Mutable<StoredDelivery> {
  attempts: DeliveryAttempt[];
  /** Which finish this is (a redelivered record finishes again); its entry in the finished queue carries it. */
  finishSeq: number;
}

interface FinishedEntry {
  readonly delivery: HeldDelivery;
  readonly seq: number;
  /** When it finished (harness clock): the age bound counts from here. */
  readonly at: number;
}

export interface MemoryDeliveryStoreOptions {
  /** Records held at most (default 100,000). */
  readonly capacity?: number | undefined;
  /** Finished records older than this (harness clock, ms since they finished) are dropped; pending ones never. */
  readonly maxAgeMs?: number | undefined;
  /** The harness clock the age bound reads; needed with `maxAgeMs`. */
  readonly clock?: Clock | undefined;
}

/** Records held unless a capacity is given (docs/limits.md). */
export const DEFAULT_DELIVERY_CAPACITY = 100_000;

/**
 * A pending record with every field written out, never as `{ ...delivery, state, ... }`: V8 gives a spread copy an
 * oversized property store, and a backlog holds 100,000 records (a test holds the heap bytes per record).
 */
function heldDelivery(
  d: NewDelivery,
  attempts: DeliveryAttempt[],
  firstAttemptAt: number | undefined,
  retries: number,
  nextAttemptAt: number | undefined,
  takeovers: number,
): HeldDelivery {
  return {
    id: d.id,
    destination: d.destination,
    messageId: d.messageId,
    type: d.type,
    writeKey: d.writeKey,
    createdAt: d.createdAt,
    body: d.body,
    targets: d.targets,
    timeoutMs: d.timeoutMs,
    state: 'pending',
    attempts,
    firstAttemptAt,
    retries,
    nextAttemptAt,
    takeovers,
    finishSeq: 0,
  };
}

function matchesText(d: HeldDelivery, text: string): boolean {
  if (
    d.id.toLowerCase().includes(text) ||
    d.messageId.toLowerCase().includes(text) ||
    d.writeKey.toLowerCase().includes(text) ||
    d.body.toLowerCase().includes(text)
  )
    return true;
  // URLs are searched as the admin API shows them (password masked), so a search cannot probe a password.
  return (
    d.targets.some((t) => redactUrlPasswords(t.url).toLowerCase().includes(text)) ||
    d.attempts.some((a) => (a.error ?? String(a.status)).toLowerCase().includes(text))
  );
}

/** The filters of a page query (state, write key, type, messageId, free text) as one test of a delivery. */
function pageMatch(query: DeliveryPageQuery): (delivery: HeldDelivery) => boolean {
  const { state, writeKey, type, messageId } = query;
  const text = query.text === undefined || query.text === '' ? undefined : query.text.toLowerCase();
  return (d) =>
    (state === undefined || d.state === state) &&
    (writeKey === undefined || d.writeKey === writeKey) &&
    (type === undefined || d.type === type) &&
    (messageId === undefined || d.messageId === messageId) &&
    (text === undefined || matchesText(d, text));
}

/**
 * The delivery store in memory, bounded: counts are kept as states change (the inspector reads them on every
 * update) and finished records wait in the order they finished, so dropping the oldest is constant time
 * whatever is pending.
 */
export class MemoryDeliveryStore implements DeliveryStore {
  readonly capacity: number;
  readonly #maxAgeMs: number | undefined;
  readonly #clock: Clock | undefined;
  readonly #deliveries = new Map<string, HeldDelivery>();
  #counts: DeliveryCounts = { all: 0, pending: 0, delivered: 0, failed: 0, expired: 0 };
  // Finished records in the order they finished, for constant-time trimming (stale entries are skipped).
  #finished: (FinishedEntry | undefined)[] = [];
  #finishedHead = 0;
  #finishSeq = 0;
  #nextId = 1;
  #takeovers = 0;

  constructor(options: MemoryDeliveryStoreOptions = {}) {
    this.capacity = options.capacity ?? DEFAULT_DELIVERY_CAPACITY;
    const { maxAgeMs, clock } = options;
    if (maxAgeMs !== undefined && (!Number.isInteger(maxAgeMs) || maxAgeMs < 1))
      throw new RangeError(`delivery maxAgeMs must be a positive integer (ms); received ${String(maxAgeMs)}`);
    if (maxAgeMs !== undefined && clock === undefined)
      throw new RangeError('delivery maxAgeMs needs the harness clock to measure age: pass clock too');
    this.#maxAgeMs = maxAgeMs;
    this.#clock = clock;
  }

  nextId(): string {
    return `d_${this.#nextId++}`;
  }

  insert(delivery: NewDelivery): readonly string[] {
    const held = heldDelivery(delivery, [], undefined, 0, undefined, 0);
    this.#deliveries.set(held.id, held);
    this.#counts.all++;
    this.#counts.pending++;
    return this.#trim();
  }

  restore(delivery: StoredDelivery): readonly string[] {
    const held = heldDelivery(
      delivery,
      delivery.attempts.map((attempt) => ({ ...attempt })),
      delivery.firstAttemptAt,
      delivery.retries,
      delivery.nextAttemptAt,
      delivery.takeovers ?? 0,
    );
    this.#takeovers += held.takeovers ?? 0;
    const replaced = this.#deliveries.get(held.id);
    if (replaced !== undefined) {
      this.#takeovers -= replaced.takeovers ?? 0;
      // Its entry in the finished queue goes stale (the map no longer holds it), so trimming skips it.
      this.#counts[replaced.state]--;
      this.#counts.all--;
      this.#deliveries.delete(held.id);
    }
    this.#deliveries.set(held.id, held);
    this.#counts.all++;
    this.#counts.pending++;
    // Through the same bookkeeping as a live delivery, so counts and trimming stay exact.
    this.#setState(held, delivery.state);
    const numbered = /^d_(\d+)$/.exec(held.id);
    if (numbered?.[1] !== undefined) this.#nextId = Math.max(this.#nextId, Number(numbered[1]) + 1);
    return this.#trim();
  }

  get(id: string): StoredDelivery | undefined {
    return this.#deliveries.get(id);
  }

  startWalk(id: string, at: number, takenOver = false): void {
    const held = this.#deliveries.get(id);
    if (held === undefined) return;
    held.nextAttemptAt = undefined;
    held.firstAttemptAt ??= at;
    if (takenOver) {
      held.takeovers = (held.takeovers ?? 0) + 1;
      this.#takeovers++;
    }
  }

  addAttempt(id: string, attempt: DeliveryAttempt): void {
    this.#deliveries.get(id)?.attempts.push(attempt);
  }

  setState(id: string, state: DeliveryState): void {
    const held = this.#deliveries.get(id);
    if (held !== undefined) this.#setState(held, state);
  }

  scheduleRetry(id: string, retries: number, due: number): void {
    const held = this.#deliveries.get(id);
    if (held === undefined) return;
    held.retries = retries;
    held.nextAttemptAt = due;
  }

  reopen(id: string): void {
    const held = this.#deliveries.get(id);
    if (held === undefined) return;
    this.#setState(held, 'pending');
    held.firstAttemptAt = undefined;
    held.retries = 0;
    held.nextAttemptAt = undefined;
  }

  list(state?: DeliveryState): StoredDelivery[] {
    this.expire();
    const out: StoredDelivery[] = [];
    for (const delivery of this.#deliveries.values())
      if (state === undefined || delivery.state === state) out.push(delivery);
    return out;
  }

  page(query: DeliveryPageQuery): { total: number; deliveries: StoredDelivery[] } {
    this.expire();
    const offset = query.offset ?? 0;
    const limit = query.limit ?? Number.POSITIVE_INFINITY;
    const matches = pageMatch(query);
    const all = [...this.#deliveries.values()];
    const deliveries: StoredDelivery[] = [];
    let total = 0;
    for (let i = all.length - 1; i >= 0; i--) {
      const d = all[i] as HeldDelivery;
      if (!matches(d)) continue;
      if (total >= offset && deliveries.length < limit) deliveries.push(d);
      total++;
    }
    return { total, deliveries };
  }

  counts(): DeliveryCounts {
    this.expire();
    return { ...this.#counts };
  }

  pendingCount(): number {
    return this.#counts.pending;
  }

  takeovers(): number {
    return this.#takeovers;
  }

  clear(): void {
    this.#deliveries.clear();
    this.#counts = { all: 0, pending: 0, delivered: 0, failed: 0, expired: 0 };
    this.#takeovers = 0;
    this.#finished = [];
    this.#finishedHead = 0;
  }

  #setState(delivery: HeldDelivery, state: DeliveryState): void {
    if (delivery.state === state) return;
    this.#counts[delivery.state]--;
    this.#counts[state]++;
    delivery.state = state;
    if (state !== 'pending') {
      delivery.finishSeq = ++this.#finishSeq;
      this.#finished.push({ delivery, seq: delivery.finishSeq, at: this.#clock?.now() ?? 0 });
    }
  }

  /**
   * Drops the finished records older than the age bound (by when they finished), oldest first, and answers their
   * ids: constant time per record dropped or skipped, whatever is pending. Pending records are never dropped.
   */
  expire(): readonly string[] {
    if (this.#maxAgeMs === undefined || this.#clock === undefined) return NONE;
    const cutoff = this.#clock.now() - this.#maxAgeMs;
    return this.#dropFinished((entry) => entry.at < cutoff);
  }

  /** Drops the oldest finished records past the capacity, and those past the age bound. */
  #trim(): readonly string[] {
    const expired = this.expire();
    const dropped = this.#dropFinished(() => this.#deliveries.size > this.capacity);
    return expired.length === 0 ? dropped : [...expired, ...dropped];
  }

  /** Drops finished records from the oldest while `more` says so of the oldest one still held. */
  #dropFinished(more: (oldest: FinishedEntry) => boolean): readonly string[] {
    let dropped: string[] | undefined;
    while (this.#finishedHead < this.#finished.length) {
      const entry = this.#finished[this.#finishedHead] as FinishedEntry;
      const { delivery, seq } = entry;
      // Skipped when it was redelivered since (pending again, or finished later with a newer entry).
      const stale =
        delivery.finishSeq !== seq || delivery.state === 'pending' || this.#deliveries.get(delivery.id) !== delivery;
      if (!stale && !more(entry)) break;
      this.#finished[this.#finishedHead++] = undefined;
      if (stale) continue;
      this.#deliveries.delete(delivery.id);
      this.#counts[delivery.state]--;
      this.#counts.all--;
      this.#takeovers -= delivery.takeovers ?? 0;
      (dropped ??= []).push(delivery.id);
    }
    if (this.#finishedHead >= 1_024 && this.#finishedHead * 2 >= this.#finished.length) {
      this.#finished.splice(0, this.#finishedHead);
      this.#finishedHead = 0;
    }
    return dropped ?? NONE;
  }
}

const NONE: readonly string[] = Object.freeze([]);
