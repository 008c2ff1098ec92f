import { HarnessError } from './harness-error.js';

/**
 * A shared server's admin API refused a request (a remote harness's call): `code` is the code the server
 * answered (RUN_NOT_FOUND, CLOCK_NOT_FAKE, INVALID_REQUEST, ...), `status` its HTTP status, so callers branch on
 * the same codes as against a local harness.
 */
export class AdminApiError extends HarnessError {
  readonly code: string;
  readonly status: number;

  constructor(request: string, status: number, code: string | undefined, message: string | undefined) {
    super(`${request} answered ${status}${code !== undefined ? ` ${code}` : ''}: ${message ?? 'no error message'}`);
    this.code = code ?? `HTTP_${status}`;
    this.status = status;
  }
}
