import { isFakeClock, type Clock, type TimerHandle } from '../clock/clock.js';
import { createSystemClock } from '../clock/system-clock.js';
import type { DeliveryAttempt, DeliveryRecord, WebhookSettings } from '../contract/generated/wire-types.js';
import { validate } from '../contract/validators.js';
import { buildEventPayload, type AliasFields } from '../delivery/build-payload.js';
import { classifyOutcome, type AttemptOutcome, type Verdict } from '../delivery/classify-outcome.js';
import { createHttpTransport, type WebhookTransport } from '../delivery/http-transport.js';
import { webhookHeaders } from '../delivery/webhook-headers.js';
import { backoffMs, DEFAULT_RETRY_POLICY, nextAttemptAt, parseRetryAfter, type RetryPolicy } from '../delivery/retry-schedule.js';
import { DeliveryNotFoundError } from '../errors/delivery-not-found-error.js';
import { InvalidWebhookSettingsError } from '../errors/invalid-webhook-settings-error.js';
import { seededRandom } from '../faults/seeded-random.js';
import { isDestinationEnabled } from '../routing/is-destination-enabled.js';
import { isoTime } from './iso-time.js';
import { RetryQueue } from './retry-queue.js';
import { serializePayload } from '../signing/serialize-payload.js';
import { signPayload } from '../signing/sign-payload.js';

export interface WebhookDispatcherOptions {
  readonly clock: Clock;
  /** Seeds the backoff jitter so a run replays. Default 1. */
  readonly seed?: number;
  readonly userAgent?: string;
  readonly aliasFields?: AliasFields;
  /** SPEC 4.1: the receiver must answer (headers and body) within 5 s. */
  readonly timeoutMs?: number;
  readonly retry?: Partial<RetryPolicy>;
  /** Walks in flight at once. Default 32. */
  readonly concurrency?: number;
  /** Extra PEM certificates trusted besides the system store. */
  readonly ca?: readonly string[];
  /** Replaces HTTP, e.g. for an in-process receiver. */
  readonly transport?: WebhookTransport;
  /** Records kept; the oldest finished ones are dropped past it. Default 100,000. */
  readonly capacity?: number;
  /** runUntilIdle moves virtual time on once every in-flight request has waited this long (real time) for an answer after being fully written, so a receiver that hangs is cut off by its virtual timeout. Default 1000. */
  readonly settleGraceMs?: number;
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
  return d.targets.some((t) => t.url.toLowerCase().includes(text)) || d.attempts.some((a) => (a.error ?? String(a.status)).toLowerCase().includes(text));
}

