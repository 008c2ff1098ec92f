import { CrossOriginRefusedError } from '../errors/server-errors.js';
import { UnsupportedMediaTypeError } from '../errors/collection-errors.js';
import type { HarnessError } from '../errors/harness-error.js';

const READ_METHODS = new Set(['get', 'head', 'options']);

export interface AdminRequestFacts {
  readonly method: string;
  readonly origin: string | undefined;
  readonly host: string | undefined;
  readonly contentType: string | undefined;
  /** The built-in sample receiver: a webhook endpoint, which takes any body (an Origin is still refused). */
  readonly receiver?: boolean;
}

/**
 * Why a state-changing admin request is refused, or undefined when it may go on. A web page of another
 * origin can send a "simple" POST without asking (a form, fetch with no-cors): it always carries Origin, and
 * only text/plain, form or multipart bodies. So a change is taken only as JSON (which such a page cannot send
 * without a preflight, and /__harness grants none) and with no Origin (curl, scripts, SDKs) or the mock's own
 * (the inspector).
 */
export function adminRequestRefusal(request: AdminRequestFacts): HarnessError | undefined {
  if (READ_METHODS.has(request.method.toLowerCase())) return undefined;
  const { origin, host } = request;
  if (origin !== undefined && !isSameOrigin(origin, host)) {
    return new CrossOriginRefusedError(
      `admin requests that change state are taken only from the mock's own pages or without an Origin header (curl, scripts); received Origin ${JSON.stringify(origin)} for Host ${JSON.stringify(host ?? '')}`,
    );
  }
  // Only POST is a method a page may send cross-origin without a preflight; PUT and DELETE need one.
  const type = request.contentType?.split(';')[0]?.trim().toLowerCase();
  if (request.method.toLowerCase() === 'post' && !request.receiver && type !== 'application/json') {
    return new UnsupportedMediaTypeError(
      'Content-Type',
      type === undefined || type === '' ? '(none)' : type,
      `application/json on every admin request that changes state (curl: -H 'content-type: application/json' -d '{}')`,
    );
  }
  return undefined;
}

function isSameOrigin(origin: string, host: string | undefined): boolean {
  if (host === undefined || origin === 'null') return false;
  try {
    const url = new URL(origin);
    return url.protocol === 'http:' && url.host === host.trim().toLowerCase();
  } catch {
    return false;
  }
}
