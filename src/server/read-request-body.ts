import type { Readable } from 'node:stream';

/**
 * A request body read into one buffer, at most `limit` bytes; undefined once it passes the limit. Reading stops
 * there without destroying the request (Hapi's own reader destroyed it, and a client still sending an oversized
 * chunked body got a reset instead of the 400): the answer drains what is left first (see drainUnreadBody).
 */
export function readRequestBody(stream: Readable, limit: number): Promise<Buffer | undefined> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let length = 0;
    const done = (result: Buffer | undefined) => {
      stream.off('data', onData);
      stream.off('end', onEnd);
      stream.off('error', onError);
      resolve(result);
    };
    const onData = (chunk: Buffer) => {
      length += chunk.length;
      if (length > limit) {
        stream.pause();
        done(undefined);
        return;
      }
      chunks.push(chunk);
    };
    const onEnd = () => done(chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks, length));
    const onError = (error: Error) => {
      stream.off('data', onData);
      stream.off('end', onEnd);
      reject(error);
    };
    stream.on('data', onData);
    stream.once('end', onEnd);
    stream.once('error', onError);
  });
}
