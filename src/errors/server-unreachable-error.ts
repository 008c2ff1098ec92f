import { HarnessError } from './harness-error.js';

/** A shared event-harness server did not answer (refused, reset, timed out) or answered what is not its admin API. */
export class ServerUnreachableError extends HarnessError {
  readonly code = 'SERVER_UNREACHABLE';
}
