import test from 'ava';
import { createServer } from 'node:net';
import { startReceiver } from '../../helpers/receiver.js';
import { runCli } from '../../helpers/spawn-cli.js';
import { signPayload } from '../../../src/domain/signing/index.js';

test('send delivers one signed webhook as the service does and prints the exchange; 2xx exits 0', async (t) => {
  const receiver = await startReceiver(t, () => ({ status: 202, headers: { 'x-receiver': 'yes' }, body: 'queued' }));
  const result = await runCli([
    'send',
    receiver.url,
    '--secret',
    'my-secret',
    '--type',
    'identify',
    '--header',
    'X-Team: growth',
  ]);
  t.is(result.code, 0, result.stderr);
  t.is(receiver.requests.length, 1);
  const request = receiver.requests[0];
  const body = request?.body ?? '';
  t.is(request?.headers['x-signature'], signPayload('my-secret', body), 'HMAC-SHA1 hex over the exact bytes');
  t.is(request?.headers['user-agent'], 'Segment.io/1.0');
  t.is(request?.headers['content-type'], 'application/json');
  t.is(request?.headers['x-team'], 'growth');
  const payload = JSON.parse(body) as Record<string, unknown>;
  t.like(payload, { version: 1, type: 'identify' });
  t.is(JSON.stringify(payload), body, 'a receiver that re-serialises the parsed body gets the same bytes');
  t.regex(result.stdout, new RegExp(`^> POST ${receiver.url.replaceAll('/', '\\/')}$`, 'm'));
  t.regex(result.stdout, new RegExp(`^> X-Signature: ${signPayload('my-secret', body)}$`, 'm'));
  t.true(result.stdout.includes(`> ${body}\n`), 'the exact body is printed');
  t.regex(result.stdout, /^< 202 \(\d+ ms\)$/m);
  t.regex(result.stdout, /^< x-receiver: yes$/m);
  t.regex(result.stdout, /^< queued$/m);
  t.regex(result.stdout, /^delivered: 202 is a 2xx/m);
});

test('send without --secret sends no X-Signature; --data overrides fields; delete sends only type, userId, timestamp', async (t) => {
  const receiver = await startReceiver(t);
  t.is((await runCli(['send', receiver.url, '--data', '{"userId":"u42","properties":{"total":1}}'])).code, 0);
  t.is(receiver.requests[0]?.headers['x-signature'], undefined);
  t.like(JSON.parse(receiver.requests[0]?.body ?? '{}'), { type: 'track', userId: 'u42', properties: { total: 1 } });
  t.is(
    (await runCli(['send', receiver.url, '--type', 'delete', '--secret', 's', '--data', '{"userId":"u42"}'])).code,
    0,
  );
  const deletion = JSON.parse(receiver.requests[1]?.body ?? '{}') as Record<string, unknown>;
  t.deepEqual(Object.keys(deletion).sort(), ['timestamp', 'type', 'userId']);
  t.is(deletion.userId, 'u42');
});

test('a refusal exits 1 saying whether the service would retry it; no answer names the error code', async (t) => {
  const notFound = await startReceiver(t, () => ({ status: 404, body: 'no such hook' }));
  const permanent = await runCli(['send', notFound.url]);
  t.is(permanent.code, 1);
  t.regex(permanent.stdout, /^< no such hook$/m, "the receiver's answer is shown");
  t.regex(permanent.stdout, /not delivered: the service would not retry a 404/);
  const unavailable = await startReceiver(t, () => ({ status: 503 }));
  const retryable = await runCli(['send', unavailable.url]);
  t.is(retryable.code, 1);
  t.regex(retryable.stdout, /the service would retry a 503 with backoff for up to 4 hours/);
  const closed = createServer();
  await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
  const port = (closed.address() as { port: number }).port;
  await new Promise<void>((resolve) => closed.close(() => resolve()));
  const refused = await runCli(['send', `http://127.0.0.1:${port}/hooks`]);
  t.is(refused.code, 1);
  t.regex(refused.stdout, /^< no answer: ECONNREFUSED after \d+ ms$/m);
  t.regex(refused.stdout, /would retry it with backoff/);
});

test('send refuses bad input with exit 2, naming what it received', async (t) => {
  const cases: [string[], RegExp][] = [
    [['send'], /expected the URL of your webhook receiver; received nothing/],
    [
      ['send', 'localhost:3000'],
      /the URL must (be absolute, with http or https|use http or https); received "localhost:3000"/,
    ],
    [['send', 'ftp://example.com/'], /the URL must use http or https; received "ftp:\/\/example.com\/"/],
    [
      ['send', 'http://127.0.0.1:9/', '--type', 'click'],
      /--type must be one of track, identify, page, screen, group, alias, delete; received "click"/,
    ],
    [['send', 'http://127.0.0.1:9/', '--data', '[1]'], /--data must be a JSON object; received "\[1\]"/],
    [
      ['send', 'http://127.0.0.1:9/', '--header', 'X-Signature: forged'],
      /--header "X-Signature: forged": the header "X-Signature" may not be set/,
    ],
    [['send', 'http://127.0.0.1:9/', '--header', 'nocolon'], /--header must be "Name: value"; received "nocolon"/],
  ];
  for (const [args, message] of cases) {
    const result = await runCli(args);
    t.is(result.code, 2, args.join(' '));
    t.regex(result.stderr, message);
  }
});
