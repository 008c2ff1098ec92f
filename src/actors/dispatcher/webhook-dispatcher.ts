import { isFakeClock, type Clock, type TimerHandle } from '../../clock/clock.js';
import { createSystemClock } from '../../clock/system-clock.js';
import type { DeliveryAttempt, DeliveryRecord, WebhookSettings } from '../../contract/generated/wire-types.js';
import { validate } from '../../contract/validators.js';
import { buildEventPayload, type AliasFields } from '../../domain/delivery/build-payload.js';
import { classifyActionsOutcome, classifyOutcome, type AttemptOutcome, type Verdict } from '../../domain/delivery/classify-outcome.js';
import { ACTIONS_TIMEOUT_MS } from '../../domain/delivery/actions-request.js';
import { createHttpTransport, type WebhookTransport } from '../../domain/delivery/http-transport.js';
import { webhookHeaders } from '../../domain/delivery/webhook-headers.js';
import { backoffMs, DEFAULT_RETRY_POLICY, nextAttemptAt, parseRetryAfter, type RetryPolicy } from '../../domain/delivery/retry-schedule.js';
import { DeliveryNotFoundError } from '../../errors/delivery-not-found-error.js';
import { InvalidWebhookSettingsError } from '../../errors/invalid-webhook-settings-error.js';
import { RunBudgetExceededError } from '../../errors/run-budget-exceeded-error.js';
import { DeliveryBacklogFullError } from '../../errors/delivery-backlog-full-error.js';
import { MAX_BATCH_EVENTS } from '../../domain/collection/collection-limits.js';

const BATCH_HEADROOM = MAX_BATCH_EVENTS;
import { seededRandom } from '../../core/faults/seeded-random.js';
import { isDestinationEnabled } from '../../domain/routing/is-destination-enabled.js';
import { isoTime } from './iso-time.js';
import { redactUrlPasswords } from '../../contract/secret-redaction.js';
import { RetryQueue } from './retry-queue.js';
import { serializePayload } from '../../domain/signing/serialize-payload.js';
import { signPayload } from '../../domain/signing/sign-payload.js';

export interface WebhookDispatcherOptions {
  readonly clock: Clock;
  /** Seeds the backoff jitter so a run replays. Default 1. */
  readonly seed?: number;
  readonly userAgent?: string;
  readonly aliasFields?: AliasFields;
  /** rule 4.1: the receiver must answer (headers and body) within 5 s. */
  readonly timeoutMs?: number;
  readonly retry?: Partial<RetryPolicy>;
  /** Walks in flight at once. Default 32. */
  readonly concurrency?: number;
  /** Extra PEM certificates trusted besides the system store. */
  readonly ca?: readonly string[];
  /** Replaces HTTP, e.g. for an in-process receiver. */
  readonly transport?: WebhookTransport;
  /** Refuse webhook targets on private, link-local and loopback addresses after DNS (shared deployments). Default false. */
  readonly blockPrivateTargets?: boolean;
  /**
   * Records kept. Past it the oldest finished record is dropped (constant time); when every record is
   * unfinished, a collection event is dropped and counted (`dropped`) and deletions and audience syncs are
   * refused (DeliveryBacklogFullError); the server refuses collection requests first (429). Default 100,000.
   */
  readonly capacity?: number;
  /** runUntilIdle moves virtual time on once every in-flight request has waited this long (real time) for an answer after being fully written, so a receiver that hangs is cut off by its virtual timeout. Default 1000. */
  readonly settleGraceMs?: number;
}

/** Real time run-until-idle and a settled advance may take before they answer what is unfinished. */
export const DEFAULT_RUN_BUDGET_MS = 30_000;
/**
 * Real time a request to a receiver that keeps hanging may go unanswered before it counts as hanging.
 * Short enough that a receiver hanging on every retry costs seconds over the 4-hour window, long enough that
 * a slow answer on a loaded machine is not cut off (50 ms was: a 2-core CI under test load).
 */
const KNOWN_HANG_GRACE_MS = 250;
/** Timeouts in a row, with no answer between, after which a URL counts as one that hangs. */
const KNOWN_HANG_AFTER = 3;

export interface RunOptions {
  /** Real milliseconds to spend at most; then a RunBudgetExceededError names what did not finish. */
  readonly budgetMs?: number;
}

export interface DeliveryTarget {
  readonly url: string;
  readonly headers: Readonly<Record<string, string>>;
  /** Absent: POST. Webhooks (Actions) mappings may use PUT or PATCH. */
  readonly method?: 'POST' | 'PUT' | 'PATCH';
}

