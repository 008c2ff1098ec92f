import test, { type ExecutionContext } from 'ava';
import { request } from 'node:http';
import { connect } from 'node:net';
import { getJson } from '../helpers/harness.js';
import { startServe } from '../helpers/spawn-cli.js';
import { onOneSocket } from '../helpers/raw-http.js';

// Every admin write gets its answer, over real sockets to `serve` as users run it (with its ingest threads, and with
// the main thread alone): on a connection of its own per request (curl's default) and on kept-alive ones; a write
// applied is a write answered. And a request refused before its body is read answers and leaves a kept-alive
// connection open for the next. About behaviour on the wire only: how serve reads HTTP may change.

const WRITES = 300;
const AT_ONCE = 20;

/** POST /__harness/faults; resolves with the status, or 0 when no answer came (an error or a closed connection). */
function addFault(url: string, keepAlive: boolean): Promise<number> {
  return new Promise((resolve) => {
    const body = JSON.stringify({ count: 1, status: 503 });
    const req = request(
      `${url}/__harness/faults`,
      {
        method: 'POST',
        agent: false,
        headers: {
          'content-type': 'application/json',
          'content-length': String(Buffer.byteLength(body)),
          ...(keepAlive ? {} : { connection: 'close' }),
        },
        timeout: 15_000,
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
        res.on('error', () => resolve(0));
      },
    );
    req.on('timeout', () => req.destroy());
    req.on('error', () => resolve(0));
    req.end(body);
  });
}

async function writesAnswered(t: ExecutionContext, url: string, keepAlive: boolean): Promise<void> {
  const statuses: number[] = [];
  for (let i = 0; i < WRITES; i += AT_ONCE)
    statuses.push(...(await Promise.all(Array.from({ length: AT_ONCE }, () => addFault(url, keepAlive)))));
  const unanswered = statuses.filter((status) => status === 0).length;
  t.is(unanswered, 0, `${unanswered} of ${WRITES} writes got no answer`);
  t.true(statuses.every((status) => status === 200));
  const { faults } = (await getJson(`${url}/__harness/faults`)).body as { faults: unknown[] };
  t.is(faults.length, WRITES, 'every write applied was answered, and every one answered was applied');
}

for (const threads of ['2', '0'])
  test(`--threads ${threads}: admin writes on fresh and kept-alive connections are all answered and applied once`, async (t) => {
    const fresh = await startServe(t, ['--threads', threads, '--quiet']);
    await writesAnswered(t, fresh.url, false);
    const kept = await startServe(t, ['--threads', threads, '--quiet']);
    await writesAnswered(t, kept.url, true);
  });

for (const threads of ['2', '0'])
  test(`--threads ${threads}: a request refused before its body is read is answered, and its kept-alive connection takes the next`, async (t) => {
    const serve = await startServe(t, ['--threads', threads, '--quiet']);
    const host = new URL(serve.url).host;
    const big = 'x'.repeat(200_000);
    const refused = [
      // 415: an admin POST that is not JSON, refused before its 200 KB body is read.
      `POST /__harness/faults HTTP/1.1\r\nHost: ${host}\r\nContent-Type: text/plain\r\nContent-Length: ${big.length}\r\n\r\n${big}`,
      // 403: a cross-origin write, refused before its body is read.
      `POST /__harness/reset HTTP/1.1\r\nHost: ${host}\r\nOrigin: http://evil.test\r\nContent-Type: application/json\r\nContent-Length: 2\r\n\r\n{}`,
      // 404 with a body: nothing answers the path.
      `POST /nowhere HTTP/1.1\r\nHost: ${host}\r\nContent-Type: application/json\r\nContent-Length: ${big.length}\r\n\r\n${big}`,
    ];
    const next = `GET /__harness/health HTTP/1.1\r\nHost: ${host}\r\n\r\n`;
    const { statuses, open } = await onOneSocket(serve.url, [...refused, next]);
    t.deepEqual(statuses, [415, 403, 404, 200]);
    t.true(open, 'the connection stays open for more requests');
  });

/** Sends a chunked body of `size` bytes to /v1/batch on a raw socket, reading as it writes; the status answered. */
function chunkedOversize(url: string, size: number): Promise<string> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = connect({ host: hostname, port: Number(port) });
    let answer = '';
    const finish = (outcome: string) => {
      socket.destroy();
      resolve(outcome);
    };
    socket.on('data', (chunk: Buffer) => {
      answer += chunk.toString('latin1');
      const status = /^HTTP\/1\.1 (\d{3})/.exec(answer)?.[1];
      if (status !== undefined && answer.includes('}')) finish(`${status} ${/"code":"(\w+)"/.exec(answer)?.[1]}`);
    });
    socket.on('error', (error: NodeJS.ErrnoException) => finish(`error ${error.code} after ${answer.length} bytes`));
    socket.on('close', () => finish(`closed after ${answer.length} bytes`));
    socket.write(
      `POST /v1/batch HTTP/1.1\r\nHost: ${hostname}:${port}\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n`,
    );
    const chunk = Buffer.alloc(64 * 1024, 0x20);
    let sent = 0;
    const write = () => {
      while (sent < size) {
        sent += chunk.length;
        socket.write(`${chunk.length.toString(16)}\r\n`);
        socket.write(chunk);
        if (!socket.write('\r\n')) {
          socket.once('drain', write);
          return;
        }
      }
      socket.write('0\r\n\r\n');
    };
    write();
  });
}

for (const threads of ['2', '0'])
  test(`--threads ${threads}: an oversized chunked collection body (20 MB) is answered 400 REQUEST_TOO_LARGE, not reset`, async (t) => {
    const serve = await startServe(t, ['--threads', threads, '--quiet']);
    t.is(await chunkedOversize(serve.url, 20 * 1024 * 1024), '400 REQUEST_TOO_LARGE');
  });
