import { HarnessError } from '../../src/index.js';

/**
 * The client driver could not be started, or never printed its ready line, or printed something else
 * instead: exit 2. The message names what was received (first line, exit code, stderr).
 */
export class DriverStartError extends HarnessError {
  readonly code = 'ERR_DRIVER_START';
}
