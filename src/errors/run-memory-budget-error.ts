import { HarnessError } from './harness-error.js';

/** POST /__harness/runs asking for more memory (journal, deliveries) than the server's runs have left. */
export class RunMemoryBudgetError extends HarnessError {
  readonly code = 'RUN_MEMORY_BUDGET_FULL';
  readonly httpStatus = 429;

  constructor(
    readonly bound: string,
    readonly asked: number,
    readonly left: number,
    readonly budget: number,
  ) {
    super(
      `the run asks for ${bound} ${asked}, but the server's runs together hold at most ${budget} and ${left} is left; ask for less in the run's config (or leave it out for the default share), delete runs you no longer need, or start serve with a lower --max-runs (each run's default share is larger)`,
    );
  }
}
