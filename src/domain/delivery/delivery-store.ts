import type { DeliveryAttempt } from '../../contract/generated/wire-types.js';
import type { DeliveryState, StoredDelivery } from './delivery-record.js';

/** A filter for `page()`: every field narrows; `text` is a case-insensitive substring of id, ids, URLs, body or errors. */
export interface DeliveryPageQuery {
  readonly state?: DeliveryState | undefined;
  readonly writeKey?: string | undefined;
  readonly type?: string | undefined;
  readonly messageId?: string | undefined;
  readonly text?: string | undefined;
  readonly limit?: number | undefined;
  readonly offset?: number | undefined;
}

/** Deliveries held, by state. */
export type DeliveryCounts = Record<DeliveryState | 'all', number>;

/** A new delivery, before its first walk. */
export type NewDelivery = Omit<StoredDelivery, 'state' | 'attempts' | 'firstAttemptAt' | 'retries' | 'nextAttemptAt'>;

/**
 * Where deliveries live: records, their attempts and states, and the queries the admin API and the inspector
 * make, within a bounded capacity (docs/limits.md: past it the oldest finished record is dropped) and an optional
 * age bound for finished records (never for pending ones).
 *
 * Every change is one named operation on one record by id (an INSERT or an UPDATE ... WHERE id), never a
 * mutation of an object handed out, so a database can back it. The methods stay synchronous: the PostgreSQL
 * store is a write-behind wrapper over the memory store, which answers every call (docs/scaling.md).
 */
export interface DeliveryStore {
  /** Records held at most; past it the oldest finished ones are dropped. */
  readonly capacity: number;
  /** A fresh id, `d_<n>`, never one held or restored. */
  nextId(): string;
  /** Adds a pending delivery; answers the ids of the finished records dropped to stay within capacity. */
  insert(delivery: NewDelivery): readonly string[];
  /** Takes back an exported record as it was (replacing one of the same id); answers the ids dropped. */
  restore(delivery: StoredDelivery): readonly string[];
  get(id: string): StoredDelivery | undefined;
  /**
   * A walk starts: the retry window starts with the first one; no retry is due while it runs. `takenOver`: it
   * resumes a walk another process claimed and never finished (counted: its request may have reached the receiver).
   */
  startWalk(id: string, at: number, takenOver?: boolean): void;
  addAttempt(id: string, attempt: DeliveryAttempt): void;
  setState(id: string, state: DeliveryState): void;
  /** The walk failed and may be retried: the count of retries so far, and when the next walk is due. */
  scheduleRetry(id: string, retries: number, due: number): void;
  /** Redelivery: pending again, with a fresh retry window. */
  reopen(id: string): void;
  /** Every record, oldest first, optionally of one state. */
  list(state?: DeliveryState): StoredDelivery[];
  /** One page, newest first, with the total that matched. */
  page(query: DeliveryPageQuery): { total: number; deliveries: StoredDelivery[] };
  counts(): DeliveryCounts;
  /**
   * Drops the finished records past the age bound (`delivery.maxAgeMs`, from when they finished, harness clock)
   * and answers their ids; none without a bound. Reads (list, page, counts) do it first.
   */
  expire(): readonly string[];
  /** Unfinished records: read before every dispatch, so it is kept, not counted. */
  pendingCount(): number;
  /** Walks taken over (see startWalk), summed over the records held: each a request the receiver may have had twice. */
  takeovers(): number;
  clear(): void;
}
