import test from 'ava';
import { connect, type Socket } from 'node:net';
import { startServe } from '../helpers/spawn-cli.js';

// Slow clients against `serve` over real sockets (docs/limits.md "Slow clients"): connections that send half a
// request and never read cannot keep new clients out once the cap is reached, and a connection answered with an
// error (400, 408) is closed whole, not half-closed (a client that never reads would keep its slot).

function open(url: string, bytes: string): Promise<Socket> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = connect({ host: hostname, port: Number(port) }, () => {
      socket.write(bytes);
      resolve(socket);
    });
    socket.on('error', () => undefined);
    // Never read: the answer (if any) stays in the socket's buffers, as a client that does not read leaves it.
    socket.pause();
  });
}

async function served(url: string, boundMs: number): Promise<number> {
  try {
    const response = await fetch(`${url}/v1/track`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Basic ${Buffer.from('wk:').toString('base64')}`,
        connection: 'close',
      },
      body: JSON.stringify({ userId: 'u', event: 'New client' }),
      signal: AbortSignal.timeout(boundMs),
    });
    await response.arrayBuffer();
    return response.status;
  } catch {
    return 0;
  }
}

for (const threads of ['2', '0'])
  test(`--threads ${threads}: 80 half-sent requests on a cap of 64 do not keep new clients out`, async (t) => {
    const serve = await startServe(t, ['--threads', threads, '--max-connections', '64', '--quiet']);
    const host = new URL(serve.url).host;
    const slow: Socket[] = [];
    t.teardown(() => {
      for (const socket of slow) socket.destroy();
    });
    for (let i = 0; i < 80; i++)
      slow.push(
        await open(
          serve.url,
          i % 2 === 0
            ? `POST /v1/track HTTP/1.1\r\nHost: ${host}\r\nContent-Type: application/json\r\n` // headers never end
            : `POST /v1/track HTTP/1.1\r\nHost: ${host}\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{`, // half a body
        ),
      );
    // Past the bound a sender may take (1 s): the slow ones give way to new clients.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    const statuses = await Promise.all(Array.from({ length: 20 }, () => served(serve.url, 5_000)));
    t.deepEqual(
      statuses,
      statuses.map(() => 200),
    );
  });

test('--threads 0: a connection answered 400 is closed whole: a cap of 5 such connections that never read keeps no one out', async (t) => {
  const serve = await startServe(t, ['--threads', '0', '--max-connections', '5', '--quiet']);
  const broken: Socket[] = [];
  t.teardown(() => {
    for (const socket of broken) socket.destroy();
  });
  for (let i = 0; i < 5; i++) broken.push(await open(serve.url, 'NOT HTTP AT ALL\r\n\r\n'));
  // Well within the bound a slow sender gets (1 s): only closing the answered connections makes room now.
  await new Promise((resolve) => setTimeout(resolve, 300));
  t.is(await served(serve.url, 3_000), 200);
});
