import { HarnessError } from './harness-error.js';

/** The request body is not valid JSON. */
export class InvalidJsonError extends HarnessError {
  readonly code = 'INVALID_JSON';
  readonly httpStatus = 400;

  constructor(detail: string) {
    super(`the body is not valid JSON (${detail}); send one JSON object`);
  }
}
