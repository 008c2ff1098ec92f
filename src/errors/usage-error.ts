import { HarnessError } from './harness-error.js';

/** A command line the CLI cannot run: the message says what was received and what is expected. */
export class UsageError extends HarnessError {
  readonly code = 'ERR_USAGE';
}
