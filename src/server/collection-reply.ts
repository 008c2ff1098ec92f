import type { Request, ResponseObject, ResponseToolkit } from '@hapi/hapi';
import type { CollectionAnswer } from '../core/collection/collection-answer.js';

const SUCCESS_JSON = '{"success":true}';
/** What Hapi would send with it: its length, and Hapi's default no-cache. */
const SUCCESS_EXTRA: Readonly<Record<string, string>> = Object.freeze({
  'content-length': String(Buffer.byteLength(SUCCESS_JSON)),
  'cache-control': 'no-cache',
});
const successHeaders = new WeakMap<object, Readonly<Record<string, string>>>();

/**
 * Sends the core's collection answer through Hapi. The success answer is written straight to the socket in
 * one write: Hapi's transmit pipes even a string payload through a stream, a second write per request that
 * cost more under load than all of the route's own work. h.abandon tells Hapi the answer is sent; its
 * 'response' event still fires (the request log and the serve log read it).
 */
export function sendCollectionAnswer(
  answer: CollectionAnswer,
  request: Request,
  h: ResponseToolkit,
): ResponseObject | symbol {
  if (answer.kind === 'reset') {
    request.raw.req.socket.destroy();
    return h.abandon;
  }
  if (answer.success) {
    // The frozen answer to a request without Origin has its headers built once; others per request.
    let headers = successHeaders.get(answer.headers);
    if (headers === undefined) {
      headers = { ...answer.headers, ...SUCCESS_EXTRA };
      if (Object.isFrozen(answer.headers)) successHeaders.set(answer.headers, headers);
    }
    request.raw.res.writeHead(answer.status, headers);
    request.raw.res.end(SUCCESS_JSON);
    return h.abandon;
  }
  const response = h.response(answer.body).code(answer.status);
  for (const [name, value] of Object.entries(answer.headers)) response.header(name, value);
  return response;
}