/** The destination kind a delivery belongs to: the classic Webhooks, or Webhooks (Actions). */
export type DestinationKind = 'Webhooks' | 'Webhooks (Actions)';

/** A delivery as the admin API shows it: the schema's record plus the exact request, for inspection. */
export interface DeliveryView extends DeliveryRecord {
  readonly destination: DestinationKind;
  readonly createdAt: string;
  readonly request: { readonly method: string; readonly url: string; readonly headers: Readonly<Record<string, string>>; readonly body: string };
  readonly targets: readonly DeliveryTarget[];
}

export type DeliveryListener = (delivery: DeliveryView) => void;

interface Delivery {
  readonly id: string;
  readonly destination: DestinationKind;
  readonly timeoutMs: number;
  readonly classify: (outcome: AttemptOutcome) => Verdict;
  readonly messageId: string;
  readonly type: string;
  readonly writeKey: string;
  readonly createdAt: number;
  readonly body: string;
  readonly targets: readonly DeliveryTarget[];
  state: DeliveryRecord['state'];
  attempts: DeliveryAttempt[];
  firstAttemptAt: number | undefined;
  retries: number;
  nextAttemptAt: number | undefined;
  /** Set while a retry is scheduled: the ticket of its entry in the retry queue (a cancelled one is skipped). */
  retryTicket: number | undefined;
  /** Queued or walking now: a redeliver then starts no second walk beside it. */
  active: boolean;
  /** Which finish this is (a redelivered record finishes again); its entry in the finished queue carries it. */
  finishSeq: number;
}

interface ScheduledRetry {
  readonly delivery: Delivery;
  readonly ticket: number;
}

export interface DispatchPayloadInput {
  readonly writeKey: string;
  readonly settings: WebhookSettings;
  readonly payload: Record<string, unknown>;
  readonly messageId?: string;
}

/** A request built elsewhere (Webhooks (Actions)): its own targets, timeout and retry classes. */
export interface DispatchRequestInput {
  readonly writeKey: string;
  readonly destination: DestinationKind;
  readonly type: string;
  readonly messageId: string;
  readonly body: string;
  readonly targets: readonly DeliveryTarget[];
  readonly timeoutMs: number;
  readonly classify: (outcome: AttemptOutcome) => Verdict;
}

/** A filter for `page()`: every field narrows; `text` is a case-insensitive substring of id, ids, URLs, body or errors. */
export interface DeliveryPageQuery {
  readonly state?: DeliveryRecord['state'] | undefined;
  readonly writeKey?: string | undefined;
  readonly type?: string | undefined;
  readonly messageId?: string | undefined;
  readonly text?: string | undefined;
  readonly limit?: number | undefined;
  readonly offset?: number | undefined;
}

function matchesText(d: Delivery, text: string): boolean {
  if (d.id.toLowerCase().includes(text) || d.messageId.toLowerCase().includes(text) || d.writeKey.toLowerCase().includes(text) || d.body.toLowerCase().includes(text)) return true;
  // URLs are searched as the admin API shows them (password masked), so a search cannot probe a password.
  return d.targets.some((t) => redactUrlPasswords(t.url).toLowerCase().includes(text)) || d.attempts.some((a) => (a.error ?? String(a.status)).toLowerCase().includes(text));
}

/**
 * Delivers webhook payloads the way rule 4.1, 5 and 7 say, with every time on the injected clock:
 * serialize once, sign those bytes, walk the URLs in order until the first 2xx, classify each outcome, and
 * retry retryable walks with seeded exponential backoff for 4 hours, then expire.
 */
