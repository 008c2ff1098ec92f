// `check receiver --destination actions`: the suite plays the Webhooks (Actions) destination (its User-Agent
// and 10 s deadline) against a receiver; the replay command says so; a bad value is a usage error (exit 2).
import test from 'ava';
import { PassThrough } from 'node:stream';
import { runCli } from '../../../src/cli/run-cli.js';
import { signPayload } from '../../../src/domain/signing/index.js';
import { startReceiver } from '../../helpers/receiver.js';

function capture(): { stream: PassThrough; text: () => string } {
  const stream = new PassThrough();
  let out = '';
  stream.on('data', (chunk: Buffer) => (out += chunk.toString()));
  return { stream, text: () => out };
}

test('--destination actions delivers as Webhooks (Actions): User-Agent Segment (Actions), signed; the report replays with it', async (t) => {
  // A receiver that takes only what the Actions destination sends, and fails 2.2.track on purpose for the replay line.
  const receiver = await startReceiver(t, (request) => {
    const signed = request.headers['x-signature'] === signPayload('act', request.body);
    const actions = request.headers['user-agent'] === 'Segment (Actions)';
    const track = (JSON.parse(request.body) as { type?: string }).type === 'track';
    return { status: signed && actions && !track ? 200 : 500 };
  });
  const stdout = capture();
  const code = await runCli(
    [
      'check',
      'receiver',
      receiver.url,
      '--destination',
      'actions',
      '--secret',
      'act',
      '--only',
      '2.2.identify',
      '--only',
      '2.2.track',
      '--runs',
      '3',
      '--seed',
      '4',
      '--reporter',
      'json',
    ],
    { stdout: stdout.stream, stderr: new PassThrough(), env: {}, cwd: process.cwd() },
  );
  t.is(code, 1);
  const report = JSON.parse(stdout.text()) as { clauses: { id: string; status: string; replay?: string }[] };
  t.deepEqual(
    report.clauses.map((c) => [c.id, c.status]),
    [
      ['2.2.track', 'fail'],
      ['2.2.identify', 'pass'],
    ],
  );
  t.regex(report.clauses[0]?.replay ?? '', /--destination actions/);
  t.notRegex(report.clauses[0]?.replay ?? '', /--timeout-ms/, 'the 10 s deadline is the actions default');
  t.true(receiver.requests.length > 0);
  t.true(receiver.requests.every((r) => r.headers['user-agent'] === 'Segment (Actions)'));
});

test('--destination actions sends the events as Webhooks (Actions) forwards them: no version, the forwarded fields, no delete notifications', async (t) => {
  const receiver = await startReceiver(t);
  const stdout = capture();
  const code = await runCli(
    [
      'check',
      'receiver',
      receiver.url,
      '--destination',
      'actions',
      '--only',
      '2.2.delete',
      '--only',
      '2.2.identify',
      '--only',
      '6.2.audience-identify',
      '--only',
      '2.2.unicode',
      '--only',
      '4.1.no-redirect',
      '--runs',
      '10',
      '--seed',
      '9',
      '--reporter',
      'json',
    ],
    { stdout: stdout.stream, stderr: new PassThrough(), env: {}, cwd: process.cwd() },
  );
  t.is(code, 0, stdout.text());
  const report = JSON.parse(stdout.text()) as { clauses: { id: string; status: string; message?: string }[] };
  const deleteClause = report.clauses.find((c) => c.id === '2.2.delete');
  t.is(deleteClause?.status, 'skip');
  t.regex(deleteClause?.message ?? '', /Webhooks \(Actions\) sends no delete notifications/);
  const bodies = receiver.requests.map((r) => JSON.parse(r.body) as Record<string, unknown>);
  t.true(bodies.length > 20);
  // What ActionsDestination delivers (actionsData: the event with the fields the service adds, without version).
  for (const body of bodies) {
    t.not(body.type, 'delete');
    t.false('version' in body, JSON.stringify(body).slice(0, 200));
    t.is(typeof body.channel, 'string');
    t.is(typeof (body.context as { library?: unknown } | undefined)?.library, 'object');
    t.is(typeof body.integrations, 'object');
    // sentAt only as the call carried it, as the public samples of real deliveries show (docs/decisions.md).
    t.is(typeof body.timestamp, 'string');
  }
  t.true(bodies.some((b) => b.type === 'identify' && (b.context as { personas?: unknown }).personas !== undefined));
});

