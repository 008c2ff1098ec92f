import { HarnessError } from './harness-error.js';

/**
 * No write key, or an empty one: neither HTTP Basic auth nor writeKey in the body names one. 400, as the real API
 * answered an empty key in 2026 (segmentio/analytics-go#205; docs/decisions.md, "A missing or empty write key").
 */
export class MissingWriteKeyError extends HarnessError {
  readonly code = 'MISSING_WRITE_KEY';
  readonly httpStatus = 400;

  constructor() {
    super('no write key: send it as the HTTP Basic username (empty password) or as "writeKey" in the JSON body');
  }
}
