import type { Request, ResponseObject, ResponseToolkit } from '@hapi/hapi';
import type { CollectionAnswer } from '../core/collection/collection-answer.js';

/** Sends an answer of the core (the collection door's, the snippet's) through Hapi; a reset drops the connection. */
export function sendCollectionAnswer(
  answer: CollectionAnswer,
  request: Request,
  h: ResponseToolkit,
): ResponseObject | symbol {
  if (answer.kind === 'reset') {
    request.raw.req.socket.destroy();
    return h.abandon;
  }
  const response = h.response(answer.body).code(answer.status);
  for (const [name, value] of Object.entries(answer.headers)) response.header(name, value);
  return response;
}
