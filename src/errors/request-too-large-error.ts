import { HarnessError } from './harness-error.js';

/** The request body is over the 500 KiB limit (rule 4.2), measured after gzip is undone. */
export class RequestTooLargeError extends HarnessError {
  readonly code = 'REQUEST_TOO_LARGE';
  readonly httpStatus = 400;

  constructor(
    readonly size: number,
    readonly limit: number,
  ) {
    super(
      `the request body is ${size} bytes or more; one request may be at most ${limit} bytes (500 KiB) after gzip is undone: split the batch`,
    );
  }
}
