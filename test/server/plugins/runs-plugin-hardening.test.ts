// Issue 16's rules on the runs surface, checked from outside: a run's config is hostile input like any other.
import test from 'ava';
import { getJson, postJson, startHarness } from '../../helpers/harness.js';

test('a run config whose delivery knobs are out of range is refused naming each, and the server goes on', async (t) => {
  const harness = await startHarness(t);
  // With retryWindowMs 1e308 and timeoutMs 1e300 and a refused receiver, one advance of the run's fake clock
  // towards year 9999 left the whole shared server at 100% CPU with its memory past 1 GB, answering nothing.
  const created = await postJson(`${harness.url}/__harness/runs`, {
    clock: 'fake',
    config: {
      sources: [{ writeKey: 'wk_knobs', destinations: { Webhooks: { webhooks: [{ url: 'http://127.0.0.1:9/h' }] } } }],
      delivery: { retryWindowMs: 1e308, timeoutMs: 1e300, concurrency: 1e15, capacity: 1e12 },
      journal: { capacity: 1e12, maxBytes: 1e15 },
    },
  });
  t.is(created.status, 400);
  t.is(created.body.code, 'INVALID_CONFIG');
  for (const pointer of [
    '/delivery/retryWindowMs must be <= 604800000',
    '/delivery/timeoutMs must be <= 3600000',
    '/delivery/concurrency must be <= 1024',
    '/delivery/capacity must be <= 1000000',
    '/journal/capacity must be <= 1000000',
    '/journal/maxBytes must be <= 4294967296',
  ])
    t.true(String(created.body.message).includes(pointer), pointer);
  t.deepEqual(((await getJson(`${harness.url}/__harness/runs`)).body.runs as unknown[]).length, 1);
  t.is((await getJson(`${harness.url}/__harness/health`)).status, 200);
});

test('a run config refused for a secret of the wrong type or too many headers quotes no secret', async (t) => {
  const harness = await startHarness(t);
  const refused = await postJson(`${harness.url}/__harness/runs`, {
    config: {
      sources: [
        {
          writeKey: 'wk_leak',
          destinations: {
            Webhooks: {
              sharedSecret: 73519864,
              webhooks: [{ url: 'https://h.test/', headers: { A: 'hdr-VALUE-1', B: 2, C: 3, D: 4, E: 5, F: 6 } }],
            },
          },
        },
      ],
    },
  });
  t.is(refused.status, 400);
  const text = JSON.stringify(refused.body);
  t.regex(text, /sharedSecret/);
  t.false(text.includes('73519864'), text);
  t.false(text.includes('hdr-VALUE-1'), text);
});
