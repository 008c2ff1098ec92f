import { isRetryableStatus } from '../../contract/retry-classes.js';

/** What one HTTP attempt came to, as the transport reports it. */
export type AttemptOutcome =
  | {
      readonly kind: 'response';
      readonly status: number;
      readonly retryAfter?: string | undefined /** The start of a failure answer's body. */;
      readonly body?: string | undefined;
    }
  | { readonly kind: 'error'; readonly code: string };

export type Verdict = 'success' | 'retryable' | 'permanent';

/** TLS codes of a self-signed certificate: refused, no HTTP bytes written, never retried (rule 4.1, 7). */
export const SELF_SIGNED_CODES: ReadonlySet<string> = new Set([
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'SELF_SIGNED_CERT_IN_CHAIN',
]);

/**
 * docs/decisions.md: any 2xx succeeds; 3xx is a failure (redirects are not followed) and is not retried; 4xx is not
 * retried except 408 and 429; 5xx, timeouts and connection errors are retried; a self-signed certificate is
 * not retried.
 */
export function classifyOutcome(outcome: AttemptOutcome): Verdict {
  if (outcome.kind === 'error')
    return SELF_SIGNED_CODES.has(outcome.code) || outcome.code === 'TARGET_ADDRESS_REFUSED' ? 'permanent' : 'retryable';
  const { status } = outcome;
  if (status >= 200 && status < 300) return 'success';
  return isRetryableStatus(status) ? 'retryable' : 'permanent';
}

export function isRetryable(outcome: AttemptOutcome): boolean {
  return classifyOutcome(outcome) === 'retryable';
}

/**
 * The statuses the actions framework retries (`RetryableStatusCodes` of @segment/actions-core's errors.ts):
 * 408, 423, 429, 500 and 502-511, 598, 599. 501 and every other 4xx are permanent.
 */
const ACTIONS_RETRYABLE = new Set([408, 423, 429, 500, 502, 503, 504, 505, 506, 507, 508, 509, 510, 511, 598, 599]);

/**
 * Webhooks (Actions) retry classes: any 2xx succeeds; the statuses above, timeouts and connection errors are
 * retried; a self-signed certificate, 3xx and every other status are permanent.
 */
export function classifyActionsOutcome(outcome: AttemptOutcome): Verdict {
  if (outcome.kind === 'error') return SELF_SIGNED_CODES.has(outcome.code) ? 'permanent' : 'retryable';
  const { status } = outcome;
  if (status >= 200 && status < 300) return 'success';
  return ACTIONS_RETRYABLE.has(status) ? 'retryable' : 'permanent';
}
