import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Server as HapiServer } from '@hapi/hapi';

/** Headers of an injected answer that belong to that exchange, not to the one on the socket. */
const HOP_HEADERS = new Set(['transfer-encoding', 'connection', 'keep-alive', 'date']);

/** A request the core refused, answered by Hapi exactly as if it had come there (its 'response' event too). */
export function replayThroughHapi(
  server: HapiServer,
  req: IncomingMessage,
  res: ServerResponse,
  body: Buffer,
  remoteAddress: string,
): void {
  server
    .inject({
      method: 'POST',
      url: req.url ?? '/',
      headers: req.headers as Record<string, string>,
      payload: body,
      remoteAddress,
    })
    .then((replayed) => {
      const headers: Record<string, string | string[]> = {};
      for (const [name, value] of Object.entries(replayed.headers)) {
        if (value !== undefined && !HOP_HEADERS.has(name))
          headers[name] = typeof value === 'number' ? String(value) : value;
      }
      res.writeHead(replayed.statusCode, headers);
      res.end(replayed.rawPayload);
    })
    .catch((error: unknown) => {
      res.writeHead(500, { 'content-type': 'application/json; charset=utf-8' });
      res.end(
        JSON.stringify({
          success: false,
          code: 'INTERNAL_ERROR',
          message: `the collection API could not answer: ${(error as Error).message}`,
        }),
      );
    });
}
