// The driver protocol as one JSON Schema (schemas/driver-protocol.schema.json): the harness checks the lines it
// reads against it, and the shipped driver writes lines it accepts.
import test from 'ava';
import { spawn } from 'node:child_process';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { checkAnswer, checkHello } from '../../../conformance/client/driver-protocol.js';
import { DriverProcess } from '../../../conformance/index.js';
import { validate } from '../../../src/index.js';
import { repoRoot, tsxLoader } from '../../helpers/spawn-cli.js';

test('a ready line and answers are checked against their own definition, and a malformed one says what was received', (t) => {
  t.deepEqual(checkHello({ ready: true, name: 'x', capabilities: ['screen'] }), {
    ok: true,
    value: { ready: true, name: 'x', capabilities: ['screen'] },
  });
  t.deepEqual(checkHello({ ready: true, name: 'x', capabilities: [1] }), {
    ok: false,
    problems: '/capabilities/0 must be string; received 1',
  });
  t.true(checkAnswer({ id: 3, ok: false, error: 'refused' }).ok);
  t.true(checkAnswer({ id: 3, ok: true, delivered: 2, failed: [], extra: 'drivers may add fields' }).ok);
  t.deepEqual(checkAnswer({ id: 3, ok: 'yes' }), { ok: false, problems: '/ok must be boolean; received "yes"' });
  t.deepEqual(checkAnswer({ id: 3 }), { ok: false, problems: '/ok is required; received nothing' });
});

test('an answer that is not one of the protocol is never taken for ok: the call is refused with what the driver wrote', async (t) => {
  const script = `
    console.log(JSON.stringify({ ready: true, name: 'sloppy', capabilities: [] }));
    require('node:readline').createInterface({ input: process.stdin }).on('line', (line) => console.log(JSON.stringify({ id: JSON.parse(line).id, ok: 'sure' })));
  `;
  const driver = await DriverProcess.start(
    { command: [process.execPath, '-e', script] },
    { endpoint: 'http://127.0.0.1:9', writeKey: 'k' },
    15_000,
  );
  t.teardown(() => driver.kill());
  const outcome = await driver.request({ op: 'track', message: { userId: 'u', event: 'e' } }, 10_000);
  t.like(outcome, { kind: 'answer', ok: false });
  t.regex(
    outcome.kind === 'answer' ? (outcome.error ?? '') : '',
    /^the driver answered "\{\\"id\\":1,\\"ok\\":\\"sure\\"\}", which is not an answer of the driver protocol \(schemas\/driver-protocol\.schema\.json\): \/ok must be boolean; received "sure"; expected \{"id": 1, "ok": true\}/,
  );
});

test('the shipped driver (event-harness driver) writes only lines of the schema: its ready line and every answer, refusals included', async (t) => {
  const child = spawn(process.execPath, ['--import', tsxLoader, path.join(repoRoot, 'src/cli/main.ts'), 'driver'], {
    cwd: repoRoot,
    env: { ...process.env, EVENT_HARNESS_ENDPOINT: 'http://127.0.0.1:9', EVENT_HARNESS_WRITE_KEY: 'k' },
  });
  t.teardown(() => child.kill('SIGKILL'));
  const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
  const next = async (): Promise<unknown> => JSON.parse(String((await lines.next()).value));
  const requests: unknown[] = [
    { id: 1, op: 'init', config: { flushAt: 100, flushAfterMs: 60_000 } },
    { id: 2, op: 'track', message: { userId: 'u', event: 'e' } },
    { id: 3, op: 'track', message: { userId: 'u' } },
    { id: 4, op: 'init', config: { flushAt: 'many' } },
    { id: 'five', op: 'explode' },
  ];
  // The first three are requests as the suite writes them; the last two are malformed on purpose.
  for (const request of requests.slice(0, 3)) t.true(validate('driver-protocol', request).ok, JSON.stringify(request));
  const hello = await next();
  t.true(validate('driver-protocol', hello).ok, JSON.stringify(hello));
  for (const request of requests) {
    child.stdin.write(`${JSON.stringify(request)}\n`);
    const answer = await next();
    const checked = checkAnswer(answer);
    t.true(checked.ok, `${JSON.stringify(request)} -> ${JSON.stringify(answer)}`);
  }
  child.stdin.end();
});
