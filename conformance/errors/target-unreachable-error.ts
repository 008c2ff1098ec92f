import { HarnessError } from '../../src/index.js';

/** The suite could not reach its target at all (refused connection, unknown host, TLS failure): exit 2. */
export class TargetUnreachableError extends HarnessError {
  readonly code = 'ERR_TARGET_UNREACHABLE';
}
