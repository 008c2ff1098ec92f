import test from 'ava';
import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { repoRoot, runCli, startServe } from '../helpers/spawn-cli.js';
import { runCliOnTerminal } from '../helpers/terminal.js';
import { startReceiver } from '../helpers/receiver.js';
import { signPayload } from '../../src/domain/signing/index.js';

const basic = (key: string) => `Basic ${Buffer.from(`${key}:`).toString('base64')}`;

async function post(url: string, body: unknown, headers: Record<string, string> = {}) {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

async function until<T>(probe: () => Promise<T | undefined>, what: string): Promise<T> {
  for (let i = 0; i < 800; i++) {
    const value = await probe();
    if (value !== undefined) return value;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`gave up waiting for ${what}`);
}

test('the embedded default: any write key works and events reach the sample receiver, signed; SIGTERM exits 0', async (t) => {
  const serve = await startServe(t);
  t.regex(serve.url, /^http:\/\/127\.0\.0\.1:\d+$/);
  t.is(
    (
      await post(
        `${serve.url}/v1/track`,
        { userId: 'newcomer', event: 'Tried It' },
        { authorization: basic('any-key') },
      )
    ).status,
    200,
  );
  const received = await until(async () => {
    const body = (await (await fetch(`${serve.url}/__harness/sample-receiver`)).json()) as {
      received: { signatureValid: boolean; body: Record<string, unknown> }[];
    };
    return body.received.length > 0 ? body.received : undefined;
  }, 'the sample receiver');
  t.true(received[0]?.signatureValid);
  t.is(received[0]?.body.event, 'Tried It');
  t.is(received[0]?.body.version, 1);
  // In a pipe, one readable line per request, event and delivery attempt, without colours, as they happen.
  const log = await until(
    async () => (/delivery d_1 track delivered after 1 attempt$/m.test(serve.stderr()) ? serve.stderr() : undefined),
    'the delivery line',
  );
  t.regex(log, /INFO: delivery d_1 track attempt 1 -> \S+\/__harness\/sample-receiver 200 \(\d+ ms\)$/m);
  t.regex(log, /^\[\d\d:\d\d:\d\d\.\d{3}\] INFO: event accepted: track "Tried It" userId=newcomer writeKey=any-key$/m);
  t.regex(log, /^\[[\d:.]+\] INFO: POST \/v1\/track 200 \(\d+ ms\)$/m);
  t.notRegex(log, /\u001b\[/, 'no colour codes in a pipe');
  t.is(await serve.stop('SIGTERM'), 0);
  t.regex(serve.stderr(), /INFO: SIGTERM: stopping$/m);
});

test('refused requests and rejected events are logged with their reason; a failed attempt says it is not retried', async (t) => {
  const receiver = await startReceiver(t, () => ({ status: 404 }));
  const dir = await mkdtemp(path.join(os.tmpdir(), 'eh-config-'));
  await writeFile(
    path.join(dir, 'harness.json'),
    JSON.stringify({
      sources: [{ writeKey: 'wk', destinations: { Webhooks: { webhooks: [{ url: receiver.url }] } } }],
    }),
  );
  const serve = await startServe(t, ['--config', 'harness.json'], { cwd: dir });
  await post(`${serve.url}/v1/track`, { event: 'No User' }, { authorization: basic('wk') });
  await fetch(`${serve.url}/v1/track`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: basic('wk') },
    body: '{nope',
  });
  await post(`${serve.url}/v1/track`, { userId: 'u1', event: 'E' }, { authorization: basic('wk') });
  const log = await until(
    async () => (/delivery d_1 track failed/.test(serve.stderr()) ? serve.stderr() : undefined),
    'the failed delivery line',
  );
  t.regex(log, /WARN: event rejected: track "No User" writeKey=wk: \/ needs userId or anonymousId/);
  t.regex(log, /INFO: POST \/v1\/track 400 \(\d+ ms\): the body is not valid JSON/);
  t.regex(
    log,
    /WARN: delivery d_1 track attempt 1 -> http:\/\/\S+\/hook 404 \(\d+ ms\)\n.*WARN: delivery d_1 track failed after 1 attempt, not retried/,
  );
  t.is(await serve.stop(), 0);
});

