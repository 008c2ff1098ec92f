import type { IncomingMessage } from 'node:http';
import { ADMIN_BODY_LIMIT } from './hapi-error-answer.js';

/**
 * Reads and drops what is left of a request body the answer did not need (a request refused before its body was
 * read: 415, 403, 404), so that its kept-alive connection takes the next request: with the body unread, Hapi closes
 * the connection after the answer. A body declared, or found, over `limit` is left unread (the connection then
 * closes): reading it would cost more than a new connection.
 */
export function drainUnreadBody(req: IncomingMessage, limit = ADMIN_BODY_LIMIT): Promise<void> {
  const declared = Number(req.headers['content-length'] ?? Number.NaN);
  const hasBody = req.headers['transfer-encoding'] !== undefined || declared > 0;
  if (!hasBody || req.readableEnded || req.destroyed || declared > limit) return Promise.resolve();
  return new Promise((resolve) => {
    let read = 0;
    const done = () => {
      req.off('data', onData);
      req.off('end', done);
      req.off('error', done);
      req.off('close', done);
      resolve();
    };
    const onData = (chunk: Buffer) => {
      read += chunk.length;
      if (read > limit) {
        req.pause();
        done();
      }
    };
    req.on('data', onData);
    req.once('end', done);
    req.once('error', done);
    req.once('close', done);
    req.resume();
  });
}
