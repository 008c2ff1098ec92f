import { HarnessError } from './harness-error.js';

/** No write key: neither HTTP Basic auth nor writeKey in the body. */
export class MissingWriteKeyError extends HarnessError {
  readonly code = 'MISSING_WRITE_KEY';
  readonly httpStatus = 401;

  constructor() {
    super('no write key: send it as the HTTP Basic username (empty password) or as "writeKey" in the JSON body');
  }
}
