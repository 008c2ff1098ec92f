import test from 'ava';
import { request } from 'node:http';
import { basicAuth } from '../helpers/harness.js';
import { runCli, startServe } from '../helpers/spawn-cli.js';

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

test('--threads 2: once both threads listen they take every connection, and the stop line counts what they handed over', async (t) => {
  const serve = await startServe(t, ['--threads', '2', '--log-format', 'json']);
  const listening = JSON.parse(await untilLogged(serve.stderr, /^\{.*"kind":"listening".*\}$/m));
  t.is(listening.threads, 2);
  await untilLogged(serve.stderr, /"msg":"2 ingest threads take the connections"/);
  const statuses = await Promise.all(
    Array.from({ length: 12 }, (_, i) =>
      postOnNewConnection(serve.url, '/v1/track', JSON.stringify({ userId: `u${i}`, event: 'Threaded' })),
    ),
  );
  t.deepEqual(new Set(statuses), new Set([200]));
  const events = (await (await fetch(`${serve.url}/__harness/events?limit=50`)).json()) as { total: number };
  t.is(events.total, 12);
  t.is(await serve.stop(), 0);
  const stopped = JSON.parse(await untilLogged(serve.stderr, /^\{.*"kind":"threads".*"forwarded".*\}$/m));
  t.like(stopped, { threads: 2, forwarded: 12 });
  t.regex(stopped.msg, /^the 2 ingest threads handed 12 collection requests to the core$/);
});

test('--threads 0 keeps every request on the main thread; a bad --threads is a usage error naming auto', async (t) => {
  const serve = await startServe(t, ['--threads', '0']);
  t.is(await postOnNewConnection(serve.url, '/v1/track', JSON.stringify({ userId: 'u', event: 'Main' })), 200);
  t.is(await serve.stop(), 0);
  t.regex(serve.stderr(), /\(system clock, 0 ingest threads\)/);
  t.notRegex(serve.stderr(), /ingest threads? handed/);
  const bad = await runCli(['serve', '--threads', 'many']);
  t.is(bad.code, 2);
  t.regex(bad.stderr, /--threads must be auto or a whole number from 0 to 16; received "many"/);
  const help = await runCli(['serve', '--help']);
  t.regex(help.stdout, /--threads N\|auto/);
});
