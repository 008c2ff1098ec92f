import type { StoredDelivery } from '../../domain/delivery/delivery-record.js';
import { CopyRows } from './copy-rows.js';
import type { WriteBatch } from './write-queue.js';

interface Waiter {
  readonly generation: number;
  resolve(): void;
  reject(error: unknown): void;
}

/**
 * The write-behind queue: writes pile up while one batch commits, and go together in the next; `flushed()`
 * resolves when the batch holding every write made before it has committed. A failed batch rejects its
 * waiters and is put back in front of what came after it, to be tried again.
 */
export class FlushGate {
  readonly #commit: (batch: WriteBatch) => Promise<void>;
  #readDelivery: (id: string) => StoredDelivery | undefined = () => undefined;
  #rows = new CopyRows();
  #deliveries = new Set<string>();
  #resetJournal = false;
  #resetDeliveries = false;
  #clockNow: number | undefined;
  #queued = 0;
  #committed = 0;
  #running = false;
  #waiters: Waiter[] = [];

  readonly #beforeTake: (rows: CopyRows) => void;

  /** `beforeTake` writes rows still being gathered (a request's row) before a batch takes them. */
  constructor(commit: (batch: WriteBatch) => Promise<void>, beforeTake: (rows: CopyRows) => void = () => undefined) {
    this.#commit = commit;
    this.#beforeTake = beforeTake;
  }

  /** Where a changed delivery is read at commit time (its record as it then is). */
  readDeliveriesFrom(read: (id: string) => StoredDelivery | undefined): void {
    this.#readDelivery = read;
  }

  /** Journal rows written by `write` (as COPY text) or gathered until the batch is taken (`beforeTake`). */
  entries(write: (rows: CopyRows) => void): void {
    write(this.#rows);
    this.#touch();
  }

  delivery(id: string): void {
    this.#deliveries.add(id);
    this.#touch();
  }

  resetJournal(): void {
    this.#rows = new CopyRows();
    this.#resetJournal = true;
    this.#touch();
  }

  resetDeliveries(): void {
    this.#deliveries.clear();
    this.#resetDeliveries = true;
    this.#touch();
  }

  clock(now: number): void {
    this.#clockNow = now;
    this.#touch();
  }

  flushed(): Promise<void> {
    if (this.#committed >= this.#queued) return Promise.resolve();
    return new Promise((resolve, reject) => this.#waiters.push({ generation: this.#queued, resolve, reject }));
  }

  #touch(): void {
    this.#queued++;
    // Everything written in this turn of the event loop goes in one batch.
    if (!this.#running) {
      this.#running = true;
      setImmediate(() => void this.#run());
    }
  }

  async #run(): Promise<void> {
    while (this.#committed < this.#queued) {
      const generation = this.#queued;
      this.#beforeTake(this.#rows);
      const batch: WriteBatch = {
        resetJournal: this.#resetJournal,
        resetDeliveries: this.#resetDeliveries,
        clockNow: this.#clockNow,
        journal: { rows: this.#rows.rows, frames: this.#rows.take() },
        deliveries: new Map([...this.#deliveries].map((id) => [id, this.#readDelivery(id)])),
      };
      this.#deliveries = new Set();
      this.#resetJournal = false;
      this.#resetDeliveries = false;
      this.#clockNow = undefined;
      try {
        await this.#commit(batch);
        this.#committed = generation;
        this.#settle(
          (w) => w.generation <= generation,
          (w) => w.resolve(),
        );
      } catch (error) {
        // Put back in front, to go with the next try; the callers waiting hear of the failure now.
        this.#rows.putBack(batch.journal.frames, batch.journal.rows);
        for (const id of batch.deliveries.keys()) this.#deliveries.add(id);
        this.#resetJournal ||= batch.resetJournal;
        this.#resetDeliveries ||= batch.resetDeliveries;
        this.#clockNow ??= batch.clockNow;
        this.#settle(
          () => true,
          (w) => w.reject(error),
        );
        await new Promise((resolve) => setTimeout(resolve, 1_000).unref());
      }
    }
    this.#running = false;
  }

  #settle(which: (w: Waiter) => boolean, settle: (w: Waiter) => void): void {
    const remaining: Waiter[] = [];
    for (const waiter of this.#waiters) (which(waiter) ? settle : (w: Waiter) => remaining.push(w))(waiter);
    this.#waiters = remaining;
  }
}
