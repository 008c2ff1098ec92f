import { HarnessError } from './harness-error.js';

/** Content-Encoding: gzip but the body does not gunzip. */
export class InvalidGzipError extends HarnessError {
  readonly code = 'INVALID_GZIP';
  readonly httpStatus = 400;

  constructor(detail: string) {
    super(`the body is marked Content-Encoding: gzip but does not decompress (${detail})`);
  }
}
