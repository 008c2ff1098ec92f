import test from 'ava';
import { mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createHarness } from '../../src/harness/create-harness.js';
import { importRun } from '../../src/core/run-import.js';
import { ImportFileError } from '../../src/errors/index.js';
import { startReceiver } from '../helpers/receiver.js';
import { runCli, startServe } from '../helpers/spawn-cli.js';

const basic = (key: string) => `Basic ${Buffer.from(`${key}:`).toString('base64')}`;

async function post(url: string, body: unknown, key = 'k'): Promise<number> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: basic(key) },
    body: JSON.stringify(body),
  });
  await response.arrayBuffer();
  return response.status;
}

/** The export without its header's exportedAt (the one field that differs between two exports of one run). */
function comparable(ndjson: string): unknown[] {
  return ndjson
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as Record<string, unknown>)
    .map(({ exportedAt: _exportedAt, ...rest }) => rest);
}

test('export, then serve --import, then export again gives the same journal and deliveries (round trip over real processes)', async (t) => {
  const receiver = await startReceiver(t, (_request, index) => ({ status: index === 0 ? 503 : 200 }));
  const dir = await mkdtemp(path.join(os.tmpdir(), 'eh-export-'));
  await writeFile(
    path.join(dir, 'harness.json'),
    JSON.stringify({
      sources: [
        { writeKey: 'k', destinations: { Webhooks: { sharedSecret: 's', webhooks: [{ url: receiver.url }] } } },
      ],
    }),
  );
  const first = await startServe(t, ['--config', 'harness.json', '--clock', 'fake', '--quiet'], { cwd: dir });
  t.is(await post(`${first.url}/v1/track`, { userId: 'u1', event: 'Paid', properties: { amount: 5 } }), 200);
  t.is(await post(`${first.url}/v1/track`, { event: 'No User' }), 200);
  t.is(
    await post(`${first.url}/v1/batch`, {
      batch: [{ type: 'identify', userId: 'u2', traits: { plan: 'pro' }, integrations: { Webhooks: false } }],
    }),
    200,
  );
  // The first attempt gets 503; moving the fake clock to the retry delivers it.
  await fetch(`${first.url}/__harness/clock/run-until-idle`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: '{}',
  });
  const exported = await fetch(`${first.url}/__harness/export`);
  t.is(exported.status, 200);
  t.regex(exported.headers.get('content-type') ?? '', /^application\/x-ndjson/);
  t.regex(exported.headers.get('content-disposition') ?? '', /attachment; filename="event-harness-.*\.ndjson"/);
  const text = await exported.text();
  const lines = comparable(text) as Record<string, unknown>[];
  t.like(lines[0], { kind: 'event-harness-export', version: 2, clock: { mode: 'fake' } });
  t.deepEqual(
    lines.slice(1).map((line) => `${String(line.kind)}:${String(line.status ?? line.state)}`),
    ['event:accepted', 'event:rejected', 'event:filtered', 'delivery:delivered'],
  );
  const delivery = lines[4] as { attempts: { status: number }[] };
  t.deepEqual(
    delivery.attempts.map((attempt) => attempt.status),
    [503, 200],
    'every attempt is kept',
  );
  t.is(await first.stop(), 0);

  await writeFile(path.join(dir, 'saved.ndjson'), text);
  const second = await startServe(t, ['--config', 'harness.json', '--clock', 'fake', '--import', 'saved.ndjson'], {
    cwd: dir,
  });
  t.regex(second.stderr(), /imported 3 events, 1 deliveries and 0 audiences from saved\.ndjson/);
  const again = await (await fetch(`${second.url}/__harness/export`)).text();
  t.deepEqual(comparable(again).slice(1), lines.slice(1), 'the same events and deliveries');
  t.is(
    (comparable(again)[0] as { clock: { now: string } }).clock.now,
    (lines[0] as { clock: { now: string } }).clock.now,
    'the fake clock continues from the export',
  );
  const rejected = (await (await fetch(`${second.url}/__harness/events?status=rejected`)).json()) as {
    events: { reason: string }[];
  };
  t.regex(rejected.events[0]?.reason ?? '', /needs userId or anonymousId/, 'queries see imported entries');
  t.is(receiver.requests.length, 2, 'importing delivers nothing again');
  // New events and deliveries continue after the imported ones.
  t.is(await post(`${second.url}/v1/track`, { userId: 'u3', event: 'After Import' }), 200);
  await fetch(`${second.url}/__harness/clock/run-until-idle`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: '{}',
  });
  const deliveries = (await (await fetch(`${second.url}/__harness/deliveries`)).json()) as {
    deliveries: { id: string }[];
  };
  t.deepEqual(deliveries.deliveries.map((d) => d.id).sort(), ['d_1', 'd_2']);
  t.is(await second.stop(), 0);
});

