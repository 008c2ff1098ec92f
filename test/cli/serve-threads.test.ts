import test from 'ava';
import { request } from 'node:http';
import { basicAuth } from '../helpers/harness.js';
import { onOneSocket } from '../helpers/raw-http.js';
import { runCli, startServe } from '../helpers/spawn-cli.js';
import { supportsReusePort } from '../../src/server/port-sharing-server.js';

// serve's ingest threads as users run them, on the Node line the tests run on: where it has the reusePort listen
// option the threads bind serve's port beside the main listener; where it has not, serve runs on its main thread and
// says why. Either way every request is answered as the same door answers it.

/** A POST on a connection of its own (no keep-alive), so each request is a new connection to accept. */
function postOnNewConnection(url: string, path: string, body: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(
      new URL(path, url),
      {
        method: 'POST',
        agent: false,
        headers: { 'content-type': 'application/json', authorization: basicAuth('threads-key') },
        timeout: 10_000,
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('timeout', () => req.destroy(new Error(`no answer to POST ${path} within 10 s`)));
    req.on('error', reject);
    req.end(body);
  });
}

/** Waits for a line matching `pattern` on the process's stderr (bounded, naming what did not come). */
async function untilLogged(stderr: () => string, pattern: RegExp, ms = 30_000): Promise<string> {
  const deadline = Date.now() + ms;
  for (;;) {
    const match = pattern.exec(stderr());
    if (match !== null) return match[0];
    if (Date.now() > deadline) throw new Error(`no line matching ${pattern} within ${ms} ms:\n${stderr()}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const CONNECTIONS = 24;

test(`--threads 2 on Node ${process.versions.node}: threads beside the main thread where reusePort exists, else the main thread alone and a line saying why`, async (t) => {
  const serve = await startServe(t, ['--threads', '2', '--log-format', 'json']);
  const listening = JSON.parse(await untilLogged(serve.stderr, /^\{.*"kind":"listening".*\}$/m));
  const threaded = supportsReusePort();
  if (threaded) {
    t.is(listening.threads, 2);
    await untilLogged(serve.stderr, /"msg":"2 ingest threads take connections beside the main thread"/);
  } else {
    t.is(listening.threads, 0);
    const why = JSON.parse(await untilLogged(serve.stderr, /^\{.*"reusePort":false.*\}$/m));
    t.like(why, { level: 40, kind: 'threads', threads: 0 });
    t.regex(why.msg, /^no ingest threads: Node v[\d.]+ on \w+ cannot bind one port from several threads/);
  }
  const statuses = await Promise.all(
    Array.from({ length: CONNECTIONS }, (_, i) =>
      postOnNewConnection(serve.url, '/v1/track', JSON.stringify({ userId: `u${i}`, event: 'Threaded' })),
    ),
  );
  t.deepEqual(new Set(statuses), new Set([200]));
  const events = (await (await fetch(`${serve.url}/__harness/events?limit=50`)).json()) as { total: number };
  t.is(events.total, CONNECTIONS);
  t.is(await serve.stop(), 0);
  if (!threaded) {
    t.notRegex(serve.stderr(), /ingest threads? handed/);
    return;
  }
  const stopped = JSON.parse(await untilLogged(serve.stderr, /^\{.*"kind":"threads".*"forwarded".*\}$/m));
  // The kernel spreads the connections over three sockets: the threads read some of them (all but the main's share).
  t.true(stopped.forwarded > 0 && stopped.forwarded <= CONNECTIONS, `the threads read ${stopped.forwarded}`);
  t.regex(stopped.msg, /^the 2 ingest threads handed \d+ collection requests? to the core$/);
});

test('--threads 0 keeps every request on the main thread; a bad --threads is a usage error naming auto', async (t) => {
  const serve = await startServe(t, ['--threads', '0']);
  t.is(await postOnNewConnection(serve.url, '/v1/track', JSON.stringify({ userId: 'u', event: 'Main' })), 200);
  t.is(await serve.stop(), 0);
  t.regex(serve.stderr(), /\(system clock, 0 ingest threads\)/);
  t.notRegex(serve.stderr(), /ingest threads? handed|no ingest threads/);
  const bad = await runCli(['serve', '--threads', 'many']);
  t.is(bad.code, 2);
  t.regex(bad.stderr, /--threads must be auto or a whole number from 0 to 16; received "many"/);
  const help = await runCli(['serve', '--help']);
  t.regex(help.stdout, /--threads N\|auto/);
});

test('with the default threads, admin requests refused before their body is read keep their kept-alive connection, beside events and reads', async (t) => {
  const serve = await startServe(t, ['--log-format', 'json']);
  // Once the threads listen (where they can), so that they read a share of the connections.
  if (supportsReusePort())
    await untilLogged(serve.stderr, /"msg":"(?:1 ingest thread takes|[2-9] ingest threads take) connections/);
  const host = new URL(serve.url).host;
  const pad = 'x'.repeat(200_000);
  const event = '{"userId":"u","event":"E"}';
  const sequence = [
    // 403: a cross-origin admin write, answered before its body is read.
    `POST /__harness/reset HTTP/1.1\r\nHost: ${host}\r\nOrigin: http://evil.test\r\nContent-Type: application/json\r\nContent-Length: ${pad.length + 10}\r\n\r\n{"pad":"${pad}"}`,
    `POST /v1/track HTTP/1.1\r\nHost: ${host}\r\nAuthorization: ${basicAuth('k')}\r\nContent-Length: ${event.length}\r\n\r\n${event}`,
    `POST /__harness/faults HTTP/1.1\r\nHost: ${host}\r\nOrigin: http://evil.test\r\nContent-Type: application/json\r\nContent-Length: 2\r\n\r\n{}`,
    `GET /__harness/health HTTP/1.1\r\nHost: ${host}\r\n\r\n`,
  ];
  // Ten connections at once, each sending the sequence five times: 80 refused writes, 200 requests in all.
  const sockets = await Promise.all(
    Array.from({ length: 10 }, () => onOneSocket(serve.url, Array.from({ length: 5 }, () => sequence).flat())),
  );
  const statuses = sockets.flatMap((socket) => socket.statuses);
  t.is(statuses.length, 200, 'every request answered');
  t.deepEqual(
    statuses.filter((status, i) => status !== [403, 200, 403, 200][i % 4]),
    [],
  );
  t.is(sockets.filter((socket) => !socket.open).length, 0, 'no connection closed');
  const events = (await (await fetch(`${serve.url}/__harness/events`)).json()) as { total: number };
  t.is(events.total, 50);
});
