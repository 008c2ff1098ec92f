import type { Clock } from '../../clock/clock.js';
import { createMonotonicClock } from '../../clock/monotonic-clock.js';
import { seededRandomFor } from '../../clock/seeded-random.js';
import type { WebhookSettings } from '../../contract/generated/wire-types.js';
import { DELIVERY_TIMEOUT_MS, MAX_BATCH_EVENTS } from '../../contract/spec-limits.js';
import { validate } from '../../contract/validators.js';
import {
  buildEventPayload,
  type AliasFields,
  type PayloadSource,
  type PayloadVersion,
} from '../../domain/delivery/build-payload.js';
import { WEBHOOKS_USER_AGENT } from '../../domain/delivery/webhook-headers.js';
import { toDeliveryView, type DeliveryState, type DeliveryView } from '../../domain/delivery/delivery-record.js';
import type { DeliveryCounts, DeliveryPageQuery, DeliveryStore } from '../../domain/delivery/delivery-store.js';
import {
  createHttpTransport,
  type OutgoingRequest,
  type WebhookTransport,
} from '../../domain/delivery/http-transport.js';
import { MemoryDeliveryStore } from '../../domain/delivery/memory-delivery-store.js';
import type { DispatchPayloadInput, PayloadSender } from '../../domain/delivery/payload-sender.js';
import { DEFAULT_RETRY_POLICY } from '../../domain/delivery/retry-schedule.js';
import { isDestinationEnabled } from '../../domain/routing/is-destination-enabled.js';
import { DeliveryBacklogFullError } from '../../errors/collection-errors.js';
import { DeliveryNotFoundError, InvalidWebhookSettingsError } from '../../errors/admin-errors.js';
import { classifierOf } from './classifier-of.js';
import { DeliveryListeners } from './delivery-listeners.js';
import { DeliveryPipeline } from './delivery-pipeline.js';
import { VirtualTimeDriver, type RunOptions } from './virtual-time-driver.js';
import type { DeliveryListener, DispatchRequestInput, WebhookDispatcherOptions } from './dispatcher-options.js';
import { IdleHooks } from './idle-hooks.js';
import { pipelineWork } from './pipeline-work.js';
import { signedWebhookRequest } from './signed-webhook-request.js';
import { storedFromView, type RetryWindow } from './stored-from-view.js';

export type { DeliveryPageQuery } from '../../domain/delivery/delivery-store.js';
export type { DeliveryTarget, DeliveryView, DestinationKind } from '../../domain/delivery/delivery-record.js';
export type { DispatchPayloadInput } from '../../domain/delivery/payload-sender.js';
export type { RetryWindow } from './stored-from-view.js';
export { DEFAULT_RUN_BUDGET_MS, type RunOptions } from './virtual-time-driver.js';
export type { DeliveryListener, DispatchRequestInput, WebhookDispatcherOptions } from './dispatcher-options.js';

/**
 * Delivers webhook payloads the way rule 4.1, 5 and 7 say, with every time on the injected clocks: serialize
 * once, sign those bytes, and hand the delivery to the pipeline, which walks the URLs, records attempts in
 * the delivery store and schedules retries; the virtual-time driver moves a fake clock while real I/O settles.
 */
export class WebhookDispatcher implements PayloadSender {
  readonly #clock: Clock;
  readonly #userAgent: string;
  readonly #aliasFields: AliasFields;
  readonly #timeoutMs: number;
  readonly #transport: WebhookTransport & { close?: () => void };
  readonly #store: DeliveryStore;
  readonly #pipeline: DeliveryPipeline;
  readonly #driver: VirtualTimeDriver;
  readonly #listeners = new DeliveryListeners();
  readonly #idleHooks = new IdleHooks();
  readonly #validSettings = new WeakSet<WebhookSettings>();
  #dropped = 0;