test('--quiet prints only the listening line; --log-format json writes pino JSON lines with the same facts', async (t) => {
  const quiet = await startServe(t, ['--quiet']);
  await post(`${quiet.url}/v1/track`, { userId: 'u', event: 'E' }, { authorization: basic('k') });
  await post(`${quiet.url}/v1/track`, { event: 'E' }, { authorization: basic('k') });
  t.is(await quiet.stop(), 0);
  t.is(quiet.stderr(), '', 'nothing but errors with --quiet');

  const json = await startServe(t, ['--log-format', 'json']);
  await post(`${json.url}/v1/track`, { event: 'E' }, { authorization: basic('k') });
  const text = await until(
    async () => (/"kind":"request"/.test(json.stderr()) ? json.stderr() : undefined),
    'a JSON request line',
  );
  t.is(await json.stop(), 0);
  const lines = json
    .stderr()
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as Record<string, unknown>);
  t.true(lines.length >= 3, text);
  for (const line of lines) {
    t.is(typeof line.level, 'number', 'pino levels');
    t.regex(String(line.time), /^\d{4}-\d\d-\d\dT/);
    t.is(typeof line.msg, 'string');
  }
  const rejected = lines.find((line) => line.kind === 'event');
  t.like(rejected, { status: 'rejected', type: 'track', writeKey: 'k', level: 40 });
  t.regex(String(rejected?.reason), /needs userId or anonymousId/);
  t.like(
    lines.find((line) => line.kind === 'request'),
    { method: 'POST', path: '/v1/track', status: 200 },
  );
  const bad = await runCli(['serve', '--log-format', 'xml']);
  t.is(bad.code, 2);
  t.regex(bad.stderr, /--log-format must be pretty or json; received "xml"/);
  const both = await runCli(['serve', '--quiet', '--log-level', 'debug']);
  t.is(both.code, 2);
  t.regex(both.stderr, /--quiet and --log-level both set the log level/);
});

test('a port in use is one line saying what to do, exit 1, no stack', async (t) => {
  const taken = createServer();
  await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
  t.teardown(() => new Promise<void>((resolve) => taken.close(() => resolve())));
  const port = (taken.address() as { port: number }).port;
  const result = await runCli(['serve', '--port', String(port)]);
  t.is(result.code, 1);
  t.is(
    result.stderr,
    `event-harness serve: port ${port} on 127.0.0.1 is already in use; stop what listens there, or choose another --port (0 picks a free one)\n`,
  );
  t.is(result.stdout, '');
  const noHost = await runCli(['serve', '--host', '192.0.2.1']);
  t.is(noHost.code, 1);
  t.regex(
    noHost.stderr,
    /^event-harness serve: cannot listen on 192\.0\.2\.1:0: 192\.0\.2\.1 is not an address of this machine; use --host 127\.0\.0\.1/,
  );
  t.notRegex(noHost.stderr, /\n\s+at /, 'no stack trace');
});

