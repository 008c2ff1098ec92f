import { connect } from 'node:net';

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
