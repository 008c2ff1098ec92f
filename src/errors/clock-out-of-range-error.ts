import { HarnessError } from './harness-error.js';

/** A clock amount or date that would take the clock out of the range its times can be written in (ISO 8601, years 0000-9999). */
export class ClockOutOfRangeError extends HarnessError {
  readonly code = 'CLOCK_OUT_OF_RANGE';
  readonly httpStatus = 400;

  constructor(detail: string) {
    super(detail);
  }
}
