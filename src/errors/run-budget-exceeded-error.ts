import { HarnessError } from './harness-error.js';

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

/**
 * A clock move used up its real-time budget before the records of everything due in its window were final. Nothing
 * was cut off: virtual time stopped where the answer says, and moving it again goes on from there.
 */
export class RunBudgetExceededError extends HarnessError {
  readonly code = 'RUN_BUDGET_EXCEEDED';
  readonly httpStatus = 504;

  constructor(
    readonly budgetMs: number,
    readonly unfinished: UnfinishedMove,
  ) {
    const { inFlight, now, target, pendingTimers, nextTimerAt, elsewhere = 0 } = unfinished;
    const elsewhereText =
      elsewhere > 0
        ? `; ${elsewhere} walks under way on other nodes sharing the store (a node that died holds its walks until their lease runs out: --lease-ms)`
        : '';
    const waiting =
      inFlight.length === 0
        ? 'nothing in flight'
        : `in flight: ${inFlight.slice(0, 5).join(', ')}${inFlight.length > 5 ? `, and ${inFlight.length - 5} more` : ''}`;
    const short =
      target !== undefined && Date.parse(target) > Date.parse(now)
        ? `, ${Date.parse(target) - Date.parse(now)} ms short of ${target}`
        : '';
    super(
      `not done after ${budgetMs} ms of real time: virtual time stopped at ${now}${short}; ${waiting}; ${pendingTimers} timers pending${nextTimerAt !== undefined ? `, the next at ${nextTimerAt}` : ''}${elsewhereText}. Nothing was cut off: move the clock again to go on, or give a larger budgetMs (admin API: {"budgetMs": n}, up to 600000; in process: { budgetMs }); see GET /__harness/deliveries?state=pending`,
    );
  }
}
