/**
 * The statuses worth another try, for the client and for webhook delivery alike (rule 7, docs/decisions.md):
 * 5xx, 408 and 429. Every other status (400 above all, and 3xx: redirects are not followed) is final.
 */
export function isRetryableStatus(status: number): boolean {
  return status >= 500 || status === 408 || status === 429;
}
