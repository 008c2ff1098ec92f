import { HarnessError } from './harness-error.js';
import { clipReceived } from './clip-received.js';

/** A run id (admin path /__harness/runs/{id}/..., or the X-Harness-Run header) that names no run. */
export class RunNotFoundError extends HarnessError {
  readonly code = 'RUN_NOT_FOUND';
  readonly httpStatus = 404;

  constructor(readonly runId: string) {
    super(
      `no run has the id ${clipReceived(JSON.stringify(runId))}; create one with POST /__harness/runs, list them with GET /__harness/runs, or use "default"`,
    );
  }
}
