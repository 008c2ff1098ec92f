import type { IncomingMessage } from 'node:http';

/** A refused request's body is read (and dropped) up to this much, within DRAIN_BODY_MS: see drainUnreadBody. */
export const DRAIN_BODY_LIMIT = 64 * 1024 * 1024;
export const DRAIN_BODY_MS = 5_000;

/**
 * Reads and drops what is left of a request body the answer does not need (a request refused before its body was
 * read: 415, 403, 404; or past a size limit: 400 REQUEST_TOO_LARGE), before the answer goes out. With the body left
 * unread, the connection is closed after the answer while the client is still sending, and the client gets a reset
 * instead of the answer (an oversized chunked body did), or loses its kept-alive connection. A body declared, or
 * found, over DRAIN_BODY_LIMIT, or still coming after DRAIN_BODY_MS, is left: the answer goes, and the connection
 * closes.
 */
export function drainUnreadBody(req: IncomingMessage, limit = DRAIN_BODY_LIMIT, ms = DRAIN_BODY_MS): Promise<void> {
  const declared = Number(req.headers['content-length'] ?? Number.NaN);
  const hasBody = req.headers['transfer-encoding'] !== undefined || declared > 0;
  if (!hasBody || req.readableEnded || req.destroyed || declared > limit) return Promise.resolve();
  return new Promise((resolve) => {
    let read = 0;
    const timer = setTimeout(() => stop(), ms);
    const stop = () => {
      clearTimeout(timer);
      req.off('data', onData);
      req.off('end', stop);
      req.off('error', stop);
      req.off('close', stop);
      req.pause();
      resolve();
    };
    const onData = (chunk: Buffer) => {
      read += chunk.length;
      if (read > limit) stop();
    };
    req.on('data', onData);
    req.once('end', stop);
    req.once('error', stop);
    req.once('close', stop);
    req.resume();
  });
}