// Serial (ava runs serial tests first): its waits are bounded, and a start beside this file's other dozen serve
// processes on two cores took over 30 s in CI.
test.serial('on a terminal, the log is live and coloured; Ctrl-C stops it', async (t) => {
  const terminal = runCliOnTerminal(t, ['serve', '--port', '0', '--clock', 'fake']);
  const shown = await terminal.waitFor(/event-harness listening on (http:\/\/\S+)/, 'the listening line');
  const url = /event-harness listening on (http:\/\/[\d.:]+)/.exec(shown)?.[1] ?? '';
  await post(
    `${url}/v1/identify`,
    { userId: 'tty-user', traits: { plan: 'pro' } },
    { authorization: basic('tty-key') },
  );
  const live = await terminal.waitFor(
    /event accepted: identify userId=tty-user writeKey=tty-key/,
    'the event line while serve still runs',
  );
  t.regex(live, /\u001b\[3\dm/, 'levels are coloured on a terminal');
  terminal.type('\u0003');
  t.is(await terminal.exited, 0, 'Ctrl-C stops it cleanly');
  t.regex(terminal.output(), /SIGINT: stopping/);
});

test('SIGINT also stops it cleanly: exit 0 and the port is closed', async (t) => {
  const serve = await startServe(t, ['--clock', 'fake']);
  t.is(((await (await fetch(`${serve.url}/__harness/clock`)).json()) as { mode: string }).mode, 'fake');
  t.is(await serve.stop('SIGINT'), 0);
  await t.throwsAsync(fetch(`${serve.url}/__harness/health`));
});

/** A port that was free a moment ago. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

test('--port and --host choose where it listens, and the listening line says exactly that', async (t) => {
  const port = await freePort();
  const serve = await startServe(t, ['--port', String(port), '--host', 'localhost']);
  t.is(serve.url, `http://localhost:${port}`);
  t.deepEqual(((await (await fetch(`${serve.url}/__harness/health`)).json()) as { ok: boolean }).ok, true);
  t.is(await serve.stop(), 0);
});

test('--seed makes fault shares replay: the same seed faults the same requests, another seed others', async (t) => {
  const pattern = async (seed: string) => {
    const serve = await startServe(t, ['--seed', seed]);
    await post(`${serve.url}/__harness/faults`, { share: 0.5, status: 503 });
    const statuses: number[] = [];
    for (let i = 0; i < 24; i++)
      statuses.push(
        (await post(`${serve.url}/v1/track`, { userId: 'u', event: 'E' }, { authorization: basic('k') })).status,
      );
    t.is(await serve.stop(), 0);
    return statuses.map((s) => (s === 503 ? 'x' : '.')).join('');
  };
  const first = await pattern('7');
  t.regex(first, /x/);
  t.regex(first, /\./);
  t.is(await pattern('7'), first);
  t.not(await pattern('8'), first);
});

test('npm start runs serve from the build', async (t) => {
  // npm runs the script in a child of its own; both are stopped as a process group.
  const child = spawn('npm', ['start', '--silent', '--', '--port', '0', '--clock', 'fake'], {
    cwd: repoRoot,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  t.teardown(() => {
    if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) return;
    try {
      process.kill(-child.pid, 'SIGKILL');
    } catch (error) {
      // The group may be gone already (npm ended by the test's SIGTERM before its exit event ran).
      if ((error as NodeJS.ErrnoException).code !== 'ESRCH') throw error;
    }
  });
  const url = await new Promise<string>((resolve, reject) => {
    let stdout = '';
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      const match = /^event-harness listening on (http:\/\/\S+)$/m.exec(stdout);
      if (match?.[1] !== undefined) resolve(match[1]);
    });
    void exited.then((code) => reject(new Error(`npm start exited with ${code} before listening`)));
  });
  t.is(((await (await fetch(`${url}/__harness/clock`)).json()) as { mode: string }).mode, 'fake');
  process.kill(-(child.pid as number), 'SIGTERM');
  await exited;
  // npm can end before the serve it started, so the port is watched until it refuses, within a bound.
  t.true(
    await refusesWithin(`${url}/__harness/health`, 10_000),
    'serve, started by npm, stopped within 10 s of SIGTERM',
  );
});

/** Whether a connection to url is refused (nothing listens there any more) within the bound. */
async function refusesWithin(url: string, boundMs: number): Promise<boolean> {
  const deadline = Date.now() + boundMs;
  while (Date.now() < deadline) {
    try {
      await fetch(url, { signal: AbortSignal.timeout(1_000) });
    } catch (error) {
      // A kept-alive connection the stop closed, or a timeout, is not yet a refusal: try again.
      if ((error as { cause?: { code?: string } }).cause?.code === 'ECONNREFUSED') return true;
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return false;
}

test('--config: configured sources only, static headers and signature to a real receiver, --strict, --log-level info', async (t) => {
  const receiver = await startReceiver(t);
  const dir = await mkdtemp(path.join(os.tmpdir(), 'eh-config-'));
  const config = {
    sources: [
      {
        writeKey: 'wk_live',
        name: 'Site',
        destinations: {
          Webhooks: { sharedSecret: 'shh', webhooks: [{ url: receiver.url, headers: { 'X-Team': 'growth' } }] },
        },
      },
    ],
  };
  await writeFile(path.join(dir, 'harness.json'), JSON.stringify(config));
  const serve = await startServe(t, ['--config', 'harness.json', '--strict', '--log-level', 'info'], { cwd: dir });
  t.is(
    (await post(`${serve.url}/v1/track`, { userId: 'u', event: 'E' }, { authorization: basic('other') })).status,
    401,
  );
  t.is(
    (await post(`${serve.url}/v1/track`, { userId: 'u' }, { authorization: basic('wk_live') })).status,
    400,
    'strict mode',
  );
  t.is(
    (await post(`${serve.url}/v1/track`, { userId: 'u', event: 'E' }, { authorization: basic('wk_live') })).status,
    200,
  );
  const request = await until(async () => receiver.requests[0], 'the receiver');
  t.is(request.headers['x-team'], 'growth');
  t.is(request.headers['x-signature'], signPayload('shh', request.body));
  t.is(await serve.stop(), 0);
  t.regex(serve.stderr(), /INFO: event accepted: track E userId=u writeKey=wk_live/);
  t.regex(serve.stderr(), /INFO: POST \/v1\/track 401 \(\d+ ms\): .*other/, 'the refusal and its reason');
});

test('the sample receiver is there beside a config file: zero-config sources of a config without sources deliver to it', async (t) => {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'eh-config-'));
  await writeFile(
    path.join(dir, 'harness.json'),
    JSON.stringify({ strict: false, delivery: { userAgent: 'Custom/1.0' } }),
  );
  const serve = await startServe(t, ['--config', 'harness.json', '--quiet'], { cwd: dir });
  t.is(
    (await post(`${serve.url}/v1/track`, { userId: 'u', event: 'Beside Config' }, { authorization: basic('any') }))
      .status,
    200,
  );
  const received = await until(async () => {
    const body = (await (await fetch(`${serve.url}/__harness/sample-receiver`)).json()) as {
      received: { signatureValid: boolean; body: Record<string, unknown>; headers?: Record<string, string> }[];
    };
    return body.received[0];
  }, 'the sample receiver');
  t.true(received.signatureValid);
  t.is(received.body.event, 'Beside Config');
  t.is(await serve.stop(), 0);
});

test('usage errors exit 2 saying what was received and expected', async (t) => {
  const badClock = await runCli(['serve', '--clock', 'sundial']);
  t.is(badClock.code, 2);
  t.regex(badClock.stderr, /--clock must be fake or system; received "sundial"/);
  const badPort = await runCli(['serve', '--port', 'eighty']);
  t.is(badPort.code, 2);
  t.regex(badPort.stderr, /--port must be a whole number from 0 to 65535; received "eighty"/);
  const unknown = await runCli(['serve', '--verbose']);
  t.is(unknown.code, 2);
  t.regex(unknown.stderr, /Unknown option '--verbose'/);
  const help = await runCli(['serve', '--help']);
  t.is(help.code, 0);
  t.regex(help.stdout, /usage: event-harness serve/);
});

test('a bad config file exits 2 naming the file and the JSON pointer', async (t) => {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'eh-config-'));
  await writeFile(
    path.join(dir, 'bad.json'),
    JSON.stringify({ sources: [{ writeKey: 'k', destinations: { Webhooks: { webhooks: [{ url: 'ftp://nope' }] } } }] }),
  );
  const result = await runCli(['serve', '--config', 'bad.json'], { cwd: dir });
  t.is(result.code, 2);
  t.regex(
    result.stderr,
    /bad\.json is not a valid harness config: \/sources\/0\/destinations\/Webhooks\/webhooks\/0\/url/,
  );
  const missing = await runCli(['serve', '--config', 'absent.json'], { cwd: dir });
  t.is(missing.code, 2);
  t.regex(missing.stderr, /cannot read the config file .*absent\.json/);
});

