import type { Clock } from '../../clock/clock.js';
import { backoffMs } from '../../contract/backoff.js';
import type { DeliveryAttempt } from '../../contract/generated/wire-types.js';
import { isoTime } from '../../contract/iso-time.js';
import { parseRetryAfter } from '../../contract/retry-after.js';
import type { AttemptOutcome, Verdict } from '../../domain/delivery/classify-outcome.js';
import type { DeliveryTarget } from '../../domain/delivery/delivery-record.js';
import type { DeliveryStore } from '../../domain/delivery/delivery-store.js';
import type { WebhookTransport } from '../../domain/delivery/http-transport.js';
import { nextAttemptAt, type RetryPolicy } from '../../domain/delivery/retry-schedule.js';
import type { AttemptWatch } from './attempt-watch.js';
import { RetryScheduler, type Schedulable } from './retry-scheduler.js';

/** A delivery this process is walking or will walk again: what a store cannot hold (functions, queue places). */
export interface LiveDelivery extends Schedulable {
  readonly id: string;
  readonly classify: (outcome: AttemptOutcome) => Verdict;
  /** Queued or walking now: a redeliver then starts no second walk beside it. */
  active: boolean;
}

export interface DeliveryPipelineOptions {
  readonly clock: Clock;
  readonly realClock: Clock;
  readonly store: DeliveryStore;
  readonly transport: WebhookTransport;
  /** A custom transport may not report when its request is written; its attempts count as written from the start. */
  readonly reportsWritten: boolean;
  readonly concurrency: number;
  readonly policy: RetryPolicy;
  readonly random: () => number;
  readonly watch: AttemptWatch;
  /** Called after every change of a delivery (an attempt, a state, a retry scheduled). */
  readonly changed: (id: string) => void;
  /**
   * Claims a walk before it is sent, when several processes share the deliveries: false means another process
   * has it, and this one does not send; 'taken-over' means this process won it from a process whose lease ran out
   * mid-walk (that one may have sent a request it never recorded). Absent (one process): every walk is this
   * process's, with no await.
   */
  readonly claim?: WalkClaim | undefined;
}

/** See DeliveryPipelineOptions.claim. */
export type WalkClaim = (id: string, walk: number) => Promise<boolean | 'taken-over'>;

/**
 * The delivery pipeline (rule 4.1, 5, 7): walks queued deliveries, at most `concurrency` at once, through
 * their URLs in order until the first 2xx; classifies each outcome; records every attempt in the store;
 * schedules a retryable walk with seeded backoff (or the receiver's Retry-After) within the retry window,
 * then expires it. Every time is on the injected clocks.
 */
export class DeliveryPipeline {
  readonly #o: DeliveryPipelineOptions;
  readonly #live = new Map<string, LiveDelivery>();
  readonly #scheduler: RetryScheduler<LiveDelivery>;
  readonly #ready: (LiveDelivery | undefined)[] = [];
  readonly #settledWaiters: (() => void)[] = [];
  #readyHead = 0;
  #inFlight = 0;
  #closed = false;

  constructor(options: DeliveryPipelineOptions) {
    this.#o = options;
    this.#scheduler = new RetryScheduler(options.clock, (live) => this.#enqueue(live));
  }

  get inFlight(): number {
    return this.#inFlight;
  }

  get queued(): number {
    return this.#ready.length - this.#readyHead;
  }

  get scheduled(): number {
    return this.#scheduler.scheduled;
  }

  /** No walk queued or in flight (retries may be scheduled). */
  get isSettled(): boolean {
    return this.#inFlight === 0 && this.#ready.length === this.#readyHead;
  }

  nextRetryAt(): number | undefined {
    return this.#scheduler.nextDue();
  }

  isActive(id: string): boolean {
    return this.#live.get(id)?.active === true;
  }

  /** Deliveries this process walks, has queued or has a retry scheduled for. */
  get cared(): number {
    return this.#live.size;
  }

  /** Walks the delivery now, unless a walk of it is queued or under way; cancels a retry it had scheduled. */
  start(id: string, classify: (outcome: AttemptOutcome) => Verdict): void {
    let live = this.#live.get(id);
    if (live === undefined) {
      live = { id, classify, active: false, retryTicket: undefined };
      this.#live.set(id, live);
    } else this.#scheduler.cancel(live);
    this.#enqueue(live);
  }

  /** Schedules a walk at `due` (a retry another process recorded), unless a walk of it is queued or under way. */
  scheduleAt(id: string, classify: (outcome: AttemptOutcome) => Verdict, due: number): void {
    let live = this.#live.get(id);
    if (live?.active === true) return;
    if (live === undefined) {
      live = { id, classify, active: false, retryTicket: undefined };
      this.#live.set(id, live);
    } else this.#scheduler.cancel(live);
    this.#scheduler.schedule(live, due);
  }

  /** Stops caring for these deliveries (replaced or dropped): a walk under way ends after its current attempt. */
  forget(ids: readonly string[]): void {
    for (const id of ids) {
      const live = this.#live.get(id);
      if (live === undefined) continue;
      this.#scheduler.cancel(live);
      this.#live.delete(id);
    }
  }

