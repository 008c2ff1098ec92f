import { HarnessError } from './harness-error.js';

/** A batch holds more events than the service takes in one request. */
export class BatchTooLongError extends HarnessError {
  readonly code = 'BATCH_TOO_MANY_EVENTS';
  readonly httpStatus = 400;

  constructor(
    readonly count: number,
    readonly limit: number,
  ) {
    super(`the batch holds ${count} events; one batch may hold at most ${limit}: split it`);
  }
}
