import { HarnessError } from '../../src/index.js';

// The suites' own failures. A suite command exits 2 on each that reaches it (a failed clause is a verdict, exit 1,
// not an error); the statuses are those a gateway would answer with (502 or 504 for a subject that failed or did
// not answer in time, 400 for a name the suite does not have).

/** A clause failed inside the user's own test runner; the message holds the details and the replay command. */
export class ClauseFailedError extends HarnessError {
  static override readonly code = 'CLAUSE_FAILED';
}

/**
 * A clause did not finish within its time limit (its first run outlasted it, or the whole clause did):
 * reported as that clause's failure with this message, never as a crash of the suite.
 */
export class ClauseTimeoutError extends HarnessError {
  static override readonly code = 'CLAUSE_TIMEOUT';
  static override readonly httpStatus = 504;
}

/**
 * A run of a clause that was cut off at its time limit (or of a suite that has ended) tried to go on: it
 * stops here instead of touching the next clause's driver. Never reported; the cut-off clause already failed.
 */
export class InterruptedRunError extends HarnessError {
  static override readonly code = 'INTERRUPTED_RUN';
}

/** `--only`/`--skip` named a clause the suite does not have. */
export class UnknownClauseError extends HarnessError {
  static override readonly code = 'UNKNOWN_CLAUSE';
  static override readonly httpStatus = 400;
}

/** The suite could not reach its target at all (refused connection, unknown host, TLS failure): exit 2. */
export class TargetUnreachableError extends HarnessError {
  static override readonly code = 'TARGET_UNREACHABLE';
  static override readonly httpStatus = 502;
}

/**
 * The client driver could not be started, or never printed its ready line, or printed something else
 * instead: exit 2. The message names what was received (first line, exit code, stderr).
 */
export class DriverStartError extends HarnessError {
  static override readonly code = 'DRIVER_START';
  static override readonly httpStatus = 502;
}

/** The driver broke the driver protocol (docs/client-suite.md) where the suite cannot go on (init refused): exit 2. */
export class DriverProtocolError extends HarnessError {
  static override readonly code = 'DRIVER_PROTOCOL';
  static override readonly httpStatus = 502;
}
