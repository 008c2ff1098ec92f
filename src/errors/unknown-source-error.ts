import { HarnessError } from './harness-error.js';

/** A write key named in a request that no source has, or whose source has no enabled Webhooks destination. */
export class UnknownSourceError extends HarnessError {
  readonly code = 'UNKNOWN_SOURCE';
  readonly httpStatus = 400;

  constructor(writeKey: string, why: 'missing' | 'no-webhooks') {
    super(
      why === 'missing'
        ? `no source has the write key ${JSON.stringify(writeKey)}; send an event with it first or configure it`
        : `the source ${JSON.stringify(writeKey)} has no enabled Webhooks destination to notify`,
    );
  }
}
