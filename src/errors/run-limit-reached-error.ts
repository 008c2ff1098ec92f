import { HarnessError } from './harness-error.js';

/** POST /__harness/runs past the bound on runs (serve --max-runs). */
export class RunLimitReachedError extends HarnessError {
  readonly code = 'RUN_LIMIT_REACHED';
  readonly httpStatus = 429;

  constructor(readonly maxRuns: number) {
    super(
      `this server holds its limit of ${maxRuns} runs besides the default run; delete runs you no longer need (DELETE /__harness/runs/{id}), wait for idle ones to expire, or start serve with a higher --max-runs`,
    );
  }
}
