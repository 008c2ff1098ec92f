import test, { type ExecutionContext } from 'ava';
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { repoRoot, runCli, tsxLoader } from '../helpers/spawn-cli.js';
import { startHarness } from '../helpers/harness.js';

interface DriverProcess {
  readonly child: ChildProcessWithoutNullStreams;
  /** Sends one line (an object or raw text) and resolves with the next answer line. */
  send(line: object | string): Promise<Record<string, unknown>>;
  readonly ready: Promise<Record<string, unknown>>;
  readonly exited: Promise<number | null>;
  readonly stderr: () => string;
}

function startDriver(t: ExecutionContext, args: readonly string[], env: NodeJS.ProcessEnv): DriverProcess {
  const child = spawn(
    process.execPath,
    ['--import', tsxLoader, path.join(repoRoot, 'src/cli/main.ts'), 'driver', ...args],
    { cwd: repoRoot, env: { ...process.env, ...env } },
  );
  t.teardown(() => {
    if (child.exitCode === null) child.kill('SIGKILL');
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const pending: ((line: Record<string, unknown>) => void)[] = [];
  let resolveReady: (line: Record<string, unknown>) => void = () => undefined;
  const ready = new Promise<Record<string, unknown>>((resolve) => (resolveReady = resolve));
  let first = true;
  createInterface({ input: child.stdout }).on('line', (line) => {
    const parsed = JSON.parse(line) as Record<string, unknown>;
    if (first) {
      first = false;
      resolveReady(parsed);
    } else pending.shift()?.(parsed);
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return {
    child,
    ready,
    exited,
    stderr: () => stderr,
    send(line) {
      return new Promise((resolve) => {
        pending.push(resolve);
        child.stdin.write(`${typeof line === 'string' ? line : JSON.stringify(line)}\n`);
      });
    },
  };
}

test('the reference driver speaks the protocol: ready line, init, calls, flush, re-init, close', async (t) => {
  const harness = await startHarness(t);
  const driver = startDriver(t, [], { EVENT_HARNESS_ENDPOINT: harness.url, EVENT_HARNESS_WRITE_KEY: 'drv-key' });
  const ready = await driver.ready;
  t.is(ready.ready, true);
  t.is(ready.name, 'event-harness-reference');
  t.true((ready.capabilities as string[]).includes('flushAt'));
  t.deepEqual(await driver.send({ id: 1, op: 'init', config: { flushAt: 3, flushAfterMs: 60_000 } }), {
    id: 1,
    ok: true,
  });
  t.deepEqual(await driver.send({ id: 2, op: 'track', message: { userId: 'u', event: 'A' } }), { id: 2, ok: true });
  t.deepEqual(await driver.send({ id: 3, op: 'screen', message: { userId: 'u', name: 'Main' } }), { id: 3, ok: true });
  const refused = await driver.send({ id: 4, op: 'alias', message: { userId: 'u' } });
  t.is(refused.ok, false);
  t.regex(String(refused.error), /previousId is required/);
  t.is(harness.journal.counts().all, 0, 'below flushAt nothing is sent');
  t.deepEqual(await driver.send({ id: 5, op: 'flush' }), { id: 5, ok: true, delivered: 2, failed: [] });
  t.deepEqual(
    harness.journal.query({ writeKey: 'drv-key' }).events.map((e) => e.event.type),
    ['track', 'screen'],
  );
  // Re-init closes (and flushes) the current client first.
  await driver.send({ id: 6, op: 'identify', message: { userId: 'u', traits: { plan: 'pro' } } });
  t.deepEqual(await driver.send({ id: 7, op: 'init', config: { flushAt: 1 } }), { id: 7, ok: true });
  t.is(harness.journal.query({ type: 'identify' }).total, 1);
  await driver.send({ id: 8, op: 'group', message: { userId: 'u', groupId: 'g' } });
  await harness.journal.waitFor({ type: 'group' });
  t.deepEqual(await driver.send({ id: 9, op: 'close' }), { id: 9, ok: true, delivered: 1, failed: [] });
  const afterClose = await driver.send({ id: 10, op: 'track', message: { userId: 'u', event: 'late' } });
  t.regex(String(afterClose.error), /after close/);
  driver.child.stdin.end();
  t.is(await driver.exited, 0);
});

test('bad lines get error answers and never crash the driver', async (t) => {
  const harness = await startHarness(t);
  const driver = startDriver(t, ['--client', 'reference'], {
    EVENT_HARNESS_ENDPOINT: harness.url,
    EVENT_HARNESS_WRITE_KEY: 'k',
  });
  await driver.ready;
  t.regex(String((await driver.send('not json')).error), /not JSON/);
  t.deepEqual(await driver.send('[1,2]'), {
    id: null,
    ok: false,
    error: 'expected a JSON object like {"id": 1, "op": "track", "message": {...}}; received [1,2]',
  });
  t.regex(String((await driver.send({ id: 'x', op: 'explode' })).error), /unknown op "explode"/);
  t.regex(
    String((await driver.send({ id: 1, op: 'init', config: { flushAt: 0 } })).error),
    /config.flushAt must be a whole number >= 1/,
  );
  t.regex(
    String((await driver.send({ id: 2, op: 'init', config: { colour: 'red' } })).error),
    /unknown config field "colour"/,
  );
  t.regex(String((await driver.send({ id: 3, op: 'init', config: 'fast' })).error), /config must be an object/);
  t.regex(String((await driver.send({ id: 4, op: 'track', message: 'hello' })).error), /must be an object/);
  // Without init the driver starts a client with the defaults.
  t.deepEqual(await driver.send({ id: 5, op: 'page', message: { anonymousId: 'a', name: 'Home' } }), {
    id: 5,
    ok: true,
  });
  t.deepEqual(await driver.send({ id: 6, op: 'flush' }), { id: 6, ok: true, delivered: 1, failed: [] });
  driver.child.stdin.end();
  t.is(await driver.exited, 0);
});

test('the segment-node driver runs @segment/analytics-node behind the same protocol', async (t) => {
  const harness = await startHarness(t);
  const driver = startDriver(t, ['--client', 'segment-node'], {
    EVENT_HARNESS_ENDPOINT: harness.url,
    EVENT_HARNESS_WRITE_KEY: 'seg-key',
  });
  const ready = await driver.ready;
  t.is(ready.name, 'segment-analytics-node');
  t.deepEqual(
    await driver.send({ id: 1, op: 'init', config: { flushAt: 2, flushAfterMs: 100, retries: 2, timeout: 2000 } }),
    { id: 1, ok: true },
  );
  t.deepEqual(await driver.send({ id: 2, op: 'track', message: { userId: 'u', event: 'A' } }), { id: 2, ok: true });
  t.deepEqual(await driver.send({ id: 3, op: 'identify', message: { userId: 'u' } }), { id: 3, ok: true });
  t.deepEqual(await driver.send({ id: 4, op: 'flush' }), { id: 4, ok: true });
  const refused = await driver.send({ id: 5, op: 'track', message: { event: 'no identity' } });
  t.is(refused.ok, false);
  t.deepEqual(await driver.send({ id: 6, op: 'close' }), { id: 6, ok: true });
  t.is(harness.journal.query({ writeKey: 'seg-key', status: 'accepted' }).total, 2);
  driver.child.stdin.end();
  t.is(await driver.exited, 0);
});

for (const client of ['analytics-node', 'rudderstack-node', 'customerio-node']) {
  test(`the ${client} driver runs its SDK from npm behind the same protocol`, async (t) => {
    const harness = await startHarness(t);
    const driver = startDriver(t, ['--client', client], {
      EVENT_HARNESS_ENDPOINT: harness.url,
      EVENT_HARNESS_WRITE_KEY: `${client}-key`,
    });
    const ready = await driver.ready;
    t.is(ready.name, client);
    t.true((ready.capabilities as string[]).includes('flushAt'));
    t.deepEqual(
      await driver.send({ id: 1, op: 'init', config: { flushAt: 5, flushAfterMs: 60_000, retries: 2, timeout: 5000 } }),
      { id: 1, ok: true },
    );
    t.deepEqual(await driver.send({ id: 2, op: 'track', message: { userId: 'u', event: 'A' } }), { id: 2, ok: true });
    t.deepEqual(await driver.send({ id: 3, op: 'screen', message: { anonymousId: 'a', name: 'Main' } }), {
      id: 3,
      ok: true,
    });
    const refused = await driver.send({ id: 4, op: 'track', message: { userId: 'u' } });
    t.is(refused.ok, false, 'a track without event is refused by every one of these SDKs');
    t.regex(String(refused.error), /refused track\(\)/);
    t.deepEqual(await driver.send({ id: 5, op: 'flush' }), { id: 5, ok: true });
    t.deepEqual(
      harness.journal
        .query({ writeKey: `${client}-key`, status: 'accepted' })
        .events.map((e) => e.event.type)
        .sort(),
      ['screen', 'track'],
    );
    await driver.send({ id: 6, op: 'alias', message: { previousId: 'a', userId: 'u' } });
    t.deepEqual(await driver.send({ id: 7, op: 'close' }), { id: 7, ok: true });
    t.is(harness.journal.query({ writeKey: `${client}-key`, type: 'alias' }).total, 1);
    driver.child.stdin.end();
    t.is(await driver.exited, 0);
  });
}

test('what an SDK logs through console.log/info goes to stderr: stdout carries only protocol lines', async (t) => {
  const harness = await startHarness(t);
  const driver = startDriver(t, ['--client', 'rudderstack-node'], {
    EVENT_HARNESS_ENDPOINT: harness.url,
    EVENT_HARNESS_WRITE_KEY: 'rudder-log',
  });
  await driver.ready;
  await driver.send({ id: 1, op: 'init', config: { flushAt: 1 } });
  // rudder-sdk-node logs an event over 32 KB with logger.info (console.info) and sends it anyway.
  const answer = await driver.send({
    id: 2,
    op: 'track',
    message: { userId: 'u', event: 'Big', properties: { blob: 'x'.repeat(40_000) } },
  });
  t.deepEqual(answer, { id: 2, ok: true }, 'the answer line was the next line on stdout');
  t.deepEqual(await driver.send({ id: 3, op: 'flush' }), { id: 3, ok: true });
  t.regex(driver.stderr(), /Your message must be < 32kb/);
  driver.child.stdin.end();
  t.is(await driver.exited, 0);
});

test('usage errors: unknown client, missing environment, --help', async (t) => {
  const unknown = await runCli(['driver', '--client', 'go'], {
    env: { EVENT_HARNESS_ENDPOINT: 'http://127.0.0.1:9', EVENT_HARNESS_WRITE_KEY: 'k' },
  });
  t.is(unknown.code, 2);
  t.regex(
    unknown.stderr,
    /--client must be one of reference, segment-node, analytics-node, rudderstack-node, customerio-node; received "go"/,
  );
  const noEndpoint = await runCli(['driver'], { env: { EVENT_HARNESS_ENDPOINT: '', EVENT_HARNESS_WRITE_KEY: 'k' } });
  t.is(noEndpoint.code, 2);
  t.regex(noEndpoint.stderr, /EVENT_HARNESS_ENDPOINT is not set/);
  const noKey = await runCli(['driver'], {
    env: { EVENT_HARNESS_ENDPOINT: 'http://127.0.0.1:9', EVENT_HARNESS_WRITE_KEY: '' },
  });
  t.regex(noKey.stderr, /EVENT_HARNESS_WRITE_KEY is not set/);
  const help = await runCli(['driver', '--help']);
  t.is(help.code, 0);
  t.regex(help.stdout, /--client reference/);
  t.regex(help.stdout, /--client customerio-node\s+@customerio\/cdp-analytics-node/);
  const badFlag = await runCli(['driver', '--nope']);
  t.is(badFlag.code, 2);
});
