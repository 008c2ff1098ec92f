import type { Clock, ClockHold, TimerHandle } from '../../clock/clock.js';
import { holdClock } from '../../clock/clock-hold.js';
import { ClientClosedError, DeliveryFailedError, QueueFullError } from '../../errors/client-errors.js';
import { BatchEnvelope } from './batch-envelope.js';
import { buildMessage, type QueuedMessage } from './build-message.js';
import { MAX_BATCH_EVENTS, MAX_REQUEST_BYTES } from '../../contract/spec-limits.js';
import type { Client, ClientStats, FailedMessage, FlushResult } from './client.js';
import type { ClientLogger } from './client-logger.js';
import { resolveClientOptions, type CreateClientOptions, type ResolvedClientOptions } from './client-options.js';
import { LIBRARY_NAME, LIBRARY_VERSION } from './library-info.js';
import type {
  AliasInput,
  GroupInput,
  IdentifyInput,
  MessageType,
  PageInput,
  ScreenInput,
  TrackInput,
} from './message-input.js';
import { MessageQueue } from './message-queue.js';
import { judgeFailedAttempt } from './failed-attempt.js';
import { createBatchPoster, type BatchPoster, type PostOutcome } from './post-batch.js';
import { retryDelayMs } from './retry-policy.js';

/** The failures kept for the next report; beyond it only the count grows (memory stays bounded). */
const MAX_FAILURES_KEPT = 10_000;

interface Waiter {
  readonly until: number;
  readonly resolve: (result: FlushResult) => void;
}

class BatchingClient implements Client {
  readonly #options: ResolvedClientOptions;
  readonly #clock: Clock;
  readonly #log: ClientLogger;
  readonly #poster: BatchPoster;
  readonly #queue = new MessageQueue();
  readonly #envelope: BatchEnvelope;
  /** Messages accepted so far; their sequence numbers are 0..#accepted-1. */
  #accepted = 0;
  /** Messages taken off the queue into batches. */
  #taken = 0;
  /** Messages delivered or failed; batches settle in order, so these are exactly the first #settled. */
  #settled = 0;
  /** Messages below this sequence number must be sent even when fewer than flushAt are queued. */
  #drainUntil = 0;
  #inFlightMessages = 0;
  #inFlightRequests = 0;
  #pumping = false;
  #pumpScheduled = false;
  #timer: TimerHandle | undefined;
  #lastFlushAt: number;
  #waiters: Waiter[] = [];
  #reportDelivered = 0;
  #reportFailed: FailedMessage[] = [];
  #totalDelivered = 0;
  #totalFailed = 0;
  #requests = 0;
  #closing: Promise<FlushResult> | undefined;

  constructor(options: ResolvedClientOptions) {
    this.#options = options;
    this.#clock = options.clock;
    this.#log = options.logger;
    this.#lastFlushAt = this.#clock.now();
    const authorization = `Basic ${Buffer.from(`${options.writeKey}:`).toString('base64')}`;
    this.#poster = createBatchPoster(
      options.batchUrl,
      authorization,
      `${LIBRARY_NAME}/${LIBRARY_VERSION}`,
      options.timeout,
      { clock: this.#clock, realClock: options.realClock },
    );
    this.#envelope = new BatchEnvelope(options.writeKey);
  }

  identify(message: IdentifyInput): string {
    return this.#enqueue('identify', message);
  }
  track(message: TrackInput): string {
    return this.#enqueue('track', message);
  }
  page(message: PageInput): string {
    return this.#enqueue('page', message);
  }
  screen(message: ScreenInput): string {
    return this.#enqueue('screen', message);
  }
  group(message: GroupInput): string {
    return this.#enqueue('group', message);
  }
  alias(message: AliasInput): string {
    return this.#enqueue('alias', message);
  }

  flush(): Promise<FlushResult> {
    return this.#flushAll();
  }

