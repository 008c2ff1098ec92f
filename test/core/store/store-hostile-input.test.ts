// Issue 16 on the PostgreSQL store: hostile text in what is journaled (NUL characters, which PostgreSQL's text
// refuses; lone surrogates; deep nesting; the largest events) is kept for every event answered 200.
import test from 'ava';
import { basicAuth, getJson, postJson, startHarness } from '../../helpers/harness.js';
import { databasePerTest } from '../../helpers/postgres.js';
import { fromStoredText, toStoredText } from '../../../src/core/store/nul-safe-text.js';

// A database per test, numbered: named by the time, two tests started in the same millisecond collided.
const database = databasePerTest(test, 'hostile');

async function twoNodes(t: import('ava').ExecutionContext) {
  const store = await database();
  const open = (nodeId: string) => startHarness(t, { clock: 'fake', store, storeOptions: { nodeId } });
  return { one: await open('one'), two: await open('two') };
}

async function totalOn(url: string, query = ''): Promise<number> {
  return ((await getJson(`${url}/__harness/events${query}`)).body as { total: number }).total;
}

/** Polls until the other node holds `expected` events (replication is asynchronous), bounded in real time. */
async function waitForTotal(url: string, expected: number, query = ''): Promise<number> {
  const deadline = Date.now() + 15_000;
  let total = await totalOn(url, query);
  while (total < expected && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    total = await totalOn(url, query);
  }
  return total;
}

test('NUL characters and lone surrogates in journaled fields are kept on the store for every event answered 200', async (t) => {
  const { one, two } = await twoNodes(t);
  const nul = 'u\u0000ser';
  const batch = [
    { type: 'track', userId: nul, event: 'N\u0000UL' },
    { type: 'tr\u0000ack', userId: 'u2', event: 'unknown type, journaled rejected with its type in the reason' },
    { type: 'identify', userId: 'lone\ud800surrogate', traits: { k: '\udc00' } },
    { type: 'track', userId: 'u3', event: 'after them' },
  ];
  const sent = await postJson(`${one.url}/v1/batch`, { batch, writeKey: 'wk\u0000body' });
  t.is(sent.status, 200, JSON.stringify(sent.body));
  const plain = await postJson(
    `${one.url}/v1/track`,
    { userId: 'u4', event: 'later' },
    { authorization: basicAuth('wk_plain') },
  );
  t.is(plain.status, 200);
  t.is(await waitForTotal(two.url, 5), 5, 'the other node reads every event answered 200 from the store');
  t.is(await totalOn(one.url), 5);
  const held = (await getJson(`${two.url}/__harness/events`)).body as {
    events: { writeKey: string; reason?: string; event: { userId?: string } }[];
  };
  t.true(
    held.events.some((entry) => entry.writeKey === 'wk\u0000body' && entry.event.userId === nul),
    'the write key and the event come back from the store exactly as sent',
  );
});

test('the stored text of a value with NUL (or the marker) reads back exactly, and plain values are stored as they are', (t) => {
  for (const value of ['plain', 'a\u0000b', '\u0000', '\u0001json:"x"', '\ud800', ''])
    t.is(fromStoredText(toStoredText(value)), value, JSON.stringify(value));
  t.is(toStoredText('wk_plain'), 'wk_plain');
  t.false(toStoredText('a\u0000b').includes('\u0000'));
  t.is(toStoredText(null), null);
});

test('a run named or keyed with NUL on the store is answered clearly, never with a 5xx', async (t) => {
  const { one } = await twoNodes(t);
  const created = await postJson(`${one.url}/__harness/runs`, {
    name: 'n\u0000ame',
    config: { sources: [{ writeKey: 'wk\u0000run' }] },
  });
  t.is(created.status, 400, JSON.stringify(created.body));
  t.is(created.body.code, 'INVALID_REQUEST');
  const keyed = await postJson(`${one.url}/__harness/runs`, { config: { sources: [{ writeKey: 'wk\u0000run' }] } });
  t.is(keyed.status, 400, JSON.stringify(keyed.body));
  t.is(keyed.body.code, 'INVALID_CONFIG');
  t.regex(String(keyed.body.message), /\/sources\/0\/writeKey holds the NUL character/);
  t.is((await getJson(`${one.url}/__harness/runs`)).status, 200, 'the store and the server go on');
});
