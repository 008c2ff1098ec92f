import { HarnessError } from './harness-error.js';

/** The clock can only be moved by hand when the harness runs on the fake clock. */
export class ClockNotFakeError extends HarnessError {
  readonly code = 'CLOCK_NOT_FAKE';
  readonly httpStatus = 409;

  constructor() {
    super(
      'the harness runs on the system clock, which cannot be moved; start it with --clock fake (or createHarness({ clock: "fake" }))',
    );
  }
}
