import type { Clock } from '../../clock/clock.js';

/**
 * Real time a request to a receiver that keeps hanging may go unanswered before it counts as hanging.
 * Short enough that a receiver hanging on every retry costs seconds over the 4-hour window, long enough that
 * a slow answer on a loaded machine is not cut off (50 ms was: a 2-core CI under test load).
 */
const KNOWN_HANG_GRACE_MS = 250;
/** Timeouts in a row, with no answer between, after which a URL counts as one that hangs. */
const KNOWN_HANG_AFTER = 3;
/** URLs remembered as timing out; past it the memory starts again (a bound, not an LRU: it only shortens waits). */
const TIMED_OUT_URLS_KEPT = 1_000;

/** One attempt on the wire: its URL, its virtual deadline, and the real time its request was fully written. */
export interface AttemptInFlight {
  readonly url: string;
  readonly deadline: number;
  writtenAt: number | undefined;
}

/**
 * Watches the attempts in flight in real time, for the virtual-time driver: which may still be answered,
 * which count as hanging (fully written, unanswered past the grace), and wakes waiters on every sign of
 * progress (an attempt written or finished, a walk done). Real time comes from the injected clock.
 */
export class AttemptWatch {
  readonly #realClock: Clock;
  readonly #settleGraceMs: number;
  readonly #inFlight = new Set<AttemptInFlight>();
  readonly #progressWaiters: (() => void)[] = [];
  // URLs whose last attempts all timed out, and how many: a receiver that keeps hanging is given a short grace,
  // so its 20 retries in 4 hours cost short waits, not a second each. One answer ends it: a receiver that hung
  // once and then answers slowly on a busy machine keeps the full grace.
  readonly #timedOutUrls = new Map<string, number>();

  constructor(realClock: Clock, settleGraceMs: number) {
    this.#realClock = realClock;
    this.#settleGraceMs = settleGraceMs;
  }

  get size(): number {
    return this.#inFlight.size;
  }

  urls(): string[] {
    return [...this.#inFlight].map((a) => a.url);
  }

  /** An attempt starts; `written` when its transport cannot report when the request is written. */
  begin(url: string, deadline: number, written: boolean): AttemptInFlight {
    const attempt: AttemptInFlight = { url, deadline, writtenAt: written ? this.#realClock.now() : undefined };
    this.#inFlight.add(attempt);
    return attempt;
  }

  written(attempt: AttemptInFlight): void {
    attempt.writtenAt = this.#realClock.now();
    this.progress();
  }

  /** The receiver answered (or the connection failed: `timedOut` false) or did not answer in time. */
  answered(url: string, timedOut: boolean): void {
    if (!timedOut) {
      this.#timedOutUrls.delete(url);
      return;
    }
    if (this.#timedOutUrls.size >= TIMED_OUT_URLS_KEPT) this.#timedOutUrls.clear();
    this.#timedOutUrls.set(url, (this.#timedOutUrls.get(url) ?? 0) + 1);
  }

  end(attempt: AttemptInFlight): void {
    this.#inFlight.delete(attempt);
    this.progress();
  }

  /** Wakes everything waiting for progress. */
  progress(): void {
    if (this.#progressWaiters.length > 0) for (const resolve of this.#progressWaiters.splice(0)) resolve();
  }

  /** Real time an answer may take after the request is written before the request counts as hanging. */
  graceFor(url: string): number {
    return (this.#timedOutUrls.get(url) ?? 0) >= KNOWN_HANG_AFTER
      ? Math.min(this.#settleGraceMs, KNOWN_HANG_GRACE_MS)
      : this.#settleGraceMs;
  }

  /** The earliest virtual timeout among in-flight attempts that do not count as hanging yet. */
  earliestAnsweringDeadline(): number {
    const now = this.#realClock.now();
    let earliest = Number.POSITIVE_INFINITY;
    for (const { url, deadline, writtenAt } of this.#inFlight) {
      if (writtenAt === undefined || writtenAt + this.graceFor(url) > now) earliest = Math.min(earliest, deadline);
    }
    return earliest;
  }

  /** Real milliseconds until every in-flight attempt counts as hanging (0: they all do now). */
  hangWait(): number {
    const now = this.#realClock.now();
    let wait = 0;
    for (const { url, writtenAt } of this.#inFlight) {
      if (writtenAt === undefined) return 10;
      wait = Math.max(wait, writtenAt + this.graceFor(url) - now);
    }
    return this.#inFlight.size === 0 ? 10 : wait;
  }

  /** Resolves on the next progress or after `ms` of real time. */
  async progressWithin(ms: number): Promise<void> {
    const controller = new AbortController();
    const grace = this.#realClock.sleep(ms, controller.signal).then(
      () => undefined,
      () => undefined,
    );
    const progress = new Promise<void>((resolve) => this.#progressWaiters.push(resolve));
    await Promise.race([progress, grace]);
    controller.abort();
  }
}