test('--batch-size runs 2.2.actions-batch: arrays signed over their first event pass a receiver that verifies so, fail one that verifies the body', async (t) => {
  const verifiesFirstEvent = (body: string, signature: unknown) => {
    const parsed = JSON.parse(body) as unknown;
    const signed = Array.isArray(parsed) ? JSON.stringify(parsed[0]) : body;
    return signature === signPayload('act', signed);
  };
  const batches: unknown[][] = [];
  const right = await startReceiver(t, (request) => {
    const parsed = JSON.parse(request.body) as unknown;
    if (Array.isArray(parsed)) batches.push(parsed);
    return { status: verifiesFirstEvent(request.body, request.headers['x-signature']) ? 200 : 401 };
  });
  const byBody = await startReceiver(t, (request) => ({
    status: request.headers['x-signature'] === signPayload('act', request.body) ? 200 : 401,
  }));
  const check = async (url: string, extra: string[]) => {
    const stdout = capture();
    const args = [
      'check',
      'receiver',
      url,
      '--destination',
      'actions',
      '--secret',
      'act',
      '--only',
      '2.2.actions-batch',
    ];
    const code = await runCli([...args, '--runs', '10', '--seed', '3', '--reporter', 'json', ...extra], {
      stdout: stdout.stream,
      stderr: new PassThrough(),
      env: {},
      cwd: process.cwd(),
    });
    const report = JSON.parse(stdout.text()) as {
      clauses: { id: string; status: string; message?: string; replay?: string }[];
    };
    return { code, clause: report.clauses.find((c) => c.id === '2.2.actions-batch') };
  };
  const passed = await check(right.url, ['--batch-size', '5']);
  t.is(passed.code, 0);
  t.is(passed.clause?.status, 'pass');
  t.true(batches.length >= 10);
  t.true(batches.every((batch) => batch.length >= 1 && batch.length <= 5));
  t.true(batches.some((batch) => batch.length > 1));
  const failed = await check(byBody.url, ['--batch-size', '5']);
  t.is(failed.code, 1);
  t.is(failed.clause?.status, 'fail');
  t.regex(failed.clause?.message ?? '', /HMAC-SHA1 of the first event/);
  t.regex(failed.clause?.replay ?? '', /--destination actions --batch-size 5/);
  // Without --batch-size the mapping does not batch: the clause is skipped, saying how to run it.
  const skipped = await check(right.url, []);
  t.is(skipped.clause?.status, 'skip');
  t.regex(skipped.clause?.message ?? '', /--batch-size/);
  // Classic Webhooks never batches.
  const stderr = capture();
  const usage = await runCli(['check', 'receiver', right.url, '--batch-size', '5'], {
    stdout: new PassThrough(),
    stderr: stderr.stream,
    env: {},
    cwd: process.cwd(),
  });
  t.is(usage, 2);
  t.regex(stderr.text(), /--batch-size applies to --destination actions only/);
});

test('--destination with another value is a usage error naming what was received', async (t) => {
  const stderr = capture();
  const code = await runCli(['check', 'receiver', 'http://127.0.0.1:9/hook', '--destination', 'classic'], {
    stdout: new PassThrough(),
    stderr: stderr.stream,
    env: {},
    cwd: process.cwd(),
  });
  t.is(code, 2);
  t.regex(stderr.text(), /--destination must be webhooks or actions; received "classic"/);
});
