import type { Request, ResponseObject, ResponseToolkit } from '@hapi/hapi';

/** Headers a browser SDK may send on a collection request (answered in the CORS preflight). */
const ALLOWED_HEADERS = 'authorization, content-type, content-encoding, x-retry-count';
/** Response headers a browser SDK reads: analytics.js honours Retry-After on 429. */
const EXPOSED_HEADERS = 'retry-after, x-ratelimit-reset';

/**
 * CORS for every collection and settings answer (errors and 404s included), so a page on any origin can
 * load settings and send events, as it can to the real service. Done by hand rather than with Hapi's route
 * option: that option costs about 2 ms of route set-up per harness, more than the collection route's own.
 */
/** The CORS headers of an answer to a request without Origin. */
export const ANY_ORIGIN_CORS: Readonly<Record<string, string>> = Object.freeze({ 'access-control-allow-origin': '*', 'access-control-expose-headers': EXPOSED_HEADERS });

export function corsHeaders(request: Request): Readonly<Record<string, string>> {
  const origin = request.headers.origin;
  if (typeof origin !== 'string') return ANY_ORIGIN_CORS;
  return { 'access-control-allow-origin': origin, 'access-control-expose-headers': EXPOSED_HEADERS, vary: 'origin' };
}

export function withCors(response: ResponseObject, request: Request): ResponseObject {
  for (const [name, value] of Object.entries(corsHeaders(request))) response.header(name, value);
  return response;
}

/** The answer to a preflight (OPTIONS): the methods given, and whatever headers the browser asks for. */
export function preflight(request: Request, h: ResponseToolkit, methods: string): ResponseObject {
  const response = h.response('{"success":true}').type('application/json; charset=utf-8');
  withCors(response, request);
  response.header('access-control-allow-methods', methods);
  const asked = request.headers['access-control-request-headers'];
  response.header('access-control-allow-headers', typeof asked === 'string' && asked !== '' ? asked : ALLOWED_HEADERS);
  response.header('access-control-max-age', '86400');
  response.header('vary', 'origin, access-control-request-headers');
  return response;
}
