import test, { type ExecutionContext } from 'ava';
import type { HarnessConfig } from '../../../src/contract/generated/wire-types.js';
import type { Harness } from '../../../src/harness/create-harness.js';
import pg from 'pg';
import { basicAuth, getJson, postJson, startHarness } from '../../helpers/harness.js';
import { startPostgres, type PostgresServer } from '../../helpers/postgres.js';
import { startReceiver, type Receiver, type ReceiverBehaviour } from '../../helpers/receiver.js';

// One table of behaviours, run against the in-memory store and the PostgreSQL store: both answer alike.
let postgres: PostgresServer | undefined;
let databases = 0;

test.before(async () => {
  postgres = await startPostgres();
});
test.after.always(async () => {
  await postgres?.stop();
});

type StoreKind = 'memory' | 'postgres';

interface Setup {
  readonly harness: Harness;
  readonly receiver: Receiver;
  /** A second node on the same database (postgres), or the same harness (memory). */
  readonly peer: () => Promise<Harness>;
  /** The database's URL (postgres). */
  readonly store: string | undefined;
}

async function storeUrl(kind: StoreKind): Promise<string | undefined> {
  if (kind === 'memory') return undefined;
  if (postgres === undefined) throw new Error('PostgreSQL did not start');
  return postgres.createDatabase(`parity_${++databases}`);
}

async function setUp(
  t: ExecutionContext,
  kind: StoreKind,
  behaviour: ReceiverBehaviour = () => ({}),
  extra: Partial<HarnessConfig> = {},
): Promise<Setup> {
  const receiver = await startReceiver(t, behaviour);
  const config: HarnessConfig = {
    sources: [{ writeKey: 'wk', destinations: { Webhooks: { webhooks: [{ url: receiver.url }] } } }],
    ...extra,
  };
  const store = await storeUrl(kind);
  const open = (nodeId: string) =>
    startHarness(t, { clock: 'fake', config, ...(store !== undefined ? { store, storeOptions: { nodeId } } : {}) });
  const harness = await open('one');
  return { harness, receiver, store, peer: async () => (store === undefined ? harness : open('two')) };
}

const auth = { authorization: basicAuth('wk') };

async function send(harness: Harness, batch: Record<string, unknown>[]) {
  return postJson(`${harness.url}/v1/batch`, { batch }, auth);
}

async function events(
  harness: Harness,
  query = '',
): Promise<{ total: number; events: { event: { userId?: string } }[] }> {
  return (await getJson(`${harness.url}/__harness/events${query}`)).body as never;
}

async function deliveries(
  harness: Harness,
): Promise<{ state: string; attempts: unknown[]; id: string; messageId: string }[]> {
  return ((await getJson(`${harness.url}/__harness/deliveries`)).body as { deliveries: never[] }).deliveries;
}

