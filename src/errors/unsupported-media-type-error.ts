import { HarnessError } from './harness-error.js';

/** A Content-Type or Content-Encoding the collection API does not take. */
export class UnsupportedMediaTypeError extends HarnessError {
  readonly code = 'UNSUPPORTED_MEDIA_TYPE';
  readonly httpStatus = 415;

  constructor(what: 'Content-Type' | 'Content-Encoding', received: string, expected: string) {
    super(`${what} ${JSON.stringify(received)} is not supported; send ${expected}`);
  }
}
