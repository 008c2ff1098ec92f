// What the vendors' e2e CLIs send (read from their sources; docs/client-suite.md, "Run your SDK's own e2e CLI"), over
// real HTTP to a harness: each request is answered 200 with a JSON object (Ruby's and PHP's SDKs need exactly that)
// and every event is journaled accepted.
import test from 'ava';
import { gzipSync } from 'node:zlib';
import { createHarness } from '../../src/index.js';

const basic = (writeKey: string) => `Basic ${Buffer.from(`${writeKey}:`).toString('base64')}`;

test("what Java's, Kotlin's, Python's and PHP's e2e CLIs send is accepted: 200, a JSON object, every event journaled", async (t) => {
  const harness = await createHarness({ clock: 'system' });
  t.teardown(() => harness.stop());
  const sends: [string, string, RequestInit][] = [
    // analytics-java: apiHost + "/v1/import/", a trailing slash, the key by Basic auth only.
    [
      'java',
      '/v1/import/',
      {
        headers: { 'content-type': 'application/json', authorization: basic('wk-java') },
        body: JSON.stringify({ batch: [{ type: 'track', userId: 'java', event: 'E', messageId: 'java-1' }] }),
      },
    ],
    // analytics-kotlin: gzip under text/plain, the key in the body only.
    [
      'kotlin',
      '/v1/b',
      {
        headers: { 'content-type': 'text/plain', 'content-encoding': 'gzip' },
        body: gzipSync(
          JSON.stringify({ writeKey: 'wk-kotlin', batch: [{ type: 'screen', anonymousId: 'kotlin', name: 'S' }] }),
        ),
      },
    ],
    // analytics-python's CLI: the other identity as "", page name and category null, the key in Basic and the body.
    [
      'python',
      '/v1/batch',
      {
        headers: { 'content-type': 'application/json', authorization: basic('wk-python') },
        body: JSON.stringify({
          writeKey: 'wk-python',
          batch: [
            { type: 'page', userId: 'python', anonymousId: '', name: null, category: null, properties: {} },
            { type: 'identify', userId: '', anonymousId: 'python-anon', traits: {} },
          ],
        }),
      },
    ],
    // analytics-php: {} decoded as [], so "integrations": [] and "context": [].
    [
      'php',
      '/v1/batch',
      {
        headers: { 'content-type': 'application/json', authorization: basic('wk-php') },
        body: JSON.stringify({ batch: [{ type: 'track', userId: 'php', event: 'E', integrations: [], context: [] }] }),
      },
    ],
  ];
  for (const [who, path, init] of sends) {
    const response = await fetch(`${harness.url}${path}`, { method: 'POST', ...init });
    t.is(response.status, 200, who);
    const body = (await response.json()) as unknown;
    t.true(body !== null && typeof body === 'object' && !Array.isArray(body), `${who}: the answer is a JSON object`);
  }
  const entries = harness.journal.query({}).events;
  t.deepEqual(
    entries.map((entry) => [entry.writeKey, entry.status, entry.reason ?? '']),
    [
      ['wk-java', 'accepted', ''],
      ['wk-kotlin', 'accepted', ''],
      ['wk-python', 'accepted', ''],
      ['wk-python', 'accepted', ''],
      ['wk-php', 'accepted', ''],
    ],
  );
});