export class WebhookDispatcher {
  readonly #clock: Clock;
  readonly #realClock: Clock = createSystemClock();
  readonly #random: () => number;
  readonly #userAgent: string;
  readonly #aliasFields: AliasFields;
  readonly #timeoutMs: number;
  readonly #policy: RetryPolicy;
  readonly #concurrency: number;
  readonly #transport: WebhookTransport & { close?: () => void };
  readonly #capacity: number;
  readonly #settleGraceMs: number;
  readonly #deliveries = new Map<string, Delivery>();
  readonly #ready: Delivery[] = [];
  readonly #listeners = new Set<DeliveryListener>();
  readonly #settledWaiters: (() => void)[] = [];
  readonly #idleHooks = new Set<() => boolean>();
  readonly #validSettings = new WeakSet<WebhookSettings>();
  #inFlight = 0;
  #readyHead = 0;
  // Real times at which in-flight attempts finished writing their request (undefined: still connecting/writing).
  readonly #attemptsInFlight = new Map<number, { readonly url: string; readonly deadline: number; writtenAt: number | undefined }>();
  readonly #progressWaiters: (() => void)[] = [];
  // URLs whose last attempts all timed out, and how many: a receiver that keeps hanging is given a short grace,
  // so its 20 retries in 4 hours cost short waits, not a second each. One answer ends it: a receiver that hung
  // once and then answers slowly on a busy machine keeps the full grace.
  readonly #timedOutUrls = new Map<string, number>();
  #attemptSeq = 0;
  readonly #customTransport: boolean;
  #scheduled = 0;
  // Scheduled retries wait in one queue behind one clock timer, not a timer each.
  readonly #retries = new RetryQueue<ScheduledRetry>();
  #retryTimer: TimerHandle | undefined;
  #retryTimerAt: number | undefined;
  #nextTicket = 1;
  #nextId = 1;
  #closed = false;
  // Held records by state, kept as they change: counts() is read on every inspector update.
  #counts = { all: 0, pending: 0, delivered: 0, failed: 0, expired: 0 };
  // Finished records in the order they finished, for constant-time trimming (stale entries are skipped).
  #finished: { delivery: Delivery; seq: number }[] = [];
  #finishedHead = 0;
  #finishSeq = 0;
  #dropped = 0;

  constructor(options: WebhookDispatcherOptions) {
    this.#clock = options.clock;
    this.#random = seededRandom(options.seed ?? 1);
    this.#userAgent = options.userAgent ?? 'Segment.io/1.0';
    this.#aliasFields = options.aliasFields ?? 'standard';
    this.#timeoutMs = options.timeoutMs ?? 5_000;
    this.#policy = { ...DEFAULT_RETRY_POLICY, ...options.retry };
    this.#concurrency = options.concurrency ?? 32;
    this.#capacity = options.capacity ?? 100_000;
    this.#settleGraceMs = options.settleGraceMs ?? 1_000;
    this.#customTransport = options.transport !== undefined;
    this.#transport = options.transport ?? createHttpTransport({ clock: this.#clock, ...(options.ca !== undefined ? { ca: options.ca } : {}), maxSockets: this.#concurrency * 2, ...(options.blockPrivateTargets === true ? { blockPrivateTargets: true } : {}) });
  }

