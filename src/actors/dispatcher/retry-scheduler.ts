import type { Clock, TimerHandle } from '../../clock/clock.js';
import { RetryQueue } from './retry-queue.js';

/** What the scheduler holds: anything with a ticket slot (set while a retry of it is scheduled). */
export interface Schedulable {
  retryTicket: number | undefined;
}

interface Entry<T> {
  readonly item: T;
  readonly ticket: number;
}

/**
 * Retries waiting for their time, on the injected clock: one queue behind one clock timer, not a timer each,
 * so a thousand scheduled retries do not make every fake-clock step scan a thousand timers. A cancelled
 * retry leaves its entry behind; entries whose ticket no longer matches are skipped when they come up.
 */
export class RetryScheduler<T extends Schedulable> {
  readonly #clock: Clock;
  readonly #onDue: (item: T) => void;
  readonly #queue = new RetryQueue<Entry<T>>();
  #timer: TimerHandle | undefined;
  #timerAt: number | undefined;
  #nextTicket = 1;
  #scheduled = 0;

  /** `onDue` gets each item whose time has come, in due order. */
  constructor(clock: Clock, onDue: (item: T) => void) {
    this.#clock = clock;
    this.#onDue = onDue;
  }

  /** Retries scheduled and not yet due or cancelled. */
  get scheduled(): number {
    return this.#scheduled;
  }

  schedule(item: T, at: number): void {
    item.retryTicket = this.#nextTicket++;
    this.#scheduled++;
    this.#queue.push(at, { item, ticket: item.retryTicket });
    this.#arm();
  }

  /** Cancels the item's scheduled retry, if it has one; true when it had. */
  cancel(item: T): boolean {
    if (item.retryTicket === undefined) return false;
    item.retryTicket = undefined;
    this.#scheduled--;
    this.#arm();
    return true;
  }

  /** Epoch millisecond of the earliest scheduled retry, or undefined. */
  nextDue(): number | undefined {
    return this.#first()?.at;
  }

  /** Forgets every scheduled retry (their items keep their stale tickets and are never handed back). */
  clear(): void {
    this.#queue.clear();
    this.#scheduled = 0;
    this.#arm();
  }

  /** The earliest retry still wanted; entries of cancelled retries are dropped on the way. */
  #first(): { readonly at: number; readonly item: Entry<T> } | undefined {
    for (;;) {
      const head = this.#queue.peek();
      if (head === undefined || head.item.item.retryTicket === head.item.ticket) return head;
      this.#queue.pop();
    }
  }

  /** Keeps the one clock timer due with the earliest retry (none when the queue is empty). */
  #arm(): void {
    const at = this.#first()?.at;
    if (at === this.#timerAt) return;
    if (this.#timer !== undefined) this.#clock.clearTimeout(this.#timer);
    this.#timer = undefined;
    this.#timerAt = at;
    if (at !== undefined) this.#timer = this.#clock.setTimeout(() => this.#fire(), Math.max(0, at - this.#clock.now()));
  }

  /** Hands over every retry that is due, in due order, then re-arms the timer for the next one. */
  #fire(): void {
    this.#timer = undefined;
    this.#timerAt = undefined;
    const now = this.#clock.now();
    for (let head = this.#first(); head !== undefined && head.at <= now; head = this.#first()) {
      this.#queue.pop();
      const { item } = head.item;
      item.retryTicket = undefined;
      this.#scheduled--;
      this.#onDue(item);
    }
    this.#arm();
  }
}
