import { connect, type Socket } from 'node:net';

/** Sends raw bytes to host:port and resolves with everything the server wrote before closing (bounded). */
export function rawExchange(url: string, bytes: string | Buffer, timeoutMs = 10_000): Promise<string> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = connect({ host: hostname, port: Number(port) });
    const chunks: Buffer[] = [];
    const timer = setTimeout(() => {
      socket.destroy();
      reject(
        new Error(
          `no close from ${url} within ${timeoutMs} ms; received so far: ${Buffer.concat(chunks).toString('latin1').slice(0, 200)}`,
        ),
      );
    }, timeoutMs);
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', () => undefined);
    socket.on('close', () => {
      clearTimeout(timer);
      resolve(Buffer.concat(chunks).toString('latin1'));
    });
    socket.write(bytes);
  });
}

/** Status line and JSON body of a raw HTTP/1.1 answer. */
export function parseRawAnswer(raw: string): { status: number; headers: string; body: Record<string, unknown> } {
  const split = raw.indexOf('\r\n\r\n');
  const head = raw.slice(0, split);
  const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1]);
  const text = raw.slice(split + 4);
  return { status, headers: head, body: JSON.parse(text) as Record<string, unknown> };
}

/** Writes requests one after the other on one socket, reading each answer (Content-Length framed) before the next. */
export async function onOneSocket(
  url: string,
  requests: readonly string[],
): Promise<{ statuses: number[]; open: boolean }> {
  const { hostname, port } = new URL(url);
  const socket: Socket = connect({ host: hostname, port: Number(port) });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('error', reject);
  });
  let buffered = Buffer.alloc(0);
  let closed = false;
  socket.on('close', () => (closed = true));
  socket.on('error', () => undefined);
  const waiters: (() => void)[] = [];
  socket.on('data', (chunk: Buffer) => {
    buffered = Buffer.concat([buffered, chunk]);
    for (const wake of waiters.splice(0)) wake();
  });
  socket.on('close', () => {
    for (const wake of waiters.splice(0)) wake();
  });
  const statuses: number[] = [];
  for (const raw of requests) {
    socket.write(raw);
    const deadline = Date.now() + 10_000;
    for (;;) {
      const head = buffered.indexOf('\r\n\r\n');
      const headers = head < 0 ? '' : buffered.subarray(0, head).toString('latin1');
      const length = Number(/\r\ncontent-length: (\d+)/i.exec(headers)?.[1] ?? Number.NaN);
      if (head >= 0 && buffered.length >= head + 4 + length) {
        statuses.push(Number(/^HTTP\/1\.1 (\d{3})/.exec(headers)?.[1]));
        buffered = buffered.subarray(head + 4 + length);
        break;
      }
      if (closed || Date.now() > deadline) return { statuses, open: false };
      await new Promise<void>((resolve) => {
        waiters.push(resolve);
        setTimeout(resolve, 100);
      });
    }
  }
  // Still open a moment later: the server did not close it after the answers.
  await new Promise((resolve) => setTimeout(resolve, 300));
  const open = !closed;
  socket.destroy();
  return { statuses, open };
}