  constructor(options: WebhookDispatcherOptions) {
    this.#clock = options.clock;
    const realClock = options.realClock ?? createMonotonicClock();
    this.#userAgent = options.userAgent ?? WEBHOOKS_USER_AGENT;
    this.#aliasFields = options.aliasFields ?? 'standard';
    this.#timeoutMs = options.timeoutMs ?? DELIVERY_TIMEOUT_MS;
    const concurrency = options.concurrency ?? 32;
    this.#store =
      options.store ?? new MemoryDeliveryStore(options.capacity !== undefined ? { capacity: options.capacity } : {});
    const network: WebhookTransport & { close?: () => void } =
      options.transport ??
      createHttpTransport({
        // A timeout is no answer within the timeout in real time (docs/rules.md, "Virtual time").
        clock: realClock,
        ...(options.ca !== undefined ? { ca: options.ca } : {}),
        maxSockets: concurrency * 2,
        ...(options.blockPrivateTargets === true ? { blockPrivateTargets: true } : {}),
      });
    // The targets in process are this server's own, on its own address: a policy refusing private and loopback
    // targets refuses them too, so with it every delivery goes through the network transport, which says so.
    const local = options.blockPrivateTargets === true ? undefined : options.inProcess;
    this.#transport =
      local === undefined
        ? network
        : Object.assign((outgoing: OutgoingRequest) => (local.accepts(outgoing.url) ? local.send : network)(outgoing), {
            close: () => network.close?.(),
          });
    const seed = options.seed ?? 1;
    this.#pipeline = new DeliveryPipeline({
      clock: this.#clock,
      realClock,
      store: this.#store,
      transport: this.#transport,
      concurrency,
      policy: { ...DEFAULT_RETRY_POLICY, ...options.retry },
      // Keyed by the delivery's number (its id without a PostgreSQL store's node tag, so every node and a restart
      // agree) and the retry: not by the order walks end in, which real I/O decides.
      jitter: (delivery, retry) => seededRandomFor(seed, `${/^d_\d+/.exec(delivery.id)?.[0] ?? delivery.id}:${retry}`),
      changed: (id) => this.#notify(id),
      claim: options.claimWalk,
    });
    this.#driver = new VirtualTimeDriver({
      clock: this.#clock,
      realClock,
      // Shared with other processes: a pending record this one neither walks nor schedules is walked elsewhere.
      work: pipelineWork(this.#pipeline, () => this.#idleHooks.releaseHeld(), options.claimWalk && pendingOf(this)),
    });
  }

  /** Validates destination settings (rule 2.1) once per settings object. */
  assertSettings(settings: WebhookSettings): void {
    if (this.#validSettings.has(settings)) return;
    const result = validate('webhook-settings', settings);
    if (!result.ok) throw new InvalidWebhookSettingsError(result.violations);
    this.#validSettings.add(settings);
  }

  /**
   * Forwards an accepted collection event, unless the integrations map filters the Webhooks destination: with
   * `source`, the payload names the source (`projectId`, `writeKey`); `version` 1 unless given.
   */
  dispatchEvent(input: {
    writeKey: string;
    settings: WebhookSettings;
    event: Record<string, unknown>;
    source?: PayloadSource;
    version?: PayloadVersion;
  }): DeliveryView | undefined {
    if (!isDestinationEnabled(input.event.integrations)) return undefined;
    const messageId = typeof input.event.messageId === 'string' ? input.event.messageId : undefined;
    if (this.#full()) {
      // The event is journaled and its request answered: the drop is counted and announced, never silent.
      this.#dropped++;
      return undefined;
    }
    return this.dispatchPayload({
      writeKey: input.writeKey,
      settings: input.settings,
      payload: buildEventPayload(input.event, {
        aliasFields: this.#aliasFields,
        ...(input.version !== undefined ? { version: input.version } : {}),
        ...(input.source !== undefined ? { source: input.source } : {}),
      }),
      ...(messageId !== undefined ? { messageId } : {}),
    });
  }

  /** Sends a ready-made payload (delete notifications, audience Identify calls). */
  dispatchPayload(input: DispatchPayloadInput): DeliveryView {
    this.assertSettings(input.settings);
    if (this.#full()) throw new DeliveryBacklogFullError(this.#store.pendingCount(), this.#store.capacity);
    return this.dispatchRequest(signedWebhookRequest(input, this.#userAgent, this.#timeoutMs));
  }

  /** Sends a request already built (body, targets with their headers and method, timeout, retry classes). */
  dispatchRequest(input: DispatchRequestInput): DeliveryView {
    const id = this.#store.nextId();
    const { writeKey, destination, type, body, targets, timeoutMs } = input;
    const dropped = this.#store.insert({
      id,
      destination,
      messageId: input.messageId === '' ? id : input.messageId,
      type,
      writeKey,
      createdAt: this.#clock.now(),
      body,
      targets,
      timeoutMs,
    });
    if (dropped.length > 0) this.#pipeline.forget(dropped);
    this.#pipeline.start(id, input.classify);
    return this.get(id);
  }

  list(filter: { state?: DeliveryState | undefined } = {}): DeliveryView[] {
    return this.#store.list(filter.state).map(toDeliveryView);
  }

  /**
   * One page of deliveries, newest first, filtered, with the total that matched: views are built only for
   * the page, so an inspector listing 100 of 100,000 deliveries does not copy all of them.
   */
  page(query: DeliveryPageQuery = {}): { total: number; deliveries: DeliveryView[] } {
    const { total, deliveries } = this.#store.page(query);
    return { total, deliveries: deliveries.map(toDeliveryView) };
  }

  /** Deliveries held, by state. */
  counts(): DeliveryCounts {
    return this.#store.counts();
  }

  /** Walks taken over from a process that died mid-walk (DeliveryStore.takeovers): the duplicates possible. */
  get takeovers(): number {
    return this.#store.takeovers();
  }

  /** Collection events not delivered because every held record was unfinished (see `capacity`). */
  get dropped(): number {
    return this.#dropped;
  }

  /** True when as many records are unfinished as the store holds: the server then refuses collection requests. */
  get backlogFull(): boolean {
    return this.#store.pendingCount() >= this.#store.capacity;
  }

  get capacity(): number {
    return this.#store.capacity;
  }

  // Past the capacity by a whole batch at most: the server checks before a request, and one batch may add 2,500.
  #full(): boolean {
    return this.#store.pendingCount() >= this.#store.capacity + MAX_BATCH_EVENTS;
  }

  /** Epoch millisecond of the earliest scheduled retry, or undefined when none is scheduled. */
  nextRetryAt(): number | undefined {
    return this.#pipeline.nextRetryAt();
  }

  get(id: string): DeliveryView {
    const delivery = this.#store.get(id);
    if (delivery === undefined) throw new DeliveryNotFoundError(id);
    return toDeliveryView(delivery);
  }

  /**
   * Takes back a delivery saved by an export, as it was: its attempts, state, retry window and next attempt. It
   * is not resumed by this alone: `adopt(id)` schedules a pending one's retry, `redeliver(id)` sends it again. Its
   * id stays, and new deliveries are numbered after it.
   */
  restore(view: DeliveryView, window?: RetryWindow): DeliveryView {
    const delivery = storedFromView(view, this.#clock.now(), this.#timeoutMs, window);
    this.#pipeline.forget([view.id, ...this.#store.restore(delivery)]);
    this.#notify(view.id);
    return this.get(view.id);
  }

  /**
   * Takes up a delivery another process recorded (or a restart loaded): a scheduled retry is scheduled here too
   * (the claim decides who sends it), a finished one is let go; `walkNow` walks a pending one at once.
   */
  adopt(id: string, options: { walkNow?: boolean } = {}): void {
    const delivery = this.#store.get(id);
    if (delivery === undefined) return;
    const due = delivery.nextAttemptAt;
    if (delivery.state !== 'pending') this.#pipeline.forget([id]);
    // A walk the sweep found (a lease that ran out, or a walk due and never claimed) goes now if its time came:
    // no retry waits on a timer of a process that died.
    else if (options.walkNow === true && (due === undefined || due <= this.#clock.now()))
      this.#pipeline.start(id, classifierOf(delivery.destination));
    else if (due !== undefined) this.#pipeline.scheduleAt(id, classifierOf(delivery.destination), due);
    this.#notify(id);
  }

  /** Where a delivery's retry window stands: when it started (its first walk) and the retries made in it. */
  retryWindow(id: string): RetryWindow | undefined {
    const delivery = this.#store.get(id);
    return delivery === undefined ? undefined : { firstAttemptAt: delivery.firstAttemptAt, retries: delivery.retries };
  }

  /** Starts a new walk now, whatever the state; the retry window restarts from it. */
  redeliver(id: string): DeliveryView {
    const delivery = this.#store.get(id);
    if (delivery === undefined) throw new DeliveryNotFoundError(id);
    // A walk already queued or under way is the redelivery; a second one would send the event twice at once.
    if (this.#pipeline.isActive(id)) return toDeliveryView(delivery);
    this.#store.reopen(id);
    this.#pipeline.start(id, classifierOf(delivery.destination));
    return this.get(id);
  }

  /**
   * Work held outside the dispatcher that must go out before it counts as idle (a partial Webhooks (Actions)
   * batch): runUntilIdle calls the hook when nothing else is left; it sends what it holds and says whether
   * it sent anything.
   */
  addIdleHook(hook: () => boolean): () => void {
    return this.#idleHooks.add(hook);
  }

  subscribe(listener: DeliveryListener): () => void {
    return this.#listeners.subscribe(listener);
  }

  /** Walks waiting or in flight, and retries scheduled on the clock. */
  get activity(): { inFlight: number; queued: number; scheduled: number } {
    return { inFlight: this.#pipeline.inFlight, queued: this.#pipeline.queued, scheduled: this.#pipeline.scheduled };
  }

  /** Resolves when no walk is queued or in flight (scheduled retries may remain). */
  settled(): Promise<void> {
    return this.#pipeline.settled();
  }

  /**
   * On a fake clock: fires due timers one at a time, each once the walks under way are done, until nothing is
   * queued, in flight or scheduled (docs/rules.md, "Virtual time"). A receiver that never answers costs the timeout
   * in real time per attempt. Gives up after `budgetMs` of real time (default 30 s) with a RunBudgetExceededError
   * naming what is unfinished.
   */
  runUntilIdle(options: RunOptions = {}): Promise<void> {
    return this.#driver.runUntilIdle(options);
  }

  /** On a fake clock: moves virtual time to `time` (FakeClock.advanceTo, which waits for the walks under way). */
  runUntil(time: number, options: RunOptions = {}): Promise<void> {
    return this.#driver.runUntil(time, options);
  }

  /** On a fake clock: moves to the earliest scheduled retry and lets it settle; its time, or undefined when none. */
  runToNextRetry(options: RunOptions = {}): Promise<number | undefined> {
    return this.#driver.runToNextRetry(options);
  }

  /** Forgets every delivery and cancels pending retries. */
  clear(): void {
    this.#pipeline.clear();
    this.#store.clear();
    this.#dropped = 0;
  }

  close(): void {
    this.#pipeline.close();
    this.clear();
    this.#transport.close?.();
  }

  #notify(id: string): void {
    if (!this.#listeners.any) return;
    const delivery = this.#store.get(id);
    if (delivery !== undefined) this.#listeners.notify(toDeliveryView(delivery));
  }
}

const pendingOf = (dispatcher: WebhookDispatcher) => () => dispatcher.counts().pending;
