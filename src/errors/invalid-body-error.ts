import { HarnessError } from './harness-error.js';

/** The body parses but is not the shape the route takes (a JSON object; for batch routes a `batch` array). */
export class InvalidBodyError extends HarnessError {
  readonly code = 'INVALID_BODY';
  readonly httpStatus = 400;

  constructor(detail: string) {
    super(detail);
  }
}
