import { HarnessError } from './harness-error.js';

/** An admin API request whose body or query is not what the route takes. */
export class InvalidRequestError extends HarnessError {
  readonly code = 'INVALID_REQUEST';
  readonly httpStatus = 400;

  constructor(detail: string) {
    super(detail);
  }
}
