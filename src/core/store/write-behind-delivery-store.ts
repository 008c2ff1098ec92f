import type { DeliveryAttempt } from '../../contract/generated/wire-types.js';
import type { DeliveryState, StoredDelivery } from '../../domain/delivery/delivery-record.js';
import type {
  DeliveryCounts,
  DeliveryPageQuery,
  DeliveryStore,
  NewDelivery,
} from '../../domain/delivery/delivery-store.js';
import type { WriteSink } from './write-sink.js';

/**
 * A delivery store that answers from its in-memory mirror and marks every changed record for the sink, which
 * writes the record as it then is (replaced by id). Ids carry the node's tag (`d_<n>_<node>`), so deliveries
 * created on two nodes at once never share one.
 */
export class WriteBehindDeliveryStore implements DeliveryStore {
  readonly #mirror: DeliveryStore;
  readonly #sink: WriteSink;
  readonly #nodeTag: string;
  #next = 1;

  constructor(mirror: DeliveryStore, sink: WriteSink, nodeTag: string) {
    this.#mirror = mirror;
    this.#sink = sink;
    this.#nodeTag = nodeTag;
  }

  get capacity(): number {
    return this.#mirror.capacity;
  }

  nextId(): string {
    return `d_${this.#next++}_${this.#nodeTag}`;
  }

  insert(delivery: NewDelivery): readonly string[] {
    return this.#changedAnd(delivery.id, this.#mirror.insert(delivery));
  }

  restore(delivery: StoredDelivery): readonly string[] {
    const numbered = /^d_(\d+)_(.+)$/.exec(delivery.id);
    if (numbered?.[2] === this.#nodeTag) this.#next = Math.max(this.#next, Number(numbered[1]) + 1);
    return this.#changedAnd(delivery.id, this.#mirror.restore(delivery));
  }

  get(id: string): StoredDelivery | undefined {
    return this.#mirror.get(id);
  }

  startWalk(id: string, at: number, takenOver = false): void {
    this.#mirror.startWalk(id, at, takenOver);
    this.#changed(id);
  }

  addAttempt(id: string, attempt: DeliveryAttempt): void {
    this.#mirror.addAttempt(id, attempt);
    this.#changed(id);
  }

  setState(id: string, state: DeliveryState): void {
    this.#mirror.setState(id, state);
    this.#changed(id);
  }

  scheduleRetry(id: string, retries: number, due: number): void {
    this.#mirror.scheduleRetry(id, retries, due);
    this.#changed(id);
  }

  reopen(id: string): void {
    this.#mirror.reopen(id);
    this.#changed(id);
  }

  /** Records past the age bound leave the mirror, and their rows the table (in the next commit). */
  expire(): readonly string[] {
    const dropped = this.#mirror.expire();
    for (const gone of dropped) this.#changed(gone);
    return dropped;
  }

  list(state?: DeliveryState): StoredDelivery[] {
    this.expire();
    return this.#mirror.list(state);
  }

  page(query: DeliveryPageQuery): { total: number; deliveries: StoredDelivery[] } {
    this.expire();
    return this.#mirror.page(query);
  }

  counts(): DeliveryCounts {
    this.expire();
    return this.#mirror.counts();
  }

  pendingCount(): number {
    return this.#mirror.pendingCount();
  }

  takeovers(): number {
    return this.#mirror.takeovers();
  }

  clear(): void {
    this.#mirror.clear();
    if (!this.#sink.applying) this.#sink.deliveriesCleared();
  }

  #changed(id: string): void {
    if (!this.#sink.applying) this.#sink.deliveryChanged(id);
  }

  /** The record changed, and so did the ones the mirror dropped to stay within its capacity (deleted rows). */
  #changedAnd(id: string, dropped: readonly string[]): readonly string[] {
    this.#changed(id);
    for (const gone of dropped) this.#changed(gone);
    return dropped;
  }
}
