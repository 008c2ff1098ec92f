const DELTA_SECONDS = /^\d+(\.\d+)?$/;

/**
 * Milliseconds a `Retry-After` header asks to wait from `now`: delta-seconds (fractions tolerated) or an
 * HTTP date (RFC 9110 10.2.3); a date in the past is 0. Undefined when absent or unreadable, so the caller's
 * backoff applies instead. Callers cap it as their own rules say (the client at a minute).
 */
export function parseRetryAfter(header: string | undefined, now: number): number | undefined {
  if (header === undefined) return undefined;
  const text = header.trim();
  if (text === '') return undefined;
  if (DELTA_SECONDS.test(text)) return Math.round(Number(text) * 1000);
  const at = Date.parse(text);
  return Number.isNaN(at) ? undefined : Math.max(0, Math.round(at - now));
}
