import type { Clock, ClockHold } from '../../clock/clock.js';
import { holdClock } from '../../clock/clock-hold.js';
import { realExchange } from '../../clock/real-exchange.js';
import { backoffMs } from '../../contract/backoff.js';
import type { DeliveryAttempt } from '../../contract/generated/wire-types.js';
import { isoTime } from '../../contract/iso-time.js';
import { parseRetryAfter } from '../../contract/retry-after.js';
import type { AttemptOutcome, Verdict } from '../../domain/delivery/classify-outcome.js';
import type { DeliveryTarget, StoredDelivery } from '../../domain/delivery/delivery-record.js';
import type { DeliveryStore } from '../../domain/delivery/delivery-store.js';
import type { WebhookTransport } from '../../domain/delivery/http-transport.js';
import { nextAttemptAt, type RetryPolicy } from '../../domain/delivery/retry-schedule.js';
import { RetryScheduler, type Schedulable } from './retry-scheduler.js';

/** A delivery this process is walking or will walk again: what a store cannot hold (functions, queue places). */
export interface LiveDelivery extends Schedulable {
  readonly id: string;
  readonly classify: (outcome: AttemptOutcome) => Verdict;
  /** Queued or walking now: a redeliver then starts no second walk beside it. */
  active: boolean;
}

/** A walk under way: the clock hold it keeps while it runs, and what it is doing (named in budget errors). */
interface Walk {
  readonly id: string;
  hold: ClockHold | undefined;
  /** The target on the wire, or what the walk waits for. */
  doing: DeliveryTarget | string;
}

const describeWalk = ({ id, doing }: Walk) =>
  `${typeof doing === 'string' ? doing : `${doing.method ?? 'POST'} ${doing.url}`} (delivery ${id})`;

export interface DeliveryPipelineOptions {
  readonly clock: Clock;
  readonly realClock: Clock;
  readonly store: DeliveryStore;
  readonly transport: WebhookTransport;
  readonly concurrency: number;
  readonly policy: RetryPolicy;
  /**
   * The jitter of a delivery's nth retry, in [0, 1): keyed by the delivery and the retry, so it does not depend on
   * what else is walking or in what order walks end.
   */
  readonly jitter: (delivery: StoredDelivery, retry: number) => number;
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
 * then expires it. Every time is on the injected clocks. Each walk holds the harness clock while it runs
 * (docs/rules.md, "Virtual time"): virtual time waits for it, except while a timed-out attempt waits for its
 * virtual deadline, so its records are those of a clock stepped timer by timer, whatever moved the clock.
 */
export class DeliveryPipeline {
  readonly #o: DeliveryPipelineOptions;
  readonly #live = new Map<string, LiveDelivery>();
  readonly #scheduler: RetryScheduler<LiveDelivery>;
  readonly #ready: (LiveDelivery | undefined)[] = [];
  readonly #settledWaiters: (() => void)[] = [];
  readonly #walks = new Set<Walk>();
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

  /** What the walks under way are doing, for a budget error: "POST https://... (delivery d_1)". */
  walking(): string[] {
    return [...this.#walks].map(describeWalk);
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
      const walk: Walk = { id: live.id, hold: undefined, doing: 'starting' };
      walk.hold = holdClock(this.#o.clock, () => describeWalk(walk));
      this.#walks.add(walk);
      void this.#walk(live, walk)
        .catch(() => true)
        .then((walked) => {
          // A walk that scheduled a retry let go already (its timer may even have queued it again). A walk another
          // process claimed is that process's: this one lets go, and takes the delivery up again from the next
          // change it hears of (a retry scheduled) or from the sweep (the lease ran out).
          if (!walked || (live.retryTicket === undefined && this.#o.store.get(live.id)?.nextAttemptAt === undefined)) {
            live.active = false;
            if (this.#live.get(live.id) === live) this.#live.delete(live.id);
          }
          this.#walks.delete(walk);
          this.#inFlight--;
          this.#pump();
          // Released once the next walk (if any) holds the clock: virtual time never sees a gap between them.
          walk.hold?.release();
          if (this.isSettled) for (const resolve of this.#settledWaiters.splice(0)) resolve();
        });
    }
  }

  /** Walks the delivery's URLs; false when the walk was not this process's to make (another claimed it). */
  async #walk(live: LiveDelivery, walk: Walk): Promise<boolean> {
    const { clock, store } = this.#o;
    const { id } = live;
    let claimed: boolean | 'taken-over' = true;
    if (this.#o.claim !== undefined) {
      walk.doing = 'claiming its walk';
      // A walk is keyed by the attempts recorded before it: every process that knows the delivery agrees on it.
      const known = store.get(id);
      claimed = known === undefined ? false : await this.#o.claim(id, known.attempts.length).catch(() => false);
      if (claimed === false) return false;
      if (this.#live.get(id) !== live) return true;
    }
    store.startWalk(id, clock.now(), claimed === 'taken-over');
    await this.#walkTargets(live, walk);
    return true;
  }

  async #walkTargets(live: LiveDelivery, walk: Walk): Promise<void> {
    const { clock, realClock, store, changed } = this.#o;
    const { id } = live;
    const delivery = store.get(id);
    if (delivery === undefined) return;
    let retryable = false;
    let retryAfter: number | undefined;
    for (const target of delivery.targets) {
      const at = clock.now();
      const realStart = realClock.now();
      walk.doing = target;
      const outcome = await this.#send(target, delivery.body, delivery.timeoutMs, walk.hold as ClockHold);
      // Cleared, replaced by a restore, or closed while the attempt was on the wire.
      if (this.#live.get(id) !== live) return;
      const verdict = live.classify(outcome);
      // Both durations: on the fake clock an answered attempt takes 0 ms of harness time (virtual time waits for
      // it), and a timeout exactly the timeout; the real one says how the receiver did.
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
    const delay = retryAfter ?? backoffMs(retries, policy, () => this.#o.jitter(delivery, retries));
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

  /** One attempt, by the rule of virtual time and real I/O: a timeout is no answer within the timeout in real time. */
  async #send(target: DeliveryTarget, body: string, timeoutMs: number, hold: ClockHold): Promise<AttemptOutcome> {
    const { clock, realClock, transport } = this.#o;
    try {
      const { value } = await realExchange<AttemptOutcome>(
        {
          clock,
          realClock,
          hold,
          timeoutMs,
          isTimeout: (outcome) => outcome.kind === 'error' && outcome.code === 'ETIMEDOUT',
        },
        () =>
          transport({
            url: target.url,
            headers: target.headers,
            body,
            ...(target.method !== undefined ? { method: target.method } : {}),
            timeoutMs,
          }),
      );
      return value ?? { kind: 'error', code: 'ETIMEDOUT' };
    } catch (error) {
      return { kind: 'error', code: (error as { code?: string }).code ?? 'ERR_TRANSPORT' };
    }
  }
}
