// Issue 34, "hostile imports": `serve --import` checks a file with the collection API's limits (depth, sizes) and the
// rule of headers the service sends, with a clear error naming the line and never a stack overflow; and an
// imported delivery's target headers are never sent as given on redeliver. Measured before: "Maximum call stack
// size exceeded" on an event nested 10,000 levels, and imported `Host`/`Transfer-Encoding` headers sent as given.
import test from 'ava';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createHarness } from '../../src/harness/create-harness.js';
import { importRun } from '../../src/core/run-import.js';
import { ImportFileError } from '../../src/errors/index.js';
import { signPayload } from '../../src/domain/signing/index.js';
import { startReceiver } from '../helpers/receiver.js';
import { runCli, startServe } from '../helpers/spawn-cli.js';

const HEADER = JSON.stringify({
  kind: 'event-harness-export',
  version: 2,
  clock: { mode: 'fake', now: '2024-01-01T00:00:00.000Z' },
});

function nested(levels: number): string {
  return `${'{"a":'.repeat(levels)}1${'}'.repeat(levels)}`;
}

const eventLine = (properties: string) =>
  `{"kind":"event","seq":1,"status":"accepted","writeKey":"k","event":{"type":"track","userId":"u","event":"E","messageId":"m1","properties":${properties}}}`;

function deliveryLine(url: string, headers: Record<string, string>, extra: Record<string, unknown> = {}): string {
  const body = JSON.stringify({ version: 1, type: 'track', userId: 'u', event: 'E', messageId: 'm1' });
  return JSON.stringify({
    kind: 'delivery',
    id: 'd_1',
    destination: 'Webhooks',
    messageId: 'm1',
    type: 'track',
    writeKey: 'k',
    state: 'failed',
    createdAt: '2024-01-01T00:00:00.000Z',
    attempts: [{ url, at: '2024-01-01T00:00:00.000Z', status: 400, durationMs: 0 }],
    request: { method: 'POST', url, headers, body },
    targets: [{ url, headers }],
    ...extra,
  });
}

test('an event nested 10,000 levels is refused naming the line and the limit, in process and over the CLI (exit 2)', async (t) => {
  const harness = await createHarness({ clock: 'fake', listen: false });
  t.teardown(() => harness.stop());
  const text = `${HEADER}\n${eventLine(nested(10_000))}\n`;
  await t.throwsAsync(importRun(harness.core, text, 'deep.ndjson'), {
    instanceOf: ImportFileError,
    message: /deep\.ndjson:2: the line nests more than 101 levels of objects and arrays; an event may nest at most 100/,
  });
  t.is(harness.journal.size, 0);
  // The collection API's own limit: an event of 100 levels (the event and 99 below it) is taken, one more is not.
  await t.notThrowsAsync(importRun(harness.core, `${HEADER}\n${eventLine(nested(99))}\n`, 'ok.ndjson'));
  await t.throwsAsync(importRun(harness.core, `${HEADER}\n${eventLine(nested(100))}\n`, 'deeper.ndjson'), {
    message: /deeper\.ndjson:2: the line nests more than 101/,
  });

  const dir = await mkdtemp(path.join(os.tmpdir(), 'eh-import-hostile-'));
  t.teardown(() => rm(dir, { recursive: true, force: true }));
  await writeFile(path.join(dir, 'deep.ndjson'), text);
  const cli = await runCli(['serve', '--import', 'deep.ndjson'], { cwd: dir });
  t.is(cli.code, 2);
  t.regex(cli.stderr, /deep\.ndjson:2: the line nests more than 101 levels/);
  t.notRegex(cli.stderr, /Maximum call stack/);
});

test('an event larger than any request could carry is refused', async (t) => {
  const harness = await createHarness({ clock: 'fake', listen: false });
  t.teardown(() => harness.stop());
  const big = JSON.stringify({ blob: 'x'.repeat(600_000) });
  await t.throwsAsync(importRun(harness.core, `${HEADER}\n${eventLine(big)}\n`, 'big.ndjson'), {
    message: /big\.ndjson:2: the event is \d+ bytes of JSON; an event the service took is at most 544768/,
  });
});

