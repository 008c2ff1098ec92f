import { HarnessError } from './harness-error.js';

/** Strict mode: one or more events break a message rule; every violation is listed. */
export class InvalidEventsError extends HarnessError {
  readonly code = 'INVALID_EVENTS';
  readonly httpStatus = 400;

  constructor(
    readonly violations: readonly { readonly pointer: string; readonly rule: string; readonly message: string }[],
  ) {
    super(
      `${violations.length} violation(s): ${violations
        .slice(0, 5)
        .map((v) => v.message)
        .join('; ')}${violations.length > 5 ? '; ...' : ''}`,
    );
  }
}