test('start errors of serve name the command and the flag: a bad --store URL, a bad config file, a file that is not JSON', async (t) => {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'eh-start-errors-'));
  t.teardown(() => rm(dir, { recursive: true, force: true }));
  await writeFile(path.join(dir, 'broken.json'), '{"sources": [');
  await writeFile(path.join(dir, 'bad.json'), JSON.stringify({ sources: [{ writeKey: 5 }] }));
  const [store, storeFromEnv, broken, bad] = await Promise.all([
    runCli(['serve', '--store', 'mysql://db.internal/harness'], { cwd: dir }),
    runCli(['serve'], { cwd: dir, env: { EVENT_HARNESS_STORE: 'redis://cache' } }),
    runCli(['serve', '--config', 'broken.json'], { cwd: dir }),
    runCli(['serve', '--config', 'bad.json'], { cwd: dir }),
  ]);
  t.is(store.code, 2);
  t.regex(
    store.stderr,
    /^event-harness serve: --store must be "memory" or a PostgreSQL URL like postgres:\/\/user@127\.0\.0\.1:5432\/harness; received "mysql:\/\/db\.internal\/harness"$/m,
  );
  t.is(storeFromEnv.code, 2);
  t.regex(storeFromEnv.stderr, /^event-harness serve: EVENT_HARNESS_STORE must be "memory" or a PostgreSQL URL/m);
  t.is(broken.code, 2);
  t.regex(broken.stderr, /^event-harness serve: the config file .*broken\.json is not valid JSON/m);
  t.is(bad.code, 2);
  t.regex(bad.stderr, /^event-harness serve: .*bad\.json is not a valid harness config: \/sources\/0\/writeKey/m);
  for (const run of [store, storeFromEnv, broken, bad]) t.notRegex(run.stderr, /\n\s+at /, 'no stack trace');
});
