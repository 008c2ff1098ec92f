// The inspector's server side without a browser: the page's files and the batched update stream (the admin
// routes the page relies on are tested in test/server/plugins/admin-plugin.test.ts).
import test from 'ava';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { get as httpGet } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { ExecutionContext } from 'ava';
import {
  inspectorPlugin,
  findInspectorRoot,
  type InspectorPluginOptions,
} from '../../src/server/plugins/inspector-plugin.js';
import { InspectorAssetsMissingError } from '../../src/errors/server-errors.js';
import { HarnessError } from '../../src/errors/harness-error.js';
import type { WebhookTransport } from '../../src/domain/delivery/http-transport.js';
import type { HarnessOptions, Harness } from '../../src/harness/create-harness.js';
import { basicAuth, getJson, postJson, startHarness } from '../helpers/harness.js';

interface Update {
  seq: number;
  snapshot: boolean;
  clock: { mode: string; now: string; epochMs: number };
  events: { added: number; counts: { all: number; accepted: number } };
  deliveries: { changed: string[]; overflow: boolean; counts: Record<string, number>; nextRetryAt: string | null };
  sources: boolean;
  requests: number;
  admin: boolean;
  faults: number;
}

/** A harness with the inspector mounted the way `event-harness serve` mounts it. */
async function inspected(
  t: ExecutionContext,
  options: HarnessOptions = {},
  inspector: Omit<InspectorPluginOptions, 'core'> = {},
): Promise<Harness> {
  const harness = await startHarness(t, options);
  await harness.server.register({ plugin: inspectorPlugin, options: { core: harness.core, ...inspector } });
  return harness;
}

/** Reads GET /__harness/stream and parses each `update`; `raw` keeps the text (comments included). */
async function openStream(t: ExecutionContext, url: string, streamPath = '/__harness/stream') {
  const controller = new AbortController();
  const response = await fetch(`${url}${streamPath}`, { signal: controller.signal });
  const updates: Update[] = [];
  let raw = '';
  let ended = false;
  const waiters: (() => void)[] = [];
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  void (async () => {
    let buffer = '';
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        raw += value;
        buffer += value;
        let end: number;
        while ((end = buffer.indexOf('\n\n')) !== -1) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const data = block.split('\n').find((line) => line.startsWith('data: '));
          if (data !== undefined) updates.push(JSON.parse(data.slice(6)) as Update);
        }
        for (const wake of waiters.splice(0)) wake();
      }
    } catch {
      // aborted by the test
    }
    ended = true;
    for (const wake of waiters.splice(0)) wake();
  })();
  t.teardown(() => controller.abort());
  const until = async (done: () => boolean, what: string): Promise<void> => {
    const deadline = Date.now() + 10_000;
    while (!done()) {
      if (ended) throw new Error(`the stream ended before ${what}`);
      if (Date.now() > deadline) throw new Error(`gave up waiting for ${what}; got ${JSON.stringify(updates.at(-1))}`);
      await new Promise<void>((resolve) => {
        waiters.push(resolve);
        setTimeout(resolve, 100);
      });
    }
  };
  return { response, updates, raw: () => raw, ended: () => ended, until, abort: () => controller.abort() };
}

const failing503: WebhookTransport = () => Promise.resolve({ kind: 'response', status: 503 });