  /** Validates destination settings (rule 2.1) once per settings object. */
  assertSettings(settings: WebhookSettings): void {
    if (this.#validSettings.has(settings)) return;
    const result = validate('webhook-settings', settings);
    if (!result.ok) throw new InvalidWebhookSettingsError(result.violations);
    this.#validSettings.add(settings);
  }

  /** Forwards an accepted collection event, unless the integrations map filters the Webhooks destination. */
  dispatchEvent(input: { writeKey: string; settings: WebhookSettings; event: Record<string, unknown> }): DeliveryView | undefined {
    if (!isDestinationEnabled(input.event.integrations)) return undefined;
    const messageId = typeof input.event.messageId === 'string' ? input.event.messageId : undefined;
    if (this.#full()) {
      // The event is journaled and its request answered: the drop is counted and announced, never silent.
      this.#dropped++;
      return undefined;
    }
    return this.dispatchPayload({ writeKey: input.writeKey, settings: input.settings, payload: buildEventPayload(input.event, this.#aliasFields), ...(messageId !== undefined ? { messageId } : {}) });
  }

  /** Sends a ready-made payload (delete notifications, audience Identify calls). */
  dispatchPayload(input: DispatchPayloadInput): DeliveryView {
    this.assertSettings(input.settings);
    if (this.#full()) throw new DeliveryBacklogFullError(this.#counts.pending, this.#capacity);
    const body = serializePayload(input.payload);
    const signature = input.settings.sharedSecret !== undefined ? signPayload(input.settings.sharedSecret, body) : undefined;
    const targets = input.settings.webhooks.map((hook) => ({ url: hook.url, headers: webhookHeaders(hook.headers as Record<string, string> | undefined, this.#userAgent, signature) }));
    return this.dispatchRequest({
      writeKey: input.writeKey,
      destination: 'Webhooks',
      type: typeof input.payload.type === 'string' ? input.payload.type : 'unknown',
      messageId: input.messageId ?? (typeof input.payload.messageId === 'string' ? input.payload.messageId : ''),
      body,
      targets,
      timeoutMs: this.#timeoutMs,
      classify: classifyOutcome,
    });
  }

  /** Sends a request already built (body, targets with their headers and method, timeout, retry classes). */
  dispatchRequest(input: DispatchRequestInput): DeliveryView {
    const id = `d_${this.#nextId++}`;
    const delivery: Delivery = {
      id,
      destination: input.destination,
      timeoutMs: input.timeoutMs,
      classify: input.classify,
      messageId: input.messageId === '' ? id : input.messageId,
      type: input.type,
      writeKey: input.writeKey,
      createdAt: this.#clock.now(),
      body: input.body,
      targets: input.targets,
      state: 'pending',
      attempts: [],
      firstAttemptAt: undefined,
      retries: 0,
      nextAttemptAt: undefined,
      retryTicket: undefined,
      active: false,
      finishSeq: 0,
    };
    this.#deliveries.set(id, delivery);
    this.#counts.all++;
    this.#counts.pending++;
    this.#trim();
    this.#enqueue(delivery);
    return this.#view(delivery);
  }

  list(filter: { state?: DeliveryRecord['state'] | undefined } = {}): DeliveryView[] {
    const out: DeliveryView[] = [];
    for (const delivery of this.#deliveries.values()) if (filter.state === undefined || delivery.state === filter.state) out.push(this.#view(delivery));
    return out;
  }

  /**
   * One page of deliveries, newest first, filtered, with the total that matched: views are built only for
   * the page, so an inspector listing 100 of 100,000 deliveries does not copy all of them.
   */
  page(query: DeliveryPageQuery = {}): { total: number; deliveries: DeliveryView[] } {
    const offset = query.offset ?? 0;
    const limit = query.limit ?? Number.POSITIVE_INFINITY;
    const text = query.text === undefined || query.text === '' ? undefined : query.text.toLowerCase();
    const all = [...this.#deliveries.values()];
    const deliveries: DeliveryView[] = [];
    let total = 0;
    for (let i = all.length - 1; i >= 0; i--) {
      const d = all[i] as Delivery;
      if (query.state !== undefined && d.state !== query.state) continue;
      if (query.writeKey !== undefined && d.writeKey !== query.writeKey) continue;
      if (query.type !== undefined && d.type !== query.type) continue;
      if (query.messageId !== undefined && d.messageId !== query.messageId) continue;
      if (text !== undefined && !matchesText(d, text)) continue;
      if (total >= offset && deliveries.length < limit) deliveries.push(this.#view(d));
      total++;
    }
    return { total, deliveries };
  }

  /** Deliveries held, by state. */
  counts(): Record<DeliveryRecord['state'] | 'all', number> {
    return { ...this.#counts };
  }

  /** Collection events not delivered because every held record was unfinished (see `capacity`). */
  get dropped(): number {
    return this.#dropped;
  }

  /** True when as many records are unfinished as the store holds: the server then refuses collection requests. */
  get backlogFull(): boolean {
    return this.#counts.pending >= this.#capacity;
  }

  get capacity(): number {
    return this.#capacity;
  }

  // Past the capacity by a whole batch at most: the server checks before a request, and one batch may add 2,500.
  #full(): boolean {
    return this.#counts.pending >= this.#capacity + BATCH_HEADROOM;
  }

  /** Epoch millisecond of the earliest scheduled retry, or undefined when none is scheduled. */
  nextRetryAt(): number | undefined {
    return this.#nextDue();
  }

  get(id: string): DeliveryView {
    const delivery = this.#deliveries.get(id);
    if (delivery === undefined) throw new DeliveryNotFoundError(id);
    return this.#view(delivery);
  }

  /**
   * Takes back a delivery saved by an export, as it was: its attempts and state. It is not resumed, not even
   * a pending one (the receiver may be another by now); `redeliver(id)` sends it again. Its id stays, and new
   * deliveries are numbered after it.
   */
  restore(view: DeliveryView): DeliveryView {
    const first = view.targets[0];
    if (first === undefined) throw new RangeError(`delivery ${view.id} has no target URL`);
    const createdAt = Date.parse(view.createdAt);
    const nextAttemptAt = view.nextAttemptAt === undefined ? undefined : Date.parse(String(view.nextAttemptAt));
    const delivery: Delivery = {
      id: view.id,
      messageId: view.messageId,
      type: view.type,
      writeKey: view.writeKey,
      createdAt: Number.isNaN(createdAt) ? this.#clock.now() : createdAt,
      body: view.request.body,
      targets: view.targets.map((target) => ({ ...target, headers: { ...target.headers } })),
      state: 'pending',
      attempts: view.attempts.map((attempt) => ({ ...attempt })),
      firstAttemptAt: view.attempts[0] === undefined ? undefined : Date.parse(view.attempts[0].at),
      retries: Math.max(0, view.attempts.length - 1),
      nextAttemptAt: nextAttemptAt === undefined || Number.isNaN(nextAttemptAt) ? undefined : nextAttemptAt,
      retryTicket: undefined,
      active: false,
      finishSeq: 0,
      // A redelivery of a restored record follows its kind's rules (an export before Actions existed is Webhooks).
      destination: view.destination ?? 'Webhooks',
      timeoutMs: view.destination === 'Webhooks (Actions)' ? ACTIONS_TIMEOUT_MS : this.#timeoutMs,
      classify: view.destination === 'Webhooks (Actions)' ? classifyActionsOutcome : classifyOutcome,
    };
    const replaced = this.#deliveries.get(view.id);
    if (replaced !== undefined) {
      // Its entry in the finished queue goes stale (the map no longer holds it), so trimming skips it.
      this.#counts[replaced.state]--;
      this.#counts.all--;
      this.#deliveries.delete(view.id);
    }
    this.#deliveries.set(view.id, delivery);
    this.#counts.all++;
    this.#counts.pending++;
    // Through the same bookkeeping as a live delivery, so counts and trimming stay exact.
    this.#setState(delivery, view.state);
    const numbered = /^d_(\d+)$/.exec(view.id);
    if (numbered?.[1] !== undefined) this.#nextId = Math.max(this.#nextId, Number(numbered[1]) + 1);
    this.#trim();
    this.#notify(delivery);
    return this.#view(delivery);
  }

  /** Starts a new walk now, whatever the state; the retry window restarts from it. */
  redeliver(id: string): DeliveryView {
    const delivery = this.#deliveries.get(id);
    if (delivery === undefined) throw new DeliveryNotFoundError(id);
    // A walk already queued or under way is the redelivery; a second one would send the event twice at once.
    if (delivery.active) return this.#view(delivery);
    if (delivery.retryTicket !== undefined) {
      delivery.retryTicket = undefined;
      this.#scheduled--;
      this.#armRetryTimer();
    }
    this.#setState(delivery, 'pending');
    delivery.firstAttemptAt = undefined;
    delivery.retries = 0;
    delivery.nextAttemptAt = undefined;
    this.#enqueue(delivery);
    return this.#view(delivery);
  }

  /**
   * Work held outside the dispatcher that must go out before it counts as idle (a partial Webhooks (Actions)
   * batch): runUntilIdle calls the hook when nothing else is left; it sends what it holds and says whether
   * it sent anything.
   */
  addIdleHook(hook: () => boolean): () => void {
    this.#idleHooks.add(hook);
    return () => this.#idleHooks.delete(hook);
  }

  #releaseHeld(): boolean {
    let released = false;
    for (const hook of this.#idleHooks) if (hook()) released = true;
    return released;
  }

  subscribe(listener: DeliveryListener): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /** Walks waiting or in flight, and retries scheduled on the clock. */
  get activity(): { inFlight: number; queued: number; scheduled: number } {
    return { inFlight: this.#inFlight, queued: this.#ready.length - this.#readyHead, scheduled: this.#scheduled };
  }

  /** Resolves when no walk is queued or in flight (scheduled retries may remain). */
  settled(): Promise<void> {
    if (this.#inFlight === 0 && this.#ready.length === this.#readyHead) return Promise.resolve();
    return new Promise((resolve) => this.#settledWaiters.push(resolve));
  }

  /**
   * On a fake clock: lets in-flight I/O settle, then fires the next due timer, until nothing is queued,
   * in flight or scheduled. A receiver that never answers is cut off when virtual time reaches its timeout.
   * Gives up after `budgetMs` of real time (default 30 s) with a RunBudgetExceededError naming what is unfinished.
   */
  async runUntilIdle(options: RunOptions = {}): Promise<void> {
    const clock = this.#clock;
    const deadline = this.#realClock.now() + (options.budgetMs ?? DEFAULT_RUN_BUDGET_MS);
    for (;;) {
      const settled = this.#inFlight === 0 && this.#ready.length === this.#readyHead;
      if (settled && this.#scheduled === 0) {
        // Batches held for their size (Webhooks (Actions) batch mode) go out once nothing else is left.
        if (this.#releaseHeld()) continue;
        return;
      }
      this.#checkBudget(deadline, options.budgetMs ?? DEFAULT_RUN_BUDGET_MS);
      if (!settled && (await this.#waitWhileAnswering(deadline))) continue;
      if (!isFakeClock(clock)) {
        await this.#progressWithin(Math.min(Math.max(1, (this.#nextDue() ?? clock.now()) - clock.now()), Math.max(1, deadline - this.#realClock.now())));
        continue;
      }
      const fired = await clock.next();
      if (!fired) await this.#progressWithin(Math.min(this.#settleGraceMs, Math.max(1, deadline - this.#realClock.now())));
    }
  }

  /**
   * On a fake clock: moves virtual time to the epoch millisecond `time` one due timer at a time, letting the
   * walks those timers start finish over real I/O before time moves on (as runUntilIdle does), so "+1 h"
   * shows each retry's real answer instead of cutting every request off by its virtual timeout.
   */
  async runUntil(time: number, options: RunOptions = {}): Promise<void> {
    const clock = this.#clock;
    if (!isFakeClock(clock)) return;
    const deadline = this.#realClock.now() + (options.budgetMs ?? DEFAULT_RUN_BUDGET_MS);
    for (;;) {
      this.#checkBudget(deadline, options.budgetMs ?? DEFAULT_RUN_BUDGET_MS);
      if (!(this.#inFlight === 0 && this.#ready.length === this.#readyHead) && (await this.#waitWhileAnswering(deadline, time))) continue;
      const due = clock.nextTimerAt();
      if (due === undefined || due > time) {
        await clock.advanceTo(time);
        return;
      }
      await clock.next();
    }
  }

  /**
   * While some in-flight request may still be answered in real time, waits for the next sign of progress
   * (an attempt written or finished) or for it to count as hanging; true when it waited. Progress wakes the
   * wait at once, so a fast request beside one that hangs costs its own round trip, not the grace period:
   * virtual time moves as soon as only hanging requests are left, and their virtual timeout cuts them off.
   */
  async #waitWhileAnswering(deadline: number, until = Number.POSITIVE_INFINITY): Promise<boolean> {
    const waitMs = this.#hangWait();
    if (waitMs <= 0) return false;
    // A timer due before the virtual timeout of every request that may still be answered fires now: moving
    // the clock up to there cuts none of them off (the timeouts of requests already hanging fire this way).
    const clock = this.#clock;
    if (isFakeClock(clock)) {
      const due = clock.nextTimerAt();
      if (due !== undefined && due <= until && due < this.#earliestAnsweringDeadline()) {
        await clock.next();
        return true;
      }
    }
    await this.#progressWithin(Math.min(waitMs, Math.max(1, deadline - this.#realClock.now())));
    return true;
  }

  #checkBudget(deadline: number, budgetMs: number): void {
    if (this.#realClock.now() < deadline) return;
    const next = this.#nextDue();
    throw new RunBudgetExceededError(budgetMs, {
      inFlight: [...this.#attemptsInFlight.values()].map((a) => a.url),
      queued: this.#ready.length - this.#readyHead,
      scheduled: this.#scheduled,
      nextRetryAt: next === undefined ? undefined : isoTime(next),
      now: isoTime(this.#clock.now()),
    });
  }

  /** Real time an answer may take after the request is written before the request counts as hanging. */
  #graceFor(url: string): number {
    return (this.#timedOutUrls.get(url) ?? 0) >= KNOWN_HANG_AFTER ? Math.min(this.#settleGraceMs, KNOWN_HANG_GRACE_MS) : this.#settleGraceMs;
  }

  /** The earliest virtual timeout among in-flight attempts that do not count as hanging yet. */
  #earliestAnsweringDeadline(): number {
    const now = this.#realClock.now();
    let earliest = Number.POSITIVE_INFINITY;
    for (const { url, deadline, writtenAt } of this.#attemptsInFlight.values()) {
      const grace = this.#graceFor(url);
      if (writtenAt === undefined || writtenAt + grace > now) earliest = Math.min(earliest, deadline);
    }
    return earliest;
  }

  /** Real milliseconds until every in-flight attempt counts as hanging (0: they all do now). */
  #hangWait(): number {
    const now = this.#realClock.now();
    let wait = 0;
    for (const { url, writtenAt } of this.#attemptsInFlight.values()) {
      if (writtenAt === undefined) return 10;
      const grace = this.#graceFor(url);
      wait = Math.max(wait, writtenAt + grace - now);
    }
    return this.#attemptsInFlight.size === 0 ? 10 : wait;
  }

  /** Resolves on the next progress (an attempt written or finished, a walk done) or after `ms` of real time. */
  async #progressWithin(ms: number): Promise<void> {
    const controller = new AbortController();
    const grace = this.#realClock.sleep(ms, controller.signal).then(() => undefined, () => undefined);
    const progress = new Promise<void>((resolve) => this.#progressWaiters.push(resolve));
    await Promise.race([progress, grace]);
    controller.abort();
  }

  #progress(): void {
    if (this.#progressWaiters.length > 0) for (const resolve of this.#progressWaiters.splice(0)) resolve();
  }

  /** Forgets every delivery and cancels pending retries. */
  clear(): void {
    this.#retries.clear();
    this.#armRetryTimer();
    this.#deliveries.clear();
    this.#counts = { all: 0, pending: 0, delivered: 0, failed: 0, expired: 0 };
    this.#finished = [];
    this.#finishedHead = 0;
    this.#dropped = 0;
    this.#ready.length = 0;
    this.#readyHead = 0;
    this.#scheduled = 0;
  }

  close(): void {
    this.#closed = true;
    this.clear();
    this.#transport.close?.();
  }

  #nextDue(): number | undefined {
    return this.#firstRetry()?.at;
  }

  /** The earliest retry still wanted; entries of cancelled retries are dropped on the way. */
  #firstRetry(): { readonly at: number; readonly item: ScheduledRetry } | undefined {
    for (;;) {
      const head = this.#retries.peek();
      if (head === undefined || head.item.delivery.retryTicket === head.item.ticket) return head;
      this.#retries.pop();
    }
  }

  /** Keeps the one clock timer of the retry queue due with its earliest retry (none when it is empty). */
  #armRetryTimer(): void {
    const at = this.#firstRetry()?.at;
    if (at === this.#retryTimerAt) return;
    if (this.#retryTimer !== undefined) this.#clock.clearTimeout(this.#retryTimer);
    this.#retryTimer = undefined;
    this.#retryTimerAt = at;
    if (at !== undefined) this.#retryTimer = this.#clock.setTimeout(() => this.#fireRetries(), Math.max(0, at - this.#clock.now()));
  }

  /** Queues every retry that is due, in due order, then re-arms the timer for the next one. */
  #fireRetries(): void {
    this.#retryTimer = undefined;
    this.#retryTimerAt = undefined;
    const now = this.#clock.now();
    for (let head = this.#firstRetry(); head !== undefined && head.at <= now; head = this.#firstRetry()) {
      this.#retries.pop();
      const { delivery } = head.item;
      delivery.retryTicket = undefined;
      this.#scheduled--;
      this.#enqueue(delivery);
    }
    this.#armRetryTimer();
  }

  #enqueue(delivery: Delivery): void {
    if (this.#closed || delivery.active) return;
    delivery.active = true;
    this.#ready.push(delivery);
    this.#pump();
  }

  #pump(): void {
    while (this.#inFlight < this.#concurrency && this.#ready.length > this.#readyHead) {
      const delivery = this.#ready[this.#readyHead] as Delivery;
      this.#ready[this.#readyHead++] = undefined as unknown as Delivery;
      // Compact now and then instead of shift() per walk, which is O(queue) on a long queue.
      if (this.#readyHead >= 1_024 && this.#readyHead * 2 >= this.#ready.length) {
        this.#ready.splice(0, this.#readyHead);
        this.#readyHead = 0;
      }
      this.#inFlight++;
      void this.#walk(delivery).finally(() => {
        // A walk that scheduled a retry let go already (its timer may even have queued it again).
        if (delivery.retryTicket === undefined && delivery.nextAttemptAt === undefined) delivery.active = false;
        this.#inFlight--;
        this.#pump();
        this.#progress();
        if (this.#inFlight === 0 && this.#ready.length === this.#readyHead) for (const resolve of this.#settledWaiters.splice(0)) resolve();
      });
    }
  }

  async #walk(delivery: Delivery): Promise<void> {
    delivery.nextAttemptAt = undefined;
    delivery.firstAttemptAt ??= this.#clock.now();
    let retryable = false;
    let retryAfter: number | undefined;
    for (const target of delivery.targets) {
      const at = this.#clock.now();
      const realStart = performance.now();
      const outcome = await this.#send(target, delivery.body, delivery.timeoutMs);
      if (!this.#deliveries.has(delivery.id)) return;
      const verdict = delivery.classify(outcome);
      // Both durations: on the fake clock the harness time of an attempt is 0 ms, which says nothing of the receiver.
      const timing = { durationMs: this.#clock.now() - at, realDurationMs: Math.round((performance.now() - realStart) * 10) / 10, verdict };
      const attempt: DeliveryAttempt = outcome.kind === 'response'
        ? { url: target.url, at: isoTime(at), status: outcome.status, ...timing, ...(outcome.body !== undefined ? { answer: outcome.body } : {}) }
        : { url: target.url, at: isoTime(at), error: outcome.code, ...timing };
      delivery.attempts.push(attempt);
      if (verdict === 'success') {
        this.#setState(delivery, 'delivered');
        this.#notify(delivery);
        return;
      }
      if (verdict === 'retryable') {
        retryable = true;
        if (outcome.kind === 'response' && outcome.status === 429) retryAfter = parseRetryAfter(outcome.retryAfter, this.#clock.now()) ?? retryAfter;
      }
      this.#notify(delivery);
    }
    if (!retryable) {
      this.#setState(delivery, 'failed');
      this.#notify(delivery);
      return;
    }
    delivery.retries++;
    const delay = retryAfter ?? backoffMs(delivery.retries, this.#policy, this.#random);
    const due = nextAttemptAt(this.#clock.now(), delivery.firstAttemptAt, delay, this.#policy);
    if (due === undefined) {
      this.#setState(delivery, 'expired');
      this.#notify(delivery);
      return;
    }
    delivery.nextAttemptAt = due;
    this.#scheduled++;
    delivery.active = false;
    delivery.retryTicket = this.#nextTicket++;
    this.#retries.push(due, { delivery, ticket: delivery.retryTicket });
    this.#armRetryTimer();
    this.#notify(delivery);
  }

  async #send(target: DeliveryTarget, body: string, timeoutMs: number): Promise<AttemptOutcome> {
    const key = this.#attemptSeq++;
    // A custom transport may not report when its request is written; count it written from the start.
    const inFlight = { url: target.url, deadline: this.#clock.now() + timeoutMs, writtenAt: this.#customTransport ? this.#realClock.now() : undefined };
    this.#attemptsInFlight.set(key, inFlight);
    try {
      const outcome = await this.#transport({
        url: target.url,
        headers: target.headers,
        body,
        ...(target.method !== undefined ? { method: target.method } : {}),
        timeoutMs,
        onWritten: () => {
          inFlight.writtenAt = this.#realClock.now();
          this.#progress();
        },
      });
      if (outcome.kind === 'error' && outcome.code === 'ETIMEDOUT') {
        if (this.#timedOutUrls.size >= 1_000) this.#timedOutUrls.clear();
        this.#timedOutUrls.set(target.url, (this.#timedOutUrls.get(target.url) ?? 0) + 1);
      } else this.#timedOutUrls.delete(target.url);
      return outcome;
    } catch (error) {
      return { kind: 'error', code: (error as { code?: string }).code ?? 'ERR_TRANSPORT' };
    } finally {
      this.#attemptsInFlight.delete(key);
      this.#progress();
    }
  }

  #notify(delivery: Delivery): void {
    if (this.#listeners.size === 0) return;
    const view = this.#view(delivery);
    for (const listener of this.#listeners) {
      try {
        listener(view);
      } catch {
        // One failing listener must not stop delivery bookkeeping.
      }
    }
  }

  #setState(delivery: Delivery, state: DeliveryRecord['state']): void {
    if (delivery.state === state) return;
    this.#counts[delivery.state]--;
    this.#counts[state]++;
    delivery.state = state;
    if (state !== 'pending') {
      delivery.finishSeq = ++this.#finishSeq;
      this.#finished.push({ delivery, seq: delivery.finishSeq });
    }
  }

  /** Drops the oldest finished records past the capacity: each step is constant time, whatever is pending. */
  #trim(): void {
    while (this.#deliveries.size > this.#capacity && this.#finishedHead < this.#finished.length) {
      const { delivery, seq } = this.#finished[this.#finishedHead] as { delivery: Delivery; seq: number };
      this.#finished[this.#finishedHead++] = undefined as unknown as { delivery: Delivery; seq: number };
      // Skipped when it was redelivered since (pending again, or finished later with a newer entry).
      if (delivery.finishSeq !== seq || delivery.state === 'pending' || this.#deliveries.get(delivery.id) !== delivery) continue;
      this.#deliveries.delete(delivery.id);
      this.#counts[delivery.state]--;
      this.#counts.all--;
    }
    if (this.#finishedHead >= 1_024 && this.#finishedHead * 2 >= this.#finished.length) {
      this.#finished.splice(0, this.#finishedHead);
      this.#finishedHead = 0;
    }
  }

  #view(d: Delivery): DeliveryView {
    const first = d.targets[0] as DeliveryTarget;
    return {
      id: d.id,
      destination: d.destination,
      messageId: d.messageId,
      type: d.type,
      writeKey: d.writeKey,
      state: d.state,
      ...(d.nextAttemptAt !== undefined ? { nextAttemptAt: new Date(d.nextAttemptAt).toISOString() } : {}),
      attempts: [...d.attempts],
      createdAt: isoTime(d.createdAt),
      request: { method: first.method ?? 'POST', url: first.url, headers: first.headers, body: d.body },
      targets: d.targets,
    };
  }
}
