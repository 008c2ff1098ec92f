import { HarnessError } from './harness-error.js';

// Time and waits: moving the fake clock, a move past its real-time budget, a journal wait that ran out, a wait
// cancelled through its AbortSignal.

/** The clock can only be moved by hand when the harness runs on the fake clock. */
export class ClockNotFakeError extends HarnessError {
  static override readonly code = 'CLOCK_NOT_FAKE';
  static override readonly httpStatus = 409;

  constructor() {
    super(
      'the harness runs on the system clock, which cannot be moved; start it with --clock fake (or createHarness({ clock: "fake" }))',
    );
  }
}

/** A clock amount or date that would take the clock out of the range its times can be written in (ISO 8601, years 0000-9999). */
export class ClockOutOfRangeError extends HarnessError {
  static override readonly code = 'CLOCK_OUT_OF_RANGE';
  static override readonly httpStatus = 400;
}

/** What a clock move (advance, next-retry, run-until-idle) had not finished when its real-time budget ran out. */
export interface UnfinishedMove {
  /** The real exchanges and walks virtual time was waiting for. */
  readonly inFlight: readonly string[];
  /** Where virtual time stands (ISO 8601). */
  readonly now: string;
  /** Where the move was going, when it had a target (ISO 8601). */
  readonly target?: string | undefined;
  /** Timers still pending, and when the earliest is due (ISO 8601). */
  readonly pendingTimers: number;
  readonly nextTimerAt?: string | undefined;
  /** Pending deliveries another process sharing the store walks (or walked until it died, until the sweep takes them over). */
  readonly elsewhere?: number;
}

function inFlightText(inFlight: readonly string[]): string {
  if (inFlight.length === 0) return 'nothing in flight';
  const more = inFlight.length > 5 ? `, and ${inFlight.length - 5} more` : '';
  return `in flight: ${inFlight.slice(0, 5).join(', ')}${more}`;
}

function shortOfTargetText({ now, target }: UnfinishedMove): string {
  if (target === undefined || Date.parse(target) <= Date.parse(now)) return '';
  return `, ${Date.parse(target) - Date.parse(now)} ms short of ${target}`;
}

function timersText({ pendingTimers, nextTimerAt }: UnfinishedMove): string {
  return `${pendingTimers} timers pending${nextTimerAt !== undefined ? `, the next at ${nextTimerAt}` : ''}`;
}

function elsewhereText({ elsewhere = 0 }: UnfinishedMove): string {
  if (elsewhere <= 0) return '';
  return `; ${elsewhere} walks under way on other nodes sharing the store (a node that died holds its walks until their lease runs out: --lease-ms)`;
}

/**
 * A clock move used up its real-time budget before the records of everything due in its window were final. Nothing
 * was cut off: virtual time stopped where the answer says, and moving it again goes on from there.
 */
export class RunBudgetExceededError extends HarnessError {
  static override readonly code = 'RUN_BUDGET_EXCEEDED';
  static override readonly httpStatus = 504;

  constructor(
    readonly budgetMs: number,
    readonly unfinished: UnfinishedMove,
  ) {
    const where = `virtual time stopped at ${unfinished.now}${shortOfTargetText(unfinished)}`;
    super(
      `not done after ${budgetMs} ms of real time: ${where}; ${inFlightText(unfinished.inFlight)}; ${timersText(unfinished)}${elsewhereText(unfinished)}. Nothing was cut off: move the clock again to go on, or give a larger budgetMs (admin API: {"budgetMs": n}, up to 600000; in process: { budgetMs }); see GET /__harness/deliveries?state=pending`,
    );
  }

  /** What is unfinished, as data for scripts. */
  override get bodyFields(): Readonly<Record<string, unknown>> {
    return { unfinished: this.unfinished };
  }
}

/** journal.waitFor saw no matching entry in time. */
export class JournalWaitTimeoutError extends HarnessError {
  static override readonly code = 'JOURNAL_WAIT_TIMEOUT';
  static override readonly httpStatus = 504;

  constructor(timeoutMs: number, held: number) {
    super(
      `no matching journal entry arrived within ${timeoutMs} ms (the journal holds ${held} entries); check the match, or raise the timeout`,
    );
  }
}

/** A wait or request was cancelled through its AbortSignal; `cause` holds the signal's reason. */
export class AbortError extends HarnessError {
  static override readonly code = 'ABORTED';
  static override readonly httpStatus = 503;

  constructor(message = 'the operation was aborted', options?: { cause?: unknown }) {
    super(message, options);
  }
}