test('serves the page and its files with a same-origin CSP, and nothing else from disk', async (t) => {
  const harness = await inspected(t);
  const page = await fetch(`${harness.url}/`);
  t.is(page.status, 200);
  t.is(page.headers.get('content-type'), 'text/html; charset=utf-8');
  t.regex(page.headers.get('content-security-policy') ?? '', /default-src 'self'.*connect-src 'self'/);
  const html = await page.text();
  t.regex(html, /<script type="module" src="\/inspector\/app\.js">/);
  t.notRegex(html, /https?:\/\//, 'no CDN');
  for (const [file, type] of [
    ['app.js', 'text/javascript; charset=utf-8'],
    ['style.css', 'text/css; charset=utf-8'],
    ['favicon.svg', 'image/svg+xml'],
  ] as const) {
    const response = await fetch(`${harness.url}/inspector/${file}`);
    t.is(response.status, 200, file);
    t.is(response.headers.get('content-type'), type);
    t.is(response.headers.get('x-content-type-options'), 'nosniff');
    t.true((await response.arrayBuffer()).byteLength > 100);
  }
  const unknown = await getJson(`${harness.url}/inspector/secrets.json`);
  t.is(unknown.status, 404);
  t.is(unknown.body.code, 'NOT_FOUND');
  t.is((await fetch(`${harness.url}/inspector/..%2Fpackage.json`)).status, 404);
  t.truthy(findInspectorRoot());
  t.is(findInspectorRoot(os.tmpdir()), undefined);
});

test('a root folder without the files answers 404; a root that is not a folder is a 500 in the service shape', async (t) => {
  const empty = await mkdtemp(path.join(os.tmpdir(), 'eh-inspector-root-'));
  const missing = await inspected(t, {}, { root: empty });
  t.is((await fetch(`${missing.url}/`)).status, 404);
  const file = path.join(empty, 'not-a-folder');
  await writeFile(file, 'x');
  const broken = await inspected(t, {}, { root: file });
  const answer = await getJson(`${broken.url}/inspector/app.js`);
  t.is(answer.status, 500);
  t.is(answer.body.code, 'INTERNAL_ERROR');
  const error = new InspectorAssetsMissingError('/opt/app');
  t.true(error instanceof HarnessError);
  t.is(error.code, 'INSPECTOR_ASSETS_MISSING');
  t.is(error.httpStatus, 500);
  t.regex(error.message, /inspector-ui\/index\.html.*above \/opt\/app.*reinstall/);
});

test('the stream starts with a snapshot and batches a burst of 2,530 events into a few updates', async (t) => {
  // Zero-config with the sample receiver's settings, so sources are created on the fly and have webhooks.
  const harness = await inspected(t, { clock: 'fake', transport: failing503 });
  harness.sources.setDefaultWebhooks({ webhooks: [{ url: 'http://127.0.0.1:9/hook' }] });
  const stream = await openStream(t, harness.url);
  t.is(stream.response.headers.get('content-type'), 'text/event-stream; charset=utf-8');
  t.is(
    stream.response.headers.get('content-encoding'),
    'gzip',
    'fetch asks for gzip: each message is flushed through it',
  );
  await stream.until(() => stream.updates.length >= 1, 'the snapshot');
  const [snapshot] = stream.updates;
  t.true(snapshot?.snapshot);
  t.is(snapshot?.clock.mode, 'fake');
  t.is(snapshot?.clock.now, '2024-01-01T00:00:00.000Z');
  t.is(snapshot?.events.counts.all, 0);

  const batch = Array.from({ length: 2_500 }, (_, i) => ({ type: 'track', userId: `u${i}`, event: 'Bulk' }));
  await Promise.all([
    postJson(`${harness.url}/v1/batch`, { batch }, { authorization: basicAuth('burst') }),
    ...Array.from({ length: 30 }, (_, i) =>
      postJson(`${harness.url}/v1/track`, { userId: `s${i}`, event: 'Single' }, { authorization: basicAuth('burst') }),
    ),
  ]);
  await harness.settled();
  await stream.until(
    () =>
      stream.updates.at(-1)?.deliveries.counts.pending === 2_530 &&
      stream.updates.at(-1)?.deliveries.nextRetryAt !== null,
    'every delivery pending',
  );
  const burst = stream.updates.slice(1);
  t.is(
    burst.reduce((sum, u) => sum + u.events.added, 0),
    2_530,
    'every event is counted once',
  );
  t.is(burst.at(-1)?.events.counts.accepted, 2_530);
  t.is(
    burst.reduce((sum, u) => sum + u.requests, 0),
    31,
  );
  t.true(burst.length <= 40, `${burst.length} updates for 2,530 events and 5,060 delivery changes`);
  t.true(
    burst.some((u) => u.deliveries.overflow),
    'more than 200 changed deliveries in one update are summarised',
  );
  t.true(burst.every((u) => u.deliveries.changed.length <= 200));
  t.true(
    burst.some((u) => u.sources),
    'the zero-config source created on the fly is announced',
  );
  t.is(burst.at(-1)?.deliveries.nextRetryAt, new Date(harness.dispatcher.nextRetryAt() as number).toISOString());
});

test('admin calls, deliveries changing and new sources each produce an update naming them', async (t) => {
  const harness = await inspected(t, { clock: 'fake', transport: failing503 }, { batchMs: 5 });
  harness.sources.setDefaultWebhooks({ webhooks: [{ url: 'http://127.0.0.1:9/hook' }] });
  const stream = await openStream(t, harness.url);
  await stream.until(() => stream.updates.length >= 1, 'the snapshot');
  await postJson(`${harness.url}/__harness/faults`, { count: 2, status: 503 });
  await stream.until(() => stream.updates.some((u) => u.admin && u.faults === 1), 'the fault');
  await postJson(`${harness.url}/v1/track`, { userId: 'u', event: 'E' }, { authorization: basicAuth('k') });
  await postJson(`${harness.url}/v1/track`, { userId: 'u', event: 'E' }, { authorization: basicAuth('k') });
  await postJson(`${harness.url}/v1/track`, { userId: 'u', event: 'E' }, { authorization: basicAuth('k') });
  await harness.settled();
  await stream.until(() => stream.updates.some((u) => u.deliveries.changed.includes('d_1')), 'the delivery');
  t.true(stream.updates.some((u) => u.sources));
  t.is(stream.updates.at(-1)?.faults, 0);
  const seen = stream.updates.length;
  await postJson(`${harness.url}/__harness/clock/advance`, { ms: 60_000 });
  await stream.until(
    () => stream.updates.slice(seen).some((u) => u.admin && u.clock.now === '2024-01-01T00:01:00.000Z'),
    'the clock',
  );
});

test('the stream keeps alive, answers without gzip too, and ends when the server stops', async (t) => {
  const harness = await inspected(t, {}, { heartbeatMs: 20 });
  const stream = await openStream(t, harness.url);
  await stream.until(() => stream.raw().includes(': keep-alive'), 'a keep-alive comment');
  // A second client without Accept-Encoding gets plain text at once.
  const plain = await new Promise<{ encoding: string | undefined; first: string }>((resolve, reject) => {
    httpGet(`${harness.url}/__harness/stream`, (res) => {
      res.once('data', (chunk: Buffer) => {
        resolve({ encoding: res.headers['content-encoding'], first: chunk.toString('utf8') });
        res.destroy();
      });
    }).on('error', reject);
  });
  t.is(plain.encoding, undefined);
  t.regex(plain.first, /^retry: 1000\nid: \d+\nevent: update\ndata: \{"seq"/);
  // The first client reconnecting later gets a fresh snapshot.
  stream.abort();
  const again = await openStream(t, harness.url);
  await again.until(() => again.updates.length >= 1, 'a second snapshot');
  t.true(again.updates[0]?.snapshot);
  await harness.stop();
  await again.until(() => again.ended(), 'the end of the stream');
  t.true(again.ended(), 'stopping the harness ends an open stream');
});

test('the OpenAPI document lists the inspector routes and the new parameters', async (t) => {
  const harness = await inspected(t);
  const { body } = await getJson(`${harness.url}/__harness/openapi.json`);
  const paths = body.paths as Record<string, Record<string, { summary: string; parameters?: { name: string }[] }>>;
  t.regex(paths['/__harness/stream']?.get?.summary ?? '', /Server-sent events/);
  t.regex(paths['/__harness/requests']?.get?.summary ?? '', /Collection requests/);
  t.regex(paths['/__harness/clock/next-retry']?.post?.summary ?? '', /earliest scheduled delivery retry/);
  t.truthy(paths['/']?.get);
  t.true(paths['/__harness/events']?.get?.parameters?.some((p) => p.name === 'q'));
  t.deepEqual(
    paths['/__harness/deliveries']?.get?.parameters?.map((p) => p.name),
    ['state', 'writeKey', 'type', 'messageId', 'q', 'limit', 'offset'],
  );
});

test('with keepOwnText (the inspector turns it on) entries are read without rebuilding their request', async (t) => {
  const { EventJournal } = await import('../../src/domain/journal/event-journal.js');
  let rebuilds = 0;
  const origin = {
    rebuild: (index: number) => {
      rebuilds++;
      return { type: 'track', userId: `u${index}`, event: 'From Origin' };
    },
  };
  const journal = new EventJournal();
  journal.record('accepted', 'k', { type: 'track', userId: 'u0', event: 'Live' }, undefined, { origin, index: 0 });
  t.is(journal.query({ text: 'from origin' }).total, 1, 'by default the event is rebuilt from its request');
  t.is(rebuilds, 1);
  journal.keepOwnText();
  journal.record('accepted', 'k', { type: 'track', userId: 'u1', event: 'Kept Text' }, undefined, { origin, index: 1 });
  t.is(journal.query({ text: 'kept text' }).total, 1);
  t.deepEqual(journal.query({ userId: 'u1' }).events[0]?.event, { type: 'track', userId: 'u1', event: 'Kept Text' });
  t.is(rebuilds, 1, 'the new entry never asked its origin');
});

test('events keep their own text only once a page opens the stream: a serve under load with no page pays nothing for it', async (t) => {
  const harness = await inspected(t);
  const body = JSON.stringify({
    batch: [
      { type: 'track', userId: 'u1', event: 'Before' },
      { type: 'track', userId: 'u2', event: 'Before' },
    ],
  });
  const url = `${harness.url}/v1/batch`;
  t.is((await postJson(url, body, { authorization: basicAuth('k') })).status, 200);
  t.is(harness.journal.bytes, body.length, 'before a page opens, the request text is held once for both events');
  const stream = await openStream(t, harness.url);
  await stream.until(() => stream.updates.length >= 1, 'the snapshot');
  t.is((await postJson(url, body.replaceAll('Before', 'After'), { authorization: basicAuth('k') })).status, 200);
  const after = harness.journal.query({ text: 'after' }).events;
  t.is(after.length, 2);
  const ownText = after.reduce((sum, entry) => sum + JSON.stringify(entry.event).length, 0);
  t.is(harness.journal.bytes - body.length, ownText, 'with a page open, each new event keeps its own JSON text');
});

test("each run has its own stream: it counts only that run's events, and ends when the run is deleted", async (t) => {
  const harness = await startHarness(t, { clock: 'fake' });
  await harness.server.register({ plugin: inspectorPlugin, options: { core: harness.core, runs: harness.runs } });
  const a = await harness.runs.create({ clock: 'fake' });
  const b = await harness.runs.create({ clock: 'fake' });
  const streamA = await openStream(t, harness.url, `/__harness/runs/${a.id}/stream`);
  await streamA.until(() => streamA.updates.length > 0, 'the snapshot of run a');
  t.true(streamA.updates[0]?.snapshot);
  t.is(streamA.updates[0]?.events.counts.all, 0);
  const send = (key: string, userId: string) =>
    postJson(`${harness.url}/v1/track`, { event: 'E', userId }, { authorization: basicAuth(key) });
  t.is((await send(b.writeKeys[0] ?? '', 'b1')).status, 200);
  t.is((await send(b.writeKeys[0] ?? '', 'b2')).status, 200);
  t.is((await send('zero-config', 'd1')).status, 200);
  t.is((await send(a.writeKeys[0] ?? '', 'a1')).status, 200);
  await streamA.until(() => streamA.updates.some((u) => u.events.added > 0), "run a's event");
  t.is(streamA.updates.at(-1)?.events.counts.all, 1, "only run a's event is counted");
  t.is(
    streamA.updates.reduce((sum, u) => sum + u.events.added, 0),
    1,
    "no update of run a's stream announced another run's events",
  );
  await harness.runs.delete(a.id);
  await streamA.until(() => streamA.ended(), "the end of the deleted run's stream");
  t.true(streamA.ended());
  const gone = await getJson(`${harness.url}/__harness/runs/${a.id}/stream`);
  t.is(gone.status, 404);
  t.is(gone.body.code, 'RUN_NOT_FOUND');
});
