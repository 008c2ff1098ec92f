import { HarnessError } from './harness-error.js';

/** The server could not listen (port in use, no permission, unknown host); the message says what to do. */
export class ServerStartError extends HarnessError {
  readonly code = 'ERR_SERVER_START';
}
