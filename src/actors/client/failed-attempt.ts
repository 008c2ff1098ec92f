import { isRetryableStatus } from '../../contract/retry-classes.js';
import { DeliveryFailedError } from '../../errors/client-errors.js';
import type { PostOutcome } from './post-batch.js';

/** What a batch attempt that got no 2xx comes to: another attempt (and why, for the log), or the batch's failure. */
export type FailedAttempt =
  | { readonly retry: true; readonly why: string }
  | { readonly retry: false; readonly error: DeliveryFailedError };

/**
 * Rule 4.3: no answer and the retryable statuses are retried up to `retries` times after the first attempt;
 * any other status fails the batch at once. The error names the request, what came back and why it stopped.
 */
export function judgeFailedAttempt(
  outcome: PostOutcome,
  attempt: number,
  retries: number,
  batchUrl: URL,
): FailedAttempt {
  const retryable = outcome.kind === 'no-answer' || isRetryableStatus(outcome.status);
  const why =
    outcome.kind === 'answer'
      ? `answered ${outcome.status}${outcome.body === '' ? '' : ` ${outcome.body}`}`
      : `failed: ${outcome.error.message}`;
  if (retryable && attempt <= retries) return { retry: true, why };
  // Only an answer can be not retryable: no answer always is.
  const reason =
    outcome.kind === 'answer' && !retryable
      ? `status ${outcome.status} is not retried`
      : `gave up after ${attempt} attempts`;
  return {
    retry: false,
    error: new DeliveryFailedError(
      `POST ${batchUrl.toString()} ${why}; ${reason}`,
      attempt,
      outcome.kind === 'answer' ? outcome.status : undefined,
      outcome.kind === 'no-answer' ? { cause: outcome.error } : undefined,
    ),
  };
}