const scenarios: Record<string, (t: ExecutionContext, kind: StoreKind) => Promise<void>> = {
  async 'ingest and journal queries'(t, kind) {
    const { harness, peer } = await setUp(t, kind);
    const sent = await send(harness, [
      { type: 'track', userId: 'u1', event: 'Opened' },
      { type: 'identify', userId: 'u2', traits: { plan: 'pro' } },
      { type: 'track', event: 'No user' },
    ]);
    t.is(sent.status, 200);
    const other = await peer();
    t.is((await events(other)).total, 3);
    t.is((await events(other, '?status=accepted')).total, 2);
    t.is((await events(other, '?status=rejected')).total, 1);
    const byUser = await events(other, '?userId=u2');
    t.deepEqual(
      byUser.events.map((e) => e.event.userId),
      ['u2'],
    );
    t.is((await events(other, '?type=track')).total, 2);
  },

  async 'a delivery retried on the fake clock'(t, kind) {
    const { harness, receiver, peer } = await setUp(t, kind, (_, index) => ({ status: index === 0 ? 500 : 200 }));
    await send(harness, [{ type: 'track', userId: 'u1', event: 'Retried' }]);
    await harness.settled();
    const other = await peer();
    const [pending] = await deliveries(other);
    t.is(pending?.state, 'pending');
    t.is(pending?.attempts.length, 1);
    const advanced = await postJson(`${other.url}/__harness/clock/advance`, { ms: 3_600_000 });
    t.is(advanced.status, 200);
    await waitUntil(async () => (await deliveries(harness))[0]?.state === 'delivered', 'the retry was not delivered');
    // Every request the receiver saw is a recorded attempt, and no answered one is a timeout (docs/rules.md,
    // "Virtual time"): the 500, then the 200.
    const attempts = (await deliveries(harness))[0]?.attempts ?? [];
    t.deepEqual(
      attempts.map((a) => (a as { status?: number }).status),
      [500, 200],
    );
    t.is(receiver.requests.length, attempts.length);
  },

  async 'redeliver sends again'(t, kind) {
    const { harness, receiver, peer } = await setUp(t, kind);
    await send(harness, [{ type: 'track', userId: 'u1', event: 'Again' }]);
    await harness.settled();
    const other = await peer();
    const [delivered] = await deliveries(other);
    t.is(delivered?.state, 'delivered');
    const again = await postJson(`${other.url}/__harness/deliveries/${delivered?.id}/redeliver`, {});
    t.is(again.status, 200);
    await waitUntil(
      async () => (await deliveries(harness))[0]?.attempts.length === 2,
      'the redelivery did not run',
      40_000,
    );
    t.is(receiver.requests.length, 2);
  },

  async 'faults answer the next request'(t, kind) {
    const { harness } = await setUp(t, kind);
    t.is((await postJson(`${harness.url}/__harness/faults`, { count: 1, status: 503 })).status, 200);
    t.is((await send(harness, [{ type: 'track', userId: 'u1', event: 'Faulted' }])).status, 503);
    t.is((await send(harness, [{ type: 'track', userId: 'u1', event: 'Fine' }])).status, 200);
    t.is((await events(harness)).total, 1);
  },

  async 'reset forgets events and deliveries on every node'(t, kind) {
    const { harness, peer } = await setUp(t, kind);
    await send(harness, [{ type: 'track', userId: 'u1', event: 'Gone' }]);
    await harness.settled();
    const other = await peer();
    t.is((await events(other)).total, 1);
    t.is((await postJson(`${harness.url}/__harness/reset`, {})).status, 200);
    t.is((await events(other)).total, 0);
    t.is((await deliveries(other)).length, 0);
    t.is((await send(harness, [{ type: 'track', userId: 'u3', event: 'After' }])).status, 200);
    t.deepEqual(
      (await events(other)).events.map((e) => e.event.userId),
      ['u3'],
    );
  },

  async 'export holds the journal and the deliveries'(t, kind) {
    const { harness, peer } = await setUp(t, kind);
    await send(harness, [{ type: 'track', userId: 'u1', event: 'Exported' }]);
    await harness.settled();
    const other = await peer();
    const lines = (await (await fetch(`${other.url}/__harness/export`)).text())
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { kind?: string; event?: { event?: string } });
    t.true(lines.some((line) => JSON.stringify(line).includes('"Exported"') && JSON.stringify(line).includes('u1')));
    t.true(lines.some((line) => JSON.stringify(line).includes('"delivered"')));
  },

  async 'the journal holds its capacity, newest kept'(t, kind) {
    const { harness, peer } = await setUp(t, kind, () => ({}), { journal: { capacity: 3 } });
    await send(
      harness,
      [1, 2, 3, 4, 5].map((n) => ({ type: 'track', userId: `u${n}`, event: 'Counted' })),
    );
    const other = await peer();
    const held = await events(other);
    t.deepEqual(
      held.events.map((e) => e.event.userId),
      ['u3', 'u4', 'u5'],
    );
  },

  async 'the journal holds its age bound on the harness clock'(t, kind) {
    const { harness, peer } = await setUp(t, kind, () => ({}), { journal: { maxAgeMs: 60_000 } });
    await send(harness, [{ type: 'track', userId: 'old', event: 'Aged' }]);
    t.is((await postJson(`${harness.url}/__harness/clock/advance`, { ms: 30_000 })).status, 200);
    await send(harness, [{ type: 'track', userId: 'middle', event: 'Aged' }]);
    t.is((await postJson(`${harness.url}/__harness/clock/advance`, { ms: 31_000 })).status, 200);
    await send(harness, [{ type: 'track', userId: 'new', event: 'Aged' }]);
    for (const node of [harness, await peer()])
      t.deepEqual(
        (await events(node)).events.map((e) => e.event.userId),
        ['middle', 'new'],
      );
  },

  async 'finished deliveries hold their age bound on the harness clock; a pending one is never dropped by age'(
    t,
    kind,
  ) {
    const { harness, peer, store } = await setUp(
      t,
      kind,
      (request) => ({ status: request.body.includes('"m-stuck"') ? 500 : 200 }),
      { delivery: { maxAgeMs: 60_000 } },
    );
    await send(harness, [{ type: 'track', userId: 'u1', event: 'Aged', messageId: 'm-done' }]);
    await send(harness, [{ type: 'track', userId: 'u1', event: 'Aged', messageId: 'm-stuck' }]);
    await harness.settled();
    const states = async (node: Harness) =>
      Object.fromEntries((await deliveries(node)).map((d) => [d.messageId, d.state]));
    t.deepEqual(await states(harness), { 'm-done': 'delivered', 'm-stuck': 'pending' });
    t.is((await postJson(`${harness.url}/__harness/clock/advance`, { ms: 59_000 })).status, 200);
    t.deepEqual(await states(harness), { 'm-done': 'delivered', 'm-stuck': 'pending' }, 'dropped before its age');
    // Past the bound: the delivered record goes; the pending one stays however old (its retries go on).
    t.is((await postJson(`${harness.url}/__harness/clock/advance`, { ms: 2_000 })).status, 200);
    t.deepEqual(await states(harness), { 'm-stuck': 'pending' });
    t.deepEqual(harness.dispatcher.counts(), { all: 1, pending: 1, delivered: 0, failed: 0, expired: 0 });
    if (store !== undefined) {
      // Its row leaves the table too (in the next commit), so a node starting now does not load it.
      await waitUntil(
        async () => (await sql(store, 'SELECT id FROM deliveries')).length === 1,
        'the aged delivery row was not deleted',
      );
      t.deepEqual(await states(await peer()), { 'm-stuck': 'pending' });
    }
  },
};

async function sql(url: string, text: string): Promise<Record<string, unknown>[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(text)).rows as Record<string, unknown>[];
  } finally {
    await client.end();
  }
}

async function waitUntil(check: () => Promise<boolean>, what: string, boundMs = 20_000): Promise<void> {
  const deadline = Date.now() + boundMs;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`${what} within ${boundMs} ms`);
}

for (const kind of ['memory', 'postgres'] as const)
  for (const [name, scenario] of Object.entries(scenarios)) test(`${kind}: ${name}`, (t) => scenario(t, kind));