/**
 * Delivers webhook payloads the way SPEC 4.1, 5 and 7 say, with every time on the injected clock:
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
  readonly #attemptsInFlight = new Map<number, number | undefined>();
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
    this.#transport = options.transport ?? createHttpTransport({ clock: this.#clock, ...(options.ca !== undefined ? { ca: options.ca } : {}), maxSockets: this.#concurrency * 2 });
  }

  /** Validates destination settings (SPEC 2.1) once per settings object. */
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
    return this.dispatchPayload({ writeKey: input.writeKey, settings: input.settings, payload: buildEventPayload(input.event, this.#aliasFields), ...(messageId !== undefined ? { messageId } : {}) });
  }

  /** Sends a ready-made payload (delete notifications, audience Identify calls). */
  dispatchPayload(input: DispatchPayloadInput): DeliveryView {
    this.assertSettings(input.settings);
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
    };
    this.#deliveries.set(id, delivery);
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
    const counts = { all: 0, pending: 0, delivered: 0, failed: 0, expired: 0 };
    for (const d of this.#deliveries.values()) {
      counts[d.state]++;
      counts.all++;
    }
    return counts;
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
    delivery.state = 'pending';
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
   */
  async runUntilIdle(): Promise<void> {
    const clock = this.#clock;
    for (;;) {
      const settled = this.#inFlight === 0 && this.#ready.length === this.#readyHead;
      if (settled && this.#scheduled === 0) {
        if (this.#releaseHeld()) continue;
        return;
      }
      if (!settled) {
        // Virtual time moves on only once every in-flight request has sat, fully written, unanswered for the
        // grace period: a slow connect or a busy machine is waited for; a receiver that hangs is cut off by
        // its virtual timeout.
        const waitMs = this.#hangWait();
        if (waitMs > 0) {
          await this.#settledWithin(waitMs);
          continue;
        }
      }
      if (!isFakeClock(clock)) {
        await this.#settledWithin(Math.max(1, (this.#nextDue() ?? clock.now()) - clock.now()));
        continue;
      }
      const fired = await clock.next();
      if (!fired) await this.#settledWithin(this.#settleGraceMs);
    }
  }

  /**
   * On a fake clock: moves virtual time to the epoch millisecond `time` one due timer at a time, letting the
   * walks those timers start finish over real I/O before time moves on (as runUntilIdle does), so "+1 h"
   * shows each retry's real answer instead of cutting every request off by its virtual timeout.
   */
  async runUntil(time: number): Promise<void> {
    const clock = this.#clock;
    if (!isFakeClock(clock)) return;
    for (;;) {
      if (!(this.#inFlight === 0 && this.#ready.length === this.#readyHead)) {
        const waitMs = this.#hangWait();
        if (waitMs > 0) {
          await this.#settledWithin(waitMs);
          continue;
        }
      }
      const due = clock.nextTimerAt();
      if (due === undefined || due > time) {
        await clock.advanceTo(time);
        return;
      }
      await clock.next();
    }
  }

  /** Real milliseconds until every in-flight attempt counts as hanging (0: they all do now). */
  #hangWait(): number {
    const now = this.#realClock.now();
    let wait = 0;
    for (const writtenAt of this.#attemptsInFlight.values()) {
      if (writtenAt === undefined) return 10;
      wait = Math.max(wait, writtenAt + this.#settleGraceMs - now);
    }
    return this.#attemptsInFlight.size === 0 ? 10 : wait;
  }

  /** Forgets every delivery and cancels pending retries. */
  clear(): void {
    this.#retries.clear();
    this.#armRetryTimer();
    this.#deliveries.clear();
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

  async #settledWithin(ms: number): Promise<boolean> {
    const controller = new AbortController();
    const grace = this.#realClock.sleep(ms, controller.signal).then(() => false, () => false);
    const result = await Promise.race([this.settled().then(() => true), grace]);
    controller.abort();
    return result;
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
      const outcome = await this.#send(target, delivery.body, delivery.timeoutMs);
      if (!this.#deliveries.has(delivery.id)) return;
      const attempt: DeliveryAttempt = outcome.kind === 'response'
        ? { url: target.url, at: isoTime(at), status: outcome.status, durationMs: this.#clock.now() - at }
        : { url: target.url, at: isoTime(at), error: outcome.code, durationMs: this.#clock.now() - at };
      delivery.attempts.push(attempt);
      const verdict = delivery.classify(outcome);
      if (verdict === 'success') {
        delivery.state = 'delivered';
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
      delivery.state = 'failed';
      this.#notify(delivery);
      return;
    }
    delivery.retries++;
    const delay = retryAfter ?? backoffMs(delivery.retries, this.#policy, this.#random);
    const due = nextAttemptAt(this.#clock.now(), delivery.firstAttemptAt, delay, this.#policy);
    if (due === undefined) {
      delivery.state = 'expired';
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
    this.#attemptsInFlight.set(key, this.#customTransport ? this.#realClock.now() : undefined);
    try {
      return await this.#transport({
        url: target.url,
        headers: target.headers,
        body,
        ...(target.method !== undefined ? { method: target.method } : {}),
        timeoutMs,
        onWritten: () => {
          if (this.#attemptsInFlight.has(key)) this.#attemptsInFlight.set(key, this.#realClock.now());
        },
      });
    } catch (error) {
      return { kind: 'error', code: (error as { code?: string }).code ?? 'ERR_TRANSPORT' };
    } finally {
      this.#attemptsInFlight.delete(key);
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

  #trim(): void {
    if (this.#deliveries.size <= this.#capacity) return;
    for (const [id, delivery] of this.#deliveries) {
      if (this.#deliveries.size <= this.#capacity) break;
      if (delivery.state !== 'pending') this.#deliveries.delete(id);
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
