import test from 'ava';
import { basicAuth, startHarness } from '../../helpers/harness.js';

const ORIGIN = 'http://page.test';

test('GET /v1/projects/{writeKey}/settings points analytics.js at the mock as the request reached it', async (t) => {
  const harness = await startHarness(t);
  const response = await fetch(`${harness.url}/v1/projects/wk_browser/settings`, { headers: { origin: ORIGIN } });
  t.is(response.status, 200);
  t.is(response.headers.get('access-control-allow-origin'), ORIGIN);
  const settings = (await response.json()) as {
    integrations: Record<string, Record<string, unknown>>;
    metrics: Record<string, unknown>;
    remotePlugins: unknown[];
  };
  const segment = settings.integrations['Segment.io'];
  t.is(segment?.apiKey, 'wk_browser');
  t.is(segment?.apiHost, `127.0.0.1:${harness.port}/v1`);
  t.is(segment?.protocol, 'http');
  // One integration only: analytics.js then loads no device-mode destination from a CDN.
  t.deepEqual(Object.keys(settings.integrations), ['Segment.io']);
  t.deepEqual(settings.remotePlugins, []);
  t.is(settings.metrics.sampleRate, 0, 'the SDK sends no metrics off to anywhere');
  // Reached under another host name, the answer names that host.
  const byName = await harness.inject({ url: '/v1/projects/wk_browser/settings', headers: { host: 'localhost:4010' } });
  t.is((JSON.parse(byName.payload) as typeof settings).integrations['Segment.io']?.apiHost, 'localhost:4010/v1');
});

test('settings follow the zero-config rules: with sources configured an unknown key is a 404 with CORS', async (t) => {
  const harness = await startHarness(t, { config: { sources: [{ writeKey: 'known' }] } });
  const known = await fetch(`${harness.url}/v1/projects/known/settings`);
  t.is(known.status, 200);
  t.is(known.headers.get('access-control-allow-origin'), '*');
  const unknown = await fetch(`${harness.url}/v1/projects/other/settings`, { headers: { origin: ORIGIN } });
  t.is(unknown.status, 404);
  t.is(unknown.headers.get('access-control-allow-origin'), ORIGIN);
  const body = (await unknown.json()) as { code: string; message: string };
  t.is(body.code, 'UNKNOWN_WRITE_KEY');
  t.regex(body.message, /"other".*"known"/);
  const posted = await fetch(`${harness.url}/v1/projects/known/settings`, {
    method: 'POST',
    headers: { origin: ORIGIN },
  });
  t.is(posted.status, 404);
  t.regex(((await posted.json()) as { message: string }).message, /read with GET/);
  t.is(posted.headers.get('access-control-allow-origin'), ORIGIN);
});

test('CORS on every collection and settings answer: preflights, successes, errors, faults and 404s', async (t) => {
  const harness = await startHarness(t);
  const preflight = await fetch(`${harness.url}/v1/projects/wk/settings`, {
    method: 'OPTIONS',
    headers: { origin: ORIGIN, 'access-control-request-method': 'GET' },
  });
  t.is(preflight.headers.get('access-control-allow-origin'), ORIGIN);
  t.is(preflight.headers.get('access-control-allow-methods'), 'GET, OPTIONS');
  // analytics.js sends Authorization and, on retries, X-Retry-Count: a preflight must allow them.
  const post = await fetch(`${harness.url}/v1/t`, {
    method: 'OPTIONS',
    headers: {
      origin: ORIGIN,
      'access-control-request-method': 'POST',
      'access-control-request-headers': 'authorization,content-type,x-retry-count',
    },
  });
  t.is(post.headers.get('access-control-allow-headers'), 'authorization,content-type,x-retry-count');
  const answers = {
    success: await fetch(`${harness.url}/v1/t`, {
      method: 'POST',
      headers: { origin: ORIGIN, 'content-type': 'text/plain', authorization: basicAuth('wk') },
      body: JSON.stringify({ userId: 'u', event: 'E' }),
    }),
    badJson: await fetch(`${harness.url}/v1/t`, {
      method: 'POST',
      headers: { origin: ORIGIN, authorization: basicAuth('wk') },
      body: '{',
    }),
    unknownRoute: await fetch(`${harness.url}/v1/nope`, { method: 'POST', headers: { origin: ORIGIN } }),
    deepPath: await fetch(`${harness.url}/v1/a/b/c`, { headers: { origin: ORIGIN } }),
  };
  harness.faults.add({ status: 429, retryAfter: 7 });
  const limited = await fetch(`${harness.url}/v1/t`, {
    method: 'POST',
    headers: { origin: ORIGIN, authorization: basicAuth('wk') },
    body: JSON.stringify({ userId: 'u', event: 'E' }),
  });
  t.deepEqual(
    Object.fromEntries(
      Object.entries({ ...answers, limited }).map(([name, r]) => [
        name,
        [r.status, r.headers.get('access-control-allow-origin')],
      ]),
    ),
    {
      success: [200, ORIGIN],
      badJson: [400, ORIGIN],
      unknownRoute: [404, ORIGIN],
      deepPath: [404, ORIGIN],
      limited: [429, ORIGIN],
    },
  );
  // A page can read Retry-After and X-RateLimit-Reset on a 429 only when they are exposed.
  t.regex(limited.headers.get('access-control-expose-headers') ?? '', /retry-after.*x-ratelimit-reset/);
  t.deepEqual(((await answers.deepPath.json()) as { code: string }).code, 'NOT_FOUND');
  // Even an answer Hapi gives before the handler runs (a body over its 8 MiB raw guard) carries CORS.
  const huge = await fetch(`${harness.url}/v1/batch`, {
    method: 'POST',
    headers: { origin: ORIGIN, authorization: basicAuth('wk') },
    body: 'x'.repeat(9 * 1024 * 1024),
  });
  t.deepEqual([huge.status, huge.headers.get('access-control-allow-origin')], [400, ORIGIN]);
});