  /** Resolves when no walk is queued or in flight. */
  settled(): Promise<void> {
    if (this.isSettled) return Promise.resolve();
    return new Promise((resolve) => this.#settledWaiters.push(resolve));
  }

  clear(): void {
    this.#scheduler.clear();
    this.#live.clear();
    this.#ready.length = 0;
    this.#readyHead = 0;
  }

  close(): void {
    this.#closed = true;
    this.clear();
  }

  #enqueue(live: LiveDelivery): void {
    if (this.#closed || live.active) return;
    live.active = true;
    this.#ready.push(live);
    this.#pump();
  }

  #pump(): void {
    while (this.#inFlight < this.#o.concurrency && this.#ready.length > this.#readyHead) {
      const live = this.#ready[this.#readyHead] as LiveDelivery;
      this.#ready[this.#readyHead++] = undefined;
      // Compact now and then instead of shift() per walk, which is O(queue) on a long queue.
      if (this.#readyHead >= 1_024 && this.#readyHead * 2 >= this.#ready.length) {
        this.#ready.splice(0, this.#readyHead);
        this.#readyHead = 0;
      }
      this.#inFlight++;
      void this.#walk(live)
        .catch(() => true)
        .then((walked) => {
          // A walk that scheduled a retry let go already (its timer may even have queued it again). A walk another
          // process claimed is that process's: this one lets go, and takes the delivery up again from the next
          // change it hears of (a retry scheduled) or from the sweep (the lease ran out).
          if (!walked || (live.retryTicket === undefined && this.#o.store.get(live.id)?.nextAttemptAt === undefined)) {
            live.active = false;
            if (this.#live.get(live.id) === live) this.#live.delete(live.id);
          }
          this.#inFlight--;
          this.#pump();
          this.#o.watch.progress();
          if (this.isSettled) for (const resolve of this.#settledWaiters.splice(0)) resolve();
        });
    }
  }

  /** Walks the delivery's URLs; false when the walk was not this process's to make (another claimed it). */
  async #walk(live: LiveDelivery): Promise<boolean> {
    const { clock, store } = this.#o;
    const { id } = live;
    let claimed: boolean | 'taken-over' = true;
    if (this.#o.claim !== undefined) {
      // A walk is keyed by the attempts recorded before it: every process that knows the delivery agrees on it.
      const known = store.get(id);
      claimed = known === undefined ? false : await this.#o.claim(id, known.attempts.length).catch(() => false);
      if (claimed === false) return false;
      if (this.#live.get(id) !== live) return true;
    }
    store.startWalk(id, clock.now(), claimed === 'taken-over');
    await this.#walkTargets(live);
    return true;
  }

  async #walkTargets(live: LiveDelivery): Promise<void> {
    const { clock, realClock, store, changed } = this.#o;
    const { id } = live;
    const delivery = store.get(id);
    if (delivery === undefined) return;
    let retryable = false;
    let retryAfter: number | undefined;
    for (const target of delivery.targets) {
      const at = clock.now();
      const realStart = realClock.now();
      const outcome = await this.#send(target, delivery.body, delivery.timeoutMs);
      // Cleared, replaced by a restore, or closed while the attempt was on the wire.
      if (this.#live.get(id) !== live) return;
      const verdict = live.classify(outcome);
      // Both durations: on the fake clock the harness time of an attempt is 0 ms, which says nothing of the receiver.
      const timing = {
        durationMs: clock.now() - at,
        realDurationMs: Math.round((realClock.now() - realStart) * 10) / 10,
        verdict,
      };
      const attempt: DeliveryAttempt =
        outcome.kind === 'response'
          ? {
              url: target.url,
              at: isoTime(at),
              status: outcome.status,
              ...timing,
              ...(outcome.body !== undefined ? { answer: outcome.body } : {}),
            }
          : { url: target.url, at: isoTime(at), error: outcome.code, ...timing };
      store.addAttempt(id, attempt);
      if (verdict === 'success') {
        store.setState(id, 'delivered');
        changed(id);
        return;
      }
      if (verdict === 'retryable') {
        retryable = true;
        if (outcome.kind === 'response' && outcome.status === 429)
          retryAfter = parseRetryAfter(outcome.retryAfter, clock.now()) ?? retryAfter;
      }
      changed(id);
    }
    if (!retryable) {
      store.setState(id, 'failed');
      changed(id);
      return;
    }
    this.#scheduleRetry(live, retryAfter);
  }

  #scheduleRetry(live: LiveDelivery, retryAfter: number | undefined): void {
    const { clock, store, policy } = this.#o;
    const delivery = store.get(live.id);
    if (delivery === undefined) return;
    const retries = delivery.retries + 1;
    const delay = retryAfter ?? backoffMs(retries, policy, this.#o.random);
    const due = nextAttemptAt(clock.now(), delivery.firstAttemptAt ?? clock.now(), delay, policy);
    if (due === undefined) {
      store.setState(live.id, 'expired');
      this.#o.changed(live.id);
      return;
    }
    store.scheduleRetry(live.id, retries, due);
    live.active = false;
    this.#scheduler.schedule(live, due);
    this.#o.changed(live.id);
  }

  async #send(target: DeliveryTarget, body: string, timeoutMs: number): Promise<AttemptOutcome> {
    const { watch } = this.#o;
    const attempt = watch.begin(target.url, this.#o.clock.now() + timeoutMs, !this.#o.reportsWritten);
    try {
      const outcome = await this.#o.transport({
        url: target.url,
        headers: target.headers,
        body,
        ...(target.method !== undefined ? { method: target.method } : {}),
        timeoutMs,
        onWritten: () => watch.written(attempt),
      });
      watch.answered(target.url, outcome.kind === 'error' && outcome.code === 'ETIMEDOUT');
      return outcome;
    } catch (error) {
      return { kind: 'error', code: (error as { code?: string }).code ?? 'ERR_TRANSPORT' };
    } finally {
      watch.end(attempt);
    }
  }
}
