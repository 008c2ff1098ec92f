import type { Readable } from 'node:stream';

/** Bodies the collection API reads at most; past it the answer is 400 REQUEST_TOO_LARGE once the rest is drained. */
export const RAW_BODY_LIMIT = 8 * 1024 * 1024;

/** A body read whole, or how reading it ended instead. */
export type ReadBody =
  | { readonly kind: 'body'; readonly body: Buffer }
  /**
   * Past the limit: reading stopped there (or never started, for a declared length past it), the request is paused
   * with the rest unread (see drainUnreadBody). `size`: the declared length, or the bytes read when it passed.
   */
  | { readonly kind: 'oversized'; readonly size: number }
  /** The client went away before the body ended. */
  | { readonly kind: 'gone' };

/**
 * The body as one exact-size buffer nothing else holds: node:http copies each body chunk out of the socket's
 * buffer into one of its own, so a lone chunk is used as it is; several are joined into a new, unpooled buffer
 * (Buffer.concat would take a small one from the shared pool, and keeping it would pin the pool's 8 KiB).
 */
export function ownBody(chunks: readonly Buffer[], length: number): Buffer {
  const first = chunks[0];
  if (chunks.length === 1 && first !== undefined && first.byteOffset === 0 && first.buffer.byteLength === first.length)
    return first;
  let size = 0;
  for (const chunk of chunks) size += chunk.length;
  const body = Buffer.allocUnsafeSlow(Number.isInteger(length) ? Math.min(length, size) : size);
  let offset = 0;
  for (const chunk of chunks) {
    if (offset >= body.length) break;
    offset += chunk.copy(body, offset);
  }
  return body;
}

/**
 * A request body read into one buffer of its own (see ownBody), at most `limit` bytes. Reading stops at the limit
 * without destroying the request (a reader that destroyed it gave a client still sending an oversized chunked body a
 * reset instead of the 400): the answer drains what is left first (see drainUnreadBody).
 */
export function readRequestBody(
  stream: Readable,
  declaredLength: string | undefined,
  limit = RAW_BODY_LIMIT,
): Promise<ReadBody> {
  const declared = Number(declaredLength ?? Number.NaN);
  if (declared > limit) return Promise.resolve({ kind: 'oversized', size: declared });
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let length = 0;
    const done = (result: ReadBody) => {
      stream.off('data', onData);
      stream.off('end', onEnd);
      stream.off('error', onGone);
      stream.off('close', onGone);
      resolve(result);
    };
    const onData = (chunk: Buffer) => {
      length += chunk.length;
      if (length > limit) {
        stream.pause();
        done({ kind: 'oversized', size: length });
        return;
      }
      chunks.push(chunk);
    };
    const onEnd = () => done({ kind: 'body', body: ownBody(chunks, length) });
    // An error (the connection reset) or a close before the end: nobody is left to answer.
    const onGone = () => done({ kind: 'gone' });
    stream.on('data', onData);
    stream.once('end', onEnd);
    stream.once('error', onGone);
    stream.once('close', onGone);
  });
}
