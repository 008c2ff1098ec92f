import { HarnessError } from './harness-error.js';

/** One event's JSON is over the 32 KiB limit (rule 4.2). */
export class EventTooLargeError extends HarnessError {
  readonly code = 'EVENT_TOO_LARGE';
  readonly httpStatus = 400;

  constructor(
    readonly pointer: string,
    readonly size: number,
    readonly limit: number,
  ) {
    super(`${pointer || 'the event'} is ${size} bytes of JSON; one event may be at most ${limit} bytes (32 KiB)`);
  }
}
