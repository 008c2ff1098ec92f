import { HarnessError } from './harness-error.js';

/** A write key that no configured source has. */
export class UnknownWriteKeyError extends HarnessError {
  readonly code = 'UNKNOWN_WRITE_KEY';
  readonly httpStatus = 401;

  constructor(
    readonly writeKey: string,
    known: readonly string[],
  ) {
    super(
      `no source has the write key ${JSON.stringify(writeKey)}; configured sources: ${known.map((k) => JSON.stringify(k)).join(', ')}`,
    );
  }
}
