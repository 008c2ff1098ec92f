import { HarnessError } from '../../src/index.js';

/**
 * A run of a clause that was cut off at its time limit (or of a suite that has ended) tried to go on: it
 * stops here instead of touching the next clause's driver. Never reported; the cut-off clause already failed.
 */
export class InterruptedRunError extends HarnessError {
  readonly code = 'ERR_INTERRUPTED_RUN';
}