test('target headers that would break framing, set Host or hold CR/LF are refused at import, naming the line and header', async (t) => {
  const harness = await createHarness({ clock: 'fake', listen: false });
  t.teardown(() => harness.stop());
  for (const [headers, why] of [
    [{ 'Transfer-Encoding': 'chunked', 'Content-Length': '5' }, /"Transfer-Encoding" may not be set/],
    [{ Host: 'internal.example' }, /"Host" may not be set/],
    [{ 'X-Team': 'a\r\nX-Injected: 1' }, /CR \(carriage return\)/],
    [{ 'Content-Type': 'application/json\r\nX: 1' }, /"Content-Type" holds CR/],
  ] as const) {
    const text = `${HEADER}\n${deliveryLine('http://127.0.0.1:1/hook', headers)}\n`;
    const error = await t.throwsAsync(importRun(harness.core, text, 'hostile.ndjson'), { instanceOf: ImportFileError });
    t.regex(error?.message ?? '', /hostile\.ndjson:2: a delivery needs targets\/0\/headers that may be sent/);
    t.regex(error?.message ?? '', why);
  }
  t.is(harness.dispatcher.list().length, 0, 'nothing was loaded');
});

test("redeliver of an imported delivery never sends its exported headers as given: a configured target gets this harness's headers and signature, another only the dispatcher's own", async (t) => {
  const receiver = await startReceiver(t, () => ({ status: 200 }));
  const other = await startReceiver(t, () => ({ status: 200 }));
  const dir = await mkdtemp(path.join(os.tmpdir(), 'eh-import-headers-'));
  t.teardown(() => rm(dir, { recursive: true, force: true }));
  await writeFile(
    path.join(dir, 'harness.json'),
    JSON.stringify({
      sources: [
        {
          writeKey: 'k',
          destinations: {
            Webhooks: {
              sharedSecret: 'now-secret',
              webhooks: [{ url: receiver.url, headers: { 'X-Api-Key': 'real-key' } }],
            },
          },
        },
      ],
    }),
  );
  // An export as GET /__harness/export writes it (the static header value redacted), and one whose target is not
  // configured here, carrying a header that is no longer a dispatcher's.
  const redacted = {
    'X-Api-Key': '[redacted sha256:1a2b3c4d]',
    'User-Agent': 'Segment.io/1.0',
    'Content-Type': 'application/json',
    'X-Signature': 'old',
  };
  const second = deliveryLine(other.url, {
    'X-Api-Key': 'stale',
    'Content-Type': 'application/json',
    'X-Signature': 'derived',
  }).replace('"d_1"', '"d_2"');
  await writeFile(path.join(dir, 'run.ndjson'), `${HEADER}\n${deliveryLine(receiver.url, redacted)}\n${second}\n`);
  const serve = await startServe(
    t,
    ['--config', 'harness.json', '--clock', 'fake', '--import', 'run.ndjson', '--quiet'],
    {
      cwd: dir,
    },
  );
  for (const id of ['d_1', 'd_2'])
    t.is(
      (
        await fetch(`${serve.url}/__harness/deliveries/${id}/redeliver`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: '{}',
        })
      ).status,
      200,
    );
  await fetch(`${serve.url}/__harness/clock/advance`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: '{"ms":0}',
  });
  const [configured] = receiver.requests;
  t.is(configured?.headers['x-api-key'], 'real-key', "this harness's static header, not the redacted value");
  t.is(
    configured?.headers['x-signature'],
    signPayload('now-secret', configured?.body ?? ''),
    'signed with the secret configured now',
  );
  const [unconfigured] = other.requests;
  t.is(unconfigured?.headers['x-api-key'], undefined, 'an unconfigured target gets no static header');
  t.is(unconfigured?.headers['x-signature'], 'derived');
  t.is(unconfigured?.headers['user-agent'], 'Segment.io/1.0');
  t.is(await serve.stop(), 0);
});
