import { HarnessError } from './harness-error.js';

/**
 * An agent (through `event-harness mcp`) named a URL off this machine that the user did not allow: nothing was
 * sent. The user allows a host with `event-harness mcp --allow-target HOST`.
 */
export class TargetNotAllowedError extends HarnessError {
  readonly code = 'ERR_TARGET_NOT_ALLOWED';
}