  close(): Promise<FlushResult> {
    this.#closing ??= this.#flushAll().then((result) => {
      this.#clearTimer();
      this.#poster.close();
      this.#log.debug('closed', { delivered: this.#totalDelivered, failed: this.#totalFailed });
      return result;
    });
    return this.#closing;
  }

  stats(): ClientStats {
    return {
      queued: this.#queue.length,
      inFlight: this.#inFlightRequests,
      delivered: this.#totalDelivered,
      failed: this.#totalFailed,
      requests: this.#requests,
      closed: this.#closing !== undefined,
    };
  }

  #enqueue(type: MessageType, input: unknown): string {
    if (this.#closing !== undefined) throw new ClientClosedError(type);
    const message = buildMessage(type, input, this.#clock);
    if (this.#queue.length + this.#inFlightMessages >= this.#options.maxQueueSize)
      throw new QueueFullError(this.#options.maxQueueSize);
    this.#queue.push(message);
    this.#accepted++;
    this.#armTimer();
    if (this.#queue.length >= this.#options.flushAt) this.#schedulePump();
    return message.messageId;
  }

  #flushAll(): Promise<FlushResult> {
    const until = this.#accepted;
    this.#drainUntil = Math.max(this.#drainUntil, until);
    const settled = new Promise<FlushResult>((resolve) => this.#waiters.push({ until, resolve }));
    this.#schedulePump();
    this.#resolveWaiters();
    return settled;
  }

  #takeReport(): FlushResult {
    const report = { delivered: this.#reportDelivered, failed: this.#reportFailed };
    this.#reportDelivered = 0;
    this.#reportFailed = [];
    return report;
  }

  #resolveWaiters(): void {
    if (this.#waiters.length === 0) return;
    const ready = this.#waiters.filter((w) => w.until <= this.#settled);
    if (ready.length === 0) return;
    this.#waiters = this.#waiters.filter((w) => w.until > this.#settled);
    // Waiters that settle together share one report; the next report starts empty.
    const report = this.#takeReport();
    for (const waiter of ready) waiter.resolve(report);
  }

  #armTimer(): void {
    if (this.#timer !== undefined || this.#queue.length === 0) return;
    const delay = Math.max(0, this.#lastFlushAt + this.#options.flushAfter - this.#clock.now());
    this.#timer = this.#clock.setTimeout(() => {
      this.#timer = undefined;
      this.#log.debug('flushAfter elapsed', { queued: this.#queue.length });
      this.#drainUntil = Math.max(this.#drainUntil, this.#accepted);
      this.#schedulePump();
    }, delay);
  }

  #clearTimer(): void {
    if (this.#timer === undefined) return;
    this.#clock.clearTimeout(this.#timer);
    this.#timer = undefined;
  }

  // The pump starts on a microtask, so the call that triggered it has returned before any request is made.
  #schedulePump(): void {
    if (this.#pumping || this.#pumpScheduled) return;
    this.#pumpScheduled = true;
    queueMicrotask(() => {
      this.#pumpScheduled = false;
      void this.#pump();
    });
  }

  #shouldSend(): boolean {
    const queued = this.#queue.length;
    return queued > 0 && (queued >= this.#options.flushAt || this.#taken < this.#drainUntil);
  }

  // One batch at a time: a batch retries before the next one leaves, so the server sees messages in call order.
  async #pump(): Promise<void> {
    if (this.#pumping) return;
    this.#pumping = true;
    // While batches go out, the client holds its clock: on a harness's fake clock, virtual time waits for them.
    const hold = holdClock(this.#clock, `client ${this.#options.batchUrl.href} sending a batch`);
    try {
      while (this.#shouldSend()) {
        const batch = this.#queue.take(
          Math.min(this.#options.flushAt, MAX_BATCH_EVENTS),
          MAX_REQUEST_BYTES - this.#envelope.bytes,
        );
        this.#taken += batch.length;
        this.#inFlightMessages = batch.length;
        this.#lastFlushAt = this.#clock.now();
        this.#clearTimer();
        this.#armTimer();
        try {
          await this.#send(batch, hold);
        } catch (error) {
          // Only a broken injected clock or logger gets here; the batch is reported, never left hanging a flush().
          this.#fail(
            batch,
            new DeliveryFailedError(`sending the batch failed: ${(error as Error).message}`, 0, undefined, {
              cause: error,
            }),
          );
        }
        this.#inFlightMessages = 0;
        this.#settled += batch.length;
        this.#resolveWaiters();
      }
    } finally {
      this.#pumping = false;
      hold.release();
    }
  }

  async #send(batch: readonly QueuedMessage[], hold: ClockHold): Promise<void> {
    const bodyAt = this.#envelope.open(batch);
    for (let attempt = 1; ; attempt++) {
      // sentAt is the time of this attempt, so the server's clock-skew correction holds for retries too.
      const body = bodyAt(this.#clock.now());
      this.#log.debug('sending batch', { events: batch.length, bytes: Buffer.byteLength(body), attempt });
      this.#inFlightRequests++;
      this.#requests++;
      let outcome: PostOutcome;
      try {
        outcome = await this.#poster.post(body, hold);
      } finally {
        this.#inFlightRequests--;
      }
      if (outcome.kind === 'answer' && outcome.status >= 200 && outcome.status < 300) {
        this.#reportDelivered += batch.length;
        this.#totalDelivered += batch.length;
        this.#log.debug('batch delivered', { events: batch.length, status: outcome.status, attempt });
        return;
      }
      const judged = judgeFailedAttempt(outcome, attempt, this.#options.retries, this.#options.batchUrl);
      if (!judged.retry) {
        this.#fail(batch, judged.error);
        return;
      }
      const { backoff, random } = this.#options;
      const delay = retryDelayMs(outcome, attempt, this.#clock, backoff, random);
      this.#log.debug('retrying batch', { events: batch.length, attempt, delayMs: delay, reason: judged.why });
      // Waiting on the clock: not holding it meanwhile.
      await hold.sleep(delay);
    }
  }

  #fail(batch: readonly QueuedMessage[], error: DeliveryFailedError): void {
    this.#totalFailed += batch.length;
    this.#log.error('batch failed', { events: batch.length, error: error.message });
    for (const message of batch) {
      if (this.#reportFailed.length < MAX_FAILURES_KEPT)
        this.#reportFailed.push({ messageId: message.messageId, error });
    }
  }
}

/**
 * Creates a batching client for a source's write key. A factory rather than an exported class: the options are
 * checked and defaulted before anything is built, and callers depend on the Client interface only.
 */
export function createClient(writeKey: string, options: CreateClientOptions): Client {
  return new BatchingClient(resolveClientOptions(writeKey, options));
}
