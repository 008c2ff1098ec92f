import test from 'ava';
import { spawn } from 'node:child_process';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { repoRoot, runCli, startServe } from '../helpers/spawn-cli.js';
import { startReceiver } from '../helpers/receiver.js';
import { signPayload } from '../../src/signing/index.js';

const basic = (key: string) => `Basic ${Buffer.from(`${key}:`).toString('base64')}`;

async function post(url: string, body: unknown, headers: Record<string, string> = {}) {
  const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

async function until<T>(probe: () => Promise<T | undefined>, what: string): Promise<T> {
  for (let i = 0; i < 200; i++) {
    const value = await probe();
    if (value !== undefined) return value;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`gave up waiting for ${what}`);
}

test('the embedded default: any write key works and events reach the sample receiver, signed; SIGTERM exits 0', async (t) => {
  const serve = await startServe(t);
  t.regex(serve.url, /^http:\/\/127\.0\.0\.1:\d+$/);
  t.is((await post(`${serve.url}/v1/track`, { userId: 'newcomer', event: 'Tried It' }, { authorization: basic('any-key') })).status, 200);
  const received = await until(async () => {
    const body = (await (await fetch(`${serve.url}/__harness/sample-receiver`)).json()) as { received: { signatureValid: boolean; body: Record<string, unknown> }[] };
    return body.received.length > 0 ? body.received : undefined;
  }, 'the sample receiver');
  t.true(received[0]?.signatureValid);
  t.is(received[0]?.body.event, 'Tried It');
  t.is(received[0]?.body.version, 1);
  t.is(await serve.stop('SIGTERM'), 0);
  t.is(serve.stderr(), '', 'quiet unless asked: no log lines by default');
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
    for (let i = 0; i < 24; i++) statuses.push((await post(`${serve.url}/v1/track`, { userId: 'u', event: 'E' }, { authorization: basic('k') })).status);
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
  const child = spawn('npm', ['start', '--silent', '--', '--port', '0', '--clock', 'fake'], { cwd: repoRoot, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  t.teardown(() => {
    if (child.exitCode === null && child.pid !== undefined) process.kill(-child.pid, 'SIGKILL');
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
  await t.throwsAsync(fetch(`${url}/__harness/health`));
});

test('--config: configured sources only, static headers and signature to a real receiver, --strict, --log-level info', async (t) => {
  const receiver = await startReceiver(t);
  const dir = await mkdtemp(path.join(os.tmpdir(), 'eh-config-'));
  const config = { sources: [{ writeKey: 'wk_live', name: 'Site', destinations: { Webhooks: { sharedSecret: 'shh', webhooks: [{ url: receiver.url, headers: { 'X-Team': 'growth' } }] } } }] };
  await writeFile(path.join(dir, 'harness.json'), JSON.stringify(config));
  const serve = await startServe(t, ['--config', 'harness.json', '--strict', '--log-level', 'info'], { cwd: dir });
  t.is((await post(`${serve.url}/v1/track`, { userId: 'u', event: 'E' }, { authorization: basic('other') })).status, 401);
  t.is((await post(`${serve.url}/v1/track`, { userId: 'u' }, { authorization: basic('wk_live') })).status, 400, 'strict mode');
  t.is((await post(`${serve.url}/v1/track`, { userId: 'u', event: 'E' }, { authorization: basic('wk_live') })).status, 200);
  const request = await until(async () => receiver.requests[0], 'the receiver');
  t.is(request.headers['x-team'], 'growth');
  t.is(request.headers['x-signature'], signPayload('shh', request.body));
  t.is(await serve.stop(), 0);
  t.regex(serve.stderr(), /"msg":"event".*"status":"accepted"/);
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
  await writeFile(path.join(dir, 'bad.json'), JSON.stringify({ sources: [{ writeKey: 'k', destinations: { Webhooks: { webhooks: [{ url: 'ftp://nope' }] } } }] }));
  const result = await runCli(['serve', '--config', 'bad.json'], { cwd: dir });
  t.is(result.code, 2);
  t.regex(result.stderr, /bad\.json is not a valid harness config: \/sources\/0\/destinations\/Webhooks\/webhooks\/0\/url/);
  const missing = await runCli(['serve', '--config', 'absent.json'], { cwd: dir });
  t.is(missing.code, 2);
  t.regex(missing.stderr, /cannot read the config file .*absent\.json/);
});

test('the CLI lists its commands and refuses unknown ones with exit 2', async (t) => {
  const help = await runCli(['--help']);
  t.is(help.code, 0);
  t.regex(help.stdout, /serve/);
  const none = await runCli([]);
  t.is(none.code, 2);
  const unknown = await runCli(['launch']);
  t.is(unknown.code, 2);
  t.regex(unknown.stderr, /unknown command "launch"; expected one of serve/);
});