test('a file that is not an export is refused naming the line and what is expected; nothing is loaded', async (t) => {
  const harness = await createHarness({ clock: 'fake', listen: false });
  t.teardown(() => harness.stop());
  const header = JSON.stringify({
    kind: 'event-harness-export',
    version: 1,
    clock: { mode: 'fake', now: '2024-01-01T00:00:00.000Z' },
  });
  const good = JSON.stringify({
    kind: 'event',
    seq: 1,
    status: 'accepted',
    writeKey: 'k',
    event: { type: 'track', userId: 'u', event: 'E' },
  });
  await t.throwsAsync(importRun(harness.core, '{"hello":1}\n', 'x.ndjson'), {
    instanceOf: ImportFileError,
    message:
      /x\.ndjson: expected an export of GET \/__harness\/export, whose first line is \{"kind":"event-harness-export"/,
  });
  await t.throwsAsync(importRun(harness.core, `${header}\n${good}\nnot json\n`, 'x.ndjson'), {
    message: /x\.ndjson:3: expected one JSON object per line; received "not json"/,
  });
  await t.throwsAsync(
    async () =>
      importRun(
        harness.core,
        `${header}\n${good}\n{"kind":"event","status":"ok","writeKey":"k","event":{}}`,
        'x.ndjson',
      ),
    { message: /x\.ndjson:3: an event's status must be accepted, rejected, duplicate or filtered; received "ok"/ },
  );
  await t.throwsAsync(importRun(harness.core, `${header}\n{"kind":"delivery","id":"d_1"}`, 'x.ndjson'), {
    message: /x\.ndjson:2: a delivery needs messageId \(a string\), type/,
  });
  await t.throwsAsync(importRun(harness.core, `${header}\n{"kind":"request"}`, 'x.ndjson'), {
    message: /expected a line of kind "event", "delivery" or "audience"; received kind "request"/,
  });
  await t.throwsAsync(importRun(harness.core, header.replace('"version":1', '"version":9'), 'x.ndjson'), {
    message: /export version 9 is not one this version reads; expected 1 or 2/,
  });
  t.is(harness.journal.size, 0, 'a bad file loads nothing, not even its good lines');
  const dir = await mkdtemp(path.join(os.tmpdir(), 'eh-export-'));
  await writeFile(path.join(dir, 'bad.ndjson'), 'nope\n');
  const cli = await runCli(['serve', '--import', 'bad.ndjson'], { cwd: dir });
  t.is(cli.code, 2);
  t.regex(cli.stderr, /bad\.ndjson:1: expected one JSON object per line/);
  const missing = await runCli(['serve', '--import', 'absent.ndjson'], { cwd: dir });
  t.is(missing.code, 2);
  t.regex(missing.stderr, /cannot read the --import file .*absent\.ndjson/);
});

test("a run's own export holds only that run's events, and serve --import loads it into the default run of a fresh serve", async (t) => {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'eh-run-export-'));
  const first = await startServe(t, ['--clock', 'fake', '--quiet'], { cwd: dir });
  const created = await fetch(`${first.url}/__harness/runs`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ clock: 'fake' }),
  });
  const run = (await created.json()) as { writeKeys: string[]; urls: { admin: string } };
  const runKey = run.writeKeys[0] ?? '';
  t.is(await post(`${first.url}/v1/track`, { userId: 'in-run', event: 'Run Event' }, runKey), 200);
  t.is(await post(`${first.url}/v1/track`, { userId: 'in-default', event: 'Default Event' }), 200);
  const text = await (await fetch(`${run.urls.admin}/export`)).text();
  const lines = comparable(text) as { kind: string; writeKey?: string; event?: { userId?: string } }[];
  t.deepEqual(
    lines.slice(1).map((line) => [line.kind, line.writeKey, line.event?.userId]),
    [['event', runKey, 'in-run']],
    "the run's export: its own event only",
  );
  t.is(await first.stop(), 0);

  await writeFile(path.join(dir, 'run.ndjson'), text);
  const second = await startServe(t, ['--clock', 'fake', '--quiet', '--import', 'run.ndjson'], { cwd: dir });
  const again = await (await fetch(`${second.url}/__harness/export`)).text();
  t.deepEqual(comparable(again).slice(1), lines.slice(1), 'the default run of the fresh serve holds it');
  t.is(await second.stop(), 0);
});
