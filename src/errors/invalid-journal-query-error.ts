import { HarnessError } from './harness-error.js';

/** A journal query (waitFor, query, GET /__harness/events) named a key it does not know or gave a bad value. */
export class InvalidJournalQueryError extends HarnessError {
  readonly code = 'ERR_INVALID_JOURNAL_QUERY';
}
