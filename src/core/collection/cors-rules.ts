/**
 * The CORS rules of every collection and settings answer (errors and 404s included), so a page on any origin
 * can load settings and send events, as it can to the real service. Plain header maps: each adapter (Hapi,
 * msw) sets them on its own answer.
 */

/** Headers a browser SDK may send on a collection request (answered in the CORS preflight). */
export const CORS_ALLOWED_HEADERS = 'authorization, content-type, content-encoding, x-retry-count';
/** Response headers a browser SDK reads: analytics.js honours Retry-After on 429. */
export const CORS_EXPOSED_HEADERS = 'retry-after, x-ratelimit-reset';
/** How long a browser may reuse a preflight answer (seconds). */
export const CORS_MAX_AGE_SECONDS = 86_400;

/** The CORS headers of an answer to a request without Origin (server SDKs): one frozen object, not one per request. */
export const ANY_ORIGIN_CORS: Readonly<Record<string, string>> = Object.freeze({
  'access-control-allow-origin': '*',
  'access-control-expose-headers': CORS_EXPOSED_HEADERS,
});

/** The CORS headers of an answer: the page's own origin echoed (with Vary), or `*` without one. */
export function corsHeaders(origin: string | undefined): Readonly<Record<string, string>> {
  if (origin === undefined) return ANY_ORIGIN_CORS;
  return {
    'access-control-allow-origin': origin,
    'access-control-expose-headers': CORS_EXPOSED_HEADERS,
    vary: 'origin',
  };
}

/** The body of a preflight answer (a JSON success, as the real service answers OPTIONS). */
export const PREFLIGHT_BODY = '{"success":true}';

/** The headers of a preflight (OPTIONS) answer: the methods given, and whatever headers the browser asks for. */
export function preflightHeaders(
  origin: string | undefined,
  requestedHeaders: string | undefined,
  methods: string,
): Readonly<Record<string, string>> {
  return {
    'content-type': 'application/json; charset=utf-8',
    ...corsHeaders(origin),
    'access-control-allow-methods': methods,
    'access-control-allow-headers':
      requestedHeaders !== undefined && requestedHeaders !== '' ? requestedHeaders : CORS_ALLOWED_HEADERS,
    'access-control-max-age': String(CORS_MAX_AGE_SECONDS),
    vary: 'origin, access-control-request-headers',
  };
}
