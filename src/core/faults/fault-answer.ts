import type { Fault } from './fault-plan.js';

/** The answer to a request given a status fault, alike in every adapter (Hapi, msw). */
export interface FaultAnswer {
  readonly status: number;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: { readonly success: false; readonly code: string; readonly message: string };
}

/**
 * A status fault as the real API answers it: a 429 (or any status given `retryAfter`) carries `Retry-After`
 * and `X-RateLimit-Reset`, both the seconds after which the client may retry, as the HTTP API documentation
 * describes its rate limit (docs/decisions.md, "Fidelity").
 */
export function faultAnswer(
  fault: Fault & { readonly status: number },
  cause: 'fault' | 'rate limit' = 'fault',
): FaultAnswer {
  const headers: Record<string, string> = {};
  if (fault.retryAfter !== undefined) {
    const seconds = String(fault.retryAfter);
    headers['retry-after'] = seconds;
    headers['x-ratelimit-reset'] = seconds;
  }
  if (cause === 'rate limit') {
    return {
      status: 429,
      headers,
      body: {
        success: false,
        code: 'RATE_LIMITED',
        message: `too many requests: over the rate limit setting; retry after ${fault.retryAfter ?? 1} s`,
      },
    };
  }
  const message =
    fault.status === 429
      ? `rate limited (fault injected by the harness): status 429${fault.retryAfter !== undefined ? `; retry after ${fault.retryAfter} s` : ''}`
      : `fault injected by the harness: status ${fault.status}`;
  return { status: fault.status, headers, body: { success: false, code: 'INJECTED_FAULT', message } };
}
