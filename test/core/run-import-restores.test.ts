// Issue 32, "import that restores": `serve --import` takes up a run where its export left it: duplicate detection
// (the messageIds seen), the fake clock, the retry schedule of pending deliveries, and the audiences with what
// their last sync sent. Measured from outside before the fix: a re-sent imported messageId was accepted and
// delivered again. Real processes, real receivers.
import test from 'ava';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { startReceiver } from '../helpers/receiver.js';
import { startServe } from '../helpers/spawn-cli.js';

const basic = (key: string) => `Basic ${Buffer.from(`${key}:`).toString('base64')}`;

async function call(url: string, method: string, body?: unknown, key?: string) {
  const response = await fetch(url, {
    method,
    headers: {
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(key !== undefined ? { authorization: basic(key) } : {}),
    },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  const text = await response.text();
  return { status: response.status, body: (text === '' ? {} : JSON.parse(text)) as Record<string, unknown> };
}

interface Delivery {
  readonly id: string;
  readonly messageId: string;
  readonly state: string;
  readonly nextAttemptAt?: string;
  readonly attempts: { at: string; status?: number; error?: string }[];
}

const deliveries = async (url: string, query = '') =>
  ((await call(`${url}/__harness/deliveries${query}`, 'GET')).body as { deliveries: Delivery[] }).deliveries;

test('serve --import restores duplicate detection, the clock, the retry schedule of a pending delivery and the audiences', async (t) => {
  const ok = await startReceiver(t, () => ({ status: 200 }));
  const failing = await startReceiver(t, () => ({ status: 503 }));
  const dir = await mkdtemp(path.join(os.tmpdir(), 'eh-import-'));
  t.teardown(() => rm(dir, { recursive: true, force: true }));
  await writeFile(
    path.join(dir, 'harness.json'),
    JSON.stringify({
      sources: [
        { writeKey: 'k-ok', destinations: { Webhooks: { sharedSecret: 's', webhooks: [{ url: ok.url }] } } },
        { writeKey: 'k-fail', destinations: { Webhooks: { webhooks: [{ url: failing.url }] } } },
      ],
    }),
  );
  const args = ['--config', 'harness.json', '--clock', 'fake', '--seed', '5', '--quiet'];
  const first = await startServe(t, args, { cwd: dir });
  const track = (url: string, key: string, messageId: string, userId = 'u1') =>
    call(`${url}/v1/track`, 'POST', { userId, event: 'Paid', messageId }, key);
  t.is((await track(first.url, 'k-ok', 'm-done')).status, 200);
  t.is((await track(first.url, 'k-fail', 'm-retried')).status, 200);
  t.is((await call(`${first.url}/__harness/clock/advance`, 'POST', { ms: 10_000 })).status, 200);
  t.is(
    (await call(`${first.url}/__harness/audiences/VIP`, 'PUT', { members: ['u1', 'u2'], writeKeys: ['k-ok'] })).status,
    200,
  );
  t.is((await call(`${first.url}/__harness/audiences/VIP/sync`, 'POST', {})).status, 200);
  // A move of 0 ms answers once the walks under way (the sync's two Identify calls) are recorded.
  t.is((await call(`${first.url}/__harness/clock/advance`, 'POST', { ms: 0 })).status, 200);
  const exported = await (await fetch(`${first.url}/__harness/export`)).text();
  const clockAtExport = (await call(`${first.url}/__harness/clock`, 'GET')).body.now as string;
  const [pending] = await deliveries(first.url, '?state=pending');
  t.is(pending?.messageId, 'm-retried');
  t.truthy(pending?.nextAttemptAt);
  // What the first serve goes on to do: the reference for the imported one.
  t.is((await call(`${first.url}/__harness/clock/advance`, 'POST', { ms: 5 * 3_600_000 })).status, 200);
  const reference = (await deliveries(first.url)).find((d) => d.messageId === 'm-retried');
  t.is(reference?.state, 'expired');
  t.is(await first.stop(), 0);
  const okBefore = ok.requests.length;
  const failingBefore = failing.requests.length;

  await writeFile(path.join(dir, 'run.ndjson'), exported);
  // The import's own failing receiver count starts from what the first serve left: nothing is sent at import.
  const second = await startServe(t, [...args, '--import', 'run.ndjson'], { cwd: dir });
  t.is((await call(`${second.url}/__harness/clock`, 'GET')).body.now, clockAtExport, 'the clock');
  t.is(failing.requests.length, failingBefore, 'importing sends nothing');

  // Duplicate detection: the imported messageId is a duplicate, journaled as such and not delivered again.
  t.is((await track(second.url, 'k-ok', 'm-done')).status, 200);
  const duplicates = (await call(`${second.url}/__harness/events?status=duplicate`, 'GET')).body as {
    events: { event: { messageId: string }; reason: string }[];
  };
  t.deepEqual(
    duplicates.events.map((e) => e.event.messageId),
    ['m-done'],
  );
  t.regex(duplicates.events[0]?.reason ?? '', /already received/);
  t.is(ok.requests.length, okBefore, 'not delivered again');

  // The retry schedule: the pending delivery keeps its next attempt, and goes on as the first serve went on.
  const restored = (await deliveries(second.url)).find((d) => d.messageId === 'm-retried');
  t.is(restored?.state, 'pending');
  t.is(restored?.nextAttemptAt, pending?.nextAttemptAt);
  t.is((await call(`${second.url}/__harness/clock/advance`, 'POST', { ms: 5 * 3_600_000 })).status, 200);
  const after = (await deliveries(second.url)).find((d) => d.messageId === 'm-retried');
  t.is(after?.state, 'expired');
  t.deepEqual(
    after?.attempts.map((a) => `${a.at} ${a.status ?? a.error}`),
    reference?.attempts.map((a) => `${a.at} ${a.status ?? a.error}`),
    'the same attempts at the same times as if the run had never stopped',
  );

  // Audiences: defined and synced; the next sync sends only what changed since the imported sync.
  const listed = (await call(`${second.url}/__harness/audiences`, 'GET')).body as {
    audiences: { name: string; synced: boolean }[];
  };
  t.deepEqual(
    listed.audiences.map((a) => [a.name, a.synced]),
    [['VIP', true]],
  );
  t.is(
    (await call(`${second.url}/__harness/audiences/VIP`, 'PUT', { members: ['u2', 'u3'], writeKeys: ['k-ok'] })).status,
    200,
  );
  const synced = (await call(`${second.url}/__harness/audiences/VIP/sync`, 'POST', {})).body as {
    first: boolean;
    changes: { userId: string; member: boolean }[];
  };
  t.false(synced.first);
  t.deepEqual(
    [...synced.changes].sort((a, b) => a.userId.localeCompare(b.userId)),
    [
      { userId: 'u1', member: false },
      { userId: 'u3', member: true },
    ],
  );
  t.is(await second.stop(), 0);
});
