import { clipReceived } from '../errors/clip-received.js';

/** The admin API's own body limit (the collection API's is 500 KiB, checked by the service). */
export const ADMIN_BODY_LIMIT = 1024 * 1024;

const BOOM_CODES: Readonly<Record<number, string>> = {
  400: 'BAD_REQUEST',
  404: 'NOT_FOUND',
  405: 'METHOD_NOT_ALLOWED',
  413: 'REQUEST_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
};

/** What of a Hapi error (a Boom, or anything thrown that is not a HarnessError) the answer is made from. */
export interface HapiError {
  readonly isBoom?: boolean;
  readonly message: string;
  readonly data?: unknown;
  readonly output?: { readonly statusCode: number; readonly payload: { readonly message?: string } };
}

/** What of the request the answer names. */
export interface AnsweredRequestLine {
  readonly method: string;
  readonly path: string;
  readonly contentLength: string | undefined;
  /** Hapi's router answered: no route matched, or the path did not decode (its `_special` routes). */
  readonly routerAnswered: boolean;
}

export interface ErrorAnswer {
  readonly status: number;
  readonly code: string;
  readonly message: string;
}

export function isAdminPath(path: string): boolean {
  return path === '/__harness' || path.startsWith('/__harness/');
}

/**
 * A Hapi error in the service's error shape, with a message that says what was received and what is expected:
 * Hapi's own messages ("Not Found", "Bad Request") name neither.
 */
export function hapiErrorAnswer(error: HapiError, request: AnsweredRequestLine): ErrorAnswer {
  const status = error.isBoom === true && error.output !== undefined ? error.output.statusCode : 500;
  const hapiMessage = error.output?.payload.message ?? error.message;
  const requestLine = `${request.method.toUpperCase()} ${clipReceived(request.path, 200)}`;
  // Hapi's 413 is the raw-body guard; the service's own limit is 400 REQUEST_TOO_LARGE (docs/decisions.md).
  if (status === 413) {
    const size = request.contentLength !== undefined ? `${request.contentLength} bytes` : 'over the limit';
    return {
      status: 400,
      code: 'REQUEST_TOO_LARGE',
      message: isAdminPath(request.path)
        ? `the request body is ${size}; an admin request may be at most ${ADMIN_BODY_LIMIT} bytes (1 MiB)`
        : `the request body is ${size}; one request may be at most 512000 bytes (500 KiB): split the batch`,
    };
  }
  const code = BOOM_CODES[status] ?? (status >= 500 ? 'INTERNAL_ERROR' : 'HTTP_ERROR');
  if (error.data instanceof Error && /prototype/i.test(error.data.message))
    return {
      status,
      code: 'INVALID_REQUEST',
      message:
        'the body holds a "__proto__" key, which is refused so that it cannot change what objects inherit; rename the key',
    };
  if (status === 400 && /payload/i.test(hapiMessage))
    return {
      status,
      code,
      message: `the body is not valid JSON (${error.message}); send a JSON object with Content-Type: application/json`,
    };
  if (status === 400 && request.routerAnswered)
    return {
      status,
      code,
      message: `the path of ${requestLine} does not decode: a % must be followed by two hex digits (send a literal % as %25)`,
    };
  if (status === 404 && (request.routerAnswered || hapiMessage === 'Not Found'))
    return {
      status,
      code,
      message: `nothing answers ${requestLine}: the collection API is under /v1, the admin API under /__harness (its routes: GET /__harness/openapi.json)`,
    };
  return { status, code, message: hapiMessage };
}
