import type { StoredDelivery } from '../../domain/delivery/delivery-record.js';
import { CopyRows } from './copy-rows.js';
import type { WriteBatch } from './write-queue.js';

interface Waiter {
  readonly generation: number;
  resolve(): void;
  reject(error: unknown): void;
}

/** A failed batch is tried again this long after (sooner when `retryNow` says the store is back). */
const RETRY_MS = 1_000;

/**
 * The write-behind queue: writes pile up while one batch commits, and go together in the next; `flushed()`
 * resolves when the batch holding every write made before it has committed. A failed batch rejects its
 * waiters and is tried again, as it was, before what came after it (nothing taken is dropped).
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
  /** Since when the batch being committed runs, or undefined between commits. */
  #committingSince: number | undefined;
  /** A batch failed and has not committed since: it is held, to be tried again. */
  #failing = false;
  #wakeRetry: (() => void) | undefined;
  #batches = 0;
  /** A batch that failed, to be sent again as it is. */
  #held: { readonly batch: WriteBatch; readonly generation: number } | undefined;

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

  /**
   * Whether writes commit now: no batch held after a failure, and none committing for longer than `boundMs` (a
   * database that stopped answering). Collection requests are refused (503) while not, before anything is taken.
   */
  committing(boundMs: number): boolean {
    if (this.#failing) return false;
    return this.#committingSince === undefined || Date.now() - this.#committingSince < boundMs;
  }

  /** Tries a held batch again now (the store is reachable again) instead of at its next retry. */
  retryNow(): void {
    this.#wakeRetry?.();
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

  /** Everything queued since the last batch, as the next batch (numbered: see WriteBatch.number). */
  #take(): { readonly batch: WriteBatch; readonly generation: number } {
    const generation = this.#queued;
    this.#beforeTake(this.#rows);
    const batch: WriteBatch = {
      number: ++this.#batches,
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
    return { batch, generation };
  }

  async #run(): Promise<void> {
    while (this.#held !== undefined || this.#committed < this.#queued) {
      const next = this.#held ?? this.#take();
      this.#committingSince = Date.now();
      try {
        await this.#commit(next.batch);
        this.#committingSince = undefined;
        this.#held = undefined;
        this.#failing = false;
        this.#committed = next.generation;
        this.#settle(
          (w) => w.generation <= next.generation,
          (w) => w.resolve(),
        );
      } catch (error) {
        this.#committingSince = undefined;
        this.#failing = true;
        // Held as it is and sent again, the same batch under the same number: a commit whose answer was lost may
        // have gone through, and the store then skips it (migrations/009). What came after goes in later batches.
        // The callers waiting hear of the failure now.
        this.#held = next;
        this.#settle(
          () => true,
          (w) => w.reject(error),
        );
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, RETRY_MS);
          timer.unref();
          this.#wakeRetry = () => {
            clearTimeout(timer);
            resolve();
          };
        });
        this.#wakeRetry = undefined;
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
