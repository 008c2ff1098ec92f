import { HarnessError } from './harness-error.js';

/** run-until-idle (or a settled advance) used up its real-time budget with deliveries still unfinished. */
export class RunBudgetExceededError extends HarnessError {
  readonly code = 'RUN_BUDGET_EXCEEDED';
  readonly httpStatus = 504;

  constructor(
    readonly budgetMs: number,
    readonly unfinished: {
      readonly inFlight: readonly string[];
      readonly queued: number;
      readonly scheduled: number;
      readonly nextRetryAt: string | undefined;
      readonly now: string;
      /** Pending deliveries another process walks (or walked until it died, until the sweep takes them over). */
      readonly elsewhere?: number;
    },
  ) {
    const inFlight =
      unfinished.inFlight.length === 0
        ? 'none'
        : unfinished.inFlight.slice(0, 5).join(', ') +
          (unfinished.inFlight.length > 5 ? `, and ${unfinished.inFlight.length - 5} more` : '');
    super(
      `not idle after ${budgetMs} ms of real time (virtual time now ${unfinished.now}): requests in flight to ${inFlight}; ${unfinished.queued} walks queued; ${unfinished.scheduled} retries scheduled${unfinished.nextRetryAt !== undefined ? `, the next at ${unfinished.nextRetryAt}` : ''}${
        (unfinished.elsewhere ?? 0) > 0
          ? `; ${unfinished.elsewhere} walks under way on other nodes sharing the store (a node that died holds its walks until their lease runs out: --lease-ms)`
          : ''
      }. Give a larger budgetMs, or see GET /__harness/deliveries?state=pending`,
    );
  }
}
