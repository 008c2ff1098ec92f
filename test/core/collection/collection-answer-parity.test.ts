// One table of requests run against both adapters over the same core code: the Hapi server over real HTTP
// and the msw handlers through a real fetch under setupServer. Each request must get the same status, the
// headers that matter, the same body and the same request-log record from both.
import test, { type ExecutionContext } from 'ava';
import { gzipSync } from 'node:zlib';
import { setupServer } from 'msw/node';
import { createHarness } from '../../../src/harness/create-harness.js';
import { createCollectionHandlers } from '../../../src/msw/index.js';
import { createServiceCore, type ServiceCoreOptions } from '../../../src/core/service-core.js';
import type { CollectionRequestRecord } from '../../../src/core/collection/request-log.js';
import type { WebhookTransport } from '../../../src/domain/delivery/http-transport.js';
import type { HarnessConfig } from '../../../src/contract/generated/wire-types.js';

// Plain http like the Hapi server's URL, so the settings' protocol compares alike.
const MSW_BASE = 'http://api.collect.test';
const ORIGIN = 'https://shop.example.test';
const basic = (key: string) => `Basic ${Buffer.from(`${key}:`).toString('base64')}`;
const json = { 'content-type': 'application/json' };

/** Headers whose values a client or a browser acts on. */
const COMPARED_HEADERS = [
  'content-type',
  'access-control-allow-origin',
  'access-control-expose-headers',
  'access-control-allow-methods',
  'access-control-allow-headers',
  'access-control-max-age',
  'retry-after',
  'x-ratelimit-reset',
];

interface Row {
  readonly name: string;
  readonly method: string;
  readonly path: string;
  readonly headers?: Record<string, string>;
  readonly body?: string | Uint8Array<ArrayBuffer>;
  /** The status both must answer, or a dropped connection. */
  readonly expect: number | 'network error';
  /** Run before the request on the adapter's core (faults, say). */
  readonly before?: (core: ReturnType<typeof createServiceCore>) => void;
}

type Outcome =
  | {
      kind: 'answer';
      status: number;
      headers: Record<string, string | null>;
      body: unknown;
      vary: string[];
      log: Omit<CollectionRequestRecord, 'seq' | 'at' | 'realAt' | 'durationMs'> | undefined;
    }
  | { kind: 'network error'; log: unknown };

// msw patches the process's fetch: one server, handlers swapped per scenario; requests to the Hapi server pass through.
const msw = setupServer();
msw.listen({ onUnhandledRequest: 'bypass' });
test.after.always(() => msw.close());

function lastLog(core: ReturnType<typeof createServiceCore>) {
  const record = core.requests.newest(1)[0];
  if (record === undefined) return undefined;
  const { seq: _seq, at: _at, realAt: _realAt, durationMs: _durationMs, ...rest } = record;
  return rest;
}

async function run(base: string, core: ReturnType<typeof createServiceCore>, row: Row, host: string): Promise<Outcome> {
  row.before?.(core);
  let response: Response;
  try {
    response = await fetch(`${base}${row.path}`, {
      method: row.method,
      headers: row.headers ?? {},
      ...(row.body !== undefined ? { body: row.body } : {}),
    });
  } catch {
    return { kind: 'network error', log: lastLog(core) };
  }
  const text = await response.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text.replaceAll(host, 'HOST'));
  } catch {
    // Not JSON: compared as text.
  }
  const headers = Object.fromEntries(COMPARED_HEADERS.map((name) => [name, response.headers.get(name)]));
  // Hapi adds accept-encoding to Vary on compressible answers; the CORS part must be the same.
  const vary = (response.headers.get('vary') ?? '')
    .split(',')
    .map((v) => v.trim().toLowerCase())
    .filter((v) => v !== '' && v !== 'accept-encoding');
  return { kind: 'answer', status: response.status, headers, body, vary, log: lastLog(core) };
}

async function compare(
  t: ExecutionContext,
  options: ServiceCoreOptions & { config?: HarnessConfig },
  rows: readonly Row[],
) {
  const harness = await createHarness({ clock: 'fake', ...options });
  t.teardown(() => harness.stop());
  const mocked = createCollectionHandlers({
    baseUrl: MSW_BASE,
    core: createServiceCore({ clock: 'fake', ...options }),
  });
  msw.resetHandlers(...mocked.handlers);
  t.teardown(() => mocked.core.dispatcher.close());
  for (const row of rows) {
    const viaHapi = await run(harness.url, harness.core, row, new URL(harness.url).host);
    const viaMsw = await run(MSW_BASE, mocked.core, row, new URL(MSW_BASE).host);
    t.is(viaHapi.kind === 'answer' ? viaHapi.status : viaHapi.kind, row.expect, `${row.name}: what the server answers`);
    t.deepEqual(viaMsw, viaHapi, `${row.name}: ${row.method} ${row.path}`);
  }
  return { harness, mocked };
}

const track = JSON.stringify({ userId: 'u1', event: 'Signed Up', messageId: 'm-1' });
const batchOf = (n: number) =>
  JSON.stringify({ batch: Array.from({ length: n }, (_, i) => ({ type: 'track', userId: `u${i}`, event: 'E' })) });

test.serial('the lenient service: successes, refusals, 404s, CORS and preflights answer alike', async (t) => {
  const { harness, mocked } = await compare(t, {}, [
    {
      name: 'server SDK success',
      expect: 200,
      method: 'POST',
      path: '/v1/track',
      headers: { ...json, authorization: basic('wk') },
      body: track,
    },
    {
      name: 'browser success with Origin',
      expect: 200,
      method: 'POST',
      path: '/v1/t',
      headers: { 'content-type': 'text/plain', origin: ORIGIN, authorization: basic('wk') },
      body: JSON.stringify({ userId: 'u2', event: 'E' }),
    },
    {
      name: 'batch',
      expect: 200,
      method: 'POST',
      path: '/v1/batch',
      headers: { ...json, authorization: basic('wk') },
      body: JSON.stringify({
        batch: [
          { type: 'identify', userId: 'u3' },
          { type: 'track', event: 'no user' },
        ],
      }),
    },
    {
      name: 'gzip body',
      expect: 200,
      method: 'POST',
      path: '/v1/b',
      headers: { ...json, 'content-encoding': 'gzip', authorization: basic('wk') },
      body: new Uint8Array(gzipSync(JSON.stringify({ batch: [{ type: 'track', userId: 'u4', event: 'Zipped' }] }))),
    },
    {
      name: 'no write key (400 in every mode)',
      expect: 400,
      method: 'POST',
      path: '/v1/identify',
      headers: json,
      body: JSON.stringify({ userId: 'u5' }),
    },
    {
      name: 'bad JSON',
      expect: 400,
      method: 'POST',
      path: '/v1/track',
      headers: { ...json, origin: ORIGIN, authorization: basic('wk') },
      body: '{',
    },
    {
      name: 'not an object',
      expect: 400,
      method: 'POST',
      path: '/v1/track',
      headers: { ...json, authorization: basic('wk') },
      body: '[1]',
    },
    {
      name: 'over 500 KiB',
      expect: 400,
      method: 'POST',
      path: '/v1/batch',
      headers: { ...json, authorization: basic('wk') },
      body: JSON.stringify({ batch: [{ type: 'track', userId: 'u', event: 'x'.repeat(520_000) }] }),
    },
    {
      name: 'event over 32 KiB',
      expect: 400,
      method: 'POST',
      path: '/v1/track',
      headers: { ...json, authorization: basic('wk') },
      body: JSON.stringify({ userId: 'u', event: 'E', properties: { p: 'x'.repeat(33_000) } }),
    },
    {
      name: 'unknown route',
      expect: 404,
      method: 'POST',
      path: '/v1/nope',
      headers: { ...json, origin: ORIGIN },
      body: '{}',
    },
    { name: 'GET on a POST route', expect: 404, method: 'GET', path: '/v1/track', headers: { origin: ORIGIN } },
    { name: 'deeper path', expect: 404, method: 'GET', path: '/v1/a/b/c', headers: { origin: ORIGIN } },
    {
      name: 'preflight of a route',
      expect: 200,
      method: 'OPTIONS',
      path: '/v1/t',
      headers: {
        origin: ORIGIN,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization,content-type,x-retry-count',
      },
    },
    {
      name: 'preflight without asked headers',
      expect: 200,
      method: 'OPTIONS',
      path: '/v1/batch',
      headers: { origin: ORIGIN, 'access-control-request-method': 'POST' },
    },
    {
      name: 'preflight of a deeper path',
      expect: 200,
      method: 'OPTIONS',
      path: '/v1/a/b',
      headers: { origin: ORIGIN },
    },
    {
      name: 'settings',
      expect: 200,
      method: 'GET',
      path: '/v1/projects/browser-key/settings',
      headers: { origin: ORIGIN },
    },
    {
      name: 'settings preflight',
      expect: 200,
      method: 'OPTIONS',
      path: '/v1/projects/browser-key/settings',
      headers: { origin: ORIGIN, 'access-control-request-method': 'GET' },
    },
    {
      name: 'settings with POST',
      expect: 404,
      method: 'POST',
      path: '/v1/projects/browser-key/settings',
      headers: { origin: ORIGIN },
    },
  ]);
  t.deepEqual(
    mocked.core.journal.counts(),
    harness.core.journal.counts(),
    'the same events journaled, with the same statuses',
  );
  t.is(mocked.core.requests.total, harness.core.requests.total, 'every request logged by both');
});

test.serial(
  'faults answer alike: a status, a 429 with Retry-After, a dropped connection; the log marks them injected',
  async (t) => {
    const send = {
      method: 'POST',
      path: '/v1/track',
      headers: { ...json, origin: ORIGIN, authorization: basic('wk') },
      body: track,
    };
    await compare(t, {}, [
      { name: '503 fault', expect: 503, ...send, before: (core) => core.faults.add({ count: 1, status: 503 }) },
      {
        name: '429 fault with Retry-After',
        expect: 429,
        ...send,
        before: (core) => core.faults.add({ count: 1, retryAfter: 4 }),
      },
      {
        name: 'reset fault',
        expect: 'network error',
        ...send,
        before: (core) => core.faults.add({ count: 1, reset: true }),
      },
      {
        name: 'a fault only for batch leaves track alone',
        expect: 200,
        ...send,
        before: (core) => core.faults.add({ count: 1, status: 500, routes: ['batch'] }),
      },
      { name: 'the batch fault', expect: 500, ...send, path: '/v1/batch', body: JSON.stringify({ batch: [] }) },
      {
        name: 'an unknown route takes no fault',
        expect: 404,
        ...send,
        path: '/v1/nope',
        before: (core) => core.faults.add({ count: 1, status: 502 }),
      },
      { name: 'the fault is still there for a real route', expect: 502, ...send },
    ]);
  },
);

test.serial('strict answers, the rate limit and the delivery backlog 429 answer alike', async (t) => {
  await compare(t, { strict: true, config: { sources: [{ writeKey: 'known' }] } }, [
    {
      name: 'strict: unknown key',
      expect: 401,
      method: 'POST',
      path: '/v1/track',
      headers: { ...json, authorization: basic('other') },
      body: track,
    },
    { name: 'strict: no key', expect: 400, method: 'POST', path: '/v1/track', headers: json, body: track },
    {
      name: 'strict: invalid event lists violations',
      expect: 400,
      method: 'POST',
      path: '/v1/track',
      headers: { ...json, authorization: basic('known') },
      body: JSON.stringify({ event: 'No User' }),
    },
    {
      name: 'strict: media type',
      expect: 415,
      method: 'POST',
      path: '/v1/track',
      headers: { 'content-type': 'application/xml', authorization: basic('known') },
      body: track,
    },
    { name: 'strict: settings of an unknown key', expect: 404, method: 'GET', path: '/v1/projects/other/settings' },
    {
      name: 'strict: 2,501 events',
      expect: 400,
      method: 'POST',
      path: '/v1/batch',
      headers: { ...json, authorization: basic('known') },
      body: batchOf(2_501),
    },
  ]);
  // The real service's answers where the rules are silent (docs/decisions.md, "Fidelity"), sources configured.
  const lenient = await compare(t, { config: { sources: [{ writeKey: 'known' }] } }, [
    {
      name: 'an unknown key: 200, journaled rejected',
      expect: 200,
      method: 'POST',
      path: '/v1/track',
      headers: { ...json, authorization: basic('other'), origin: ORIGIN },
      body: track,
    },
    {
      name: '2,501 events: 200, all rejected',
      expect: 200,
      method: 'POST',
      path: '/v1/batch',
      headers: { ...json, authorization: basic('known') },
      body: batchOf(2_501),
    },
    {
      name: 'a gzip JSON body as application/x-www-form-urlencoded (rudder-sdk-node)',
      expect: 200,
      method: 'POST',
      path: '/v1/batch',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'content-encoding': 'gzip',
        authorization: basic('known'),
      },
      body: new Uint8Array(gzipSync(JSON.stringify({ batch: [{ type: 'track', userId: 7, event: 'Zipped' }] }))),
    },
  ]);
  const counts = lenient.harness.journal.counts();
  t.deepEqual(lenient.mocked.core.journal.counts(), counts);
  t.like(counts, { accepted: 1, rejected: 2_502 });
  await compare(t, { config: { rateLimit: { requestsPerSecond: 1 } } }, [
    {
      name: 'within the rate limit',
      expect: 200,
      method: 'POST',
      path: '/v1/track',
      headers: { ...json, authorization: basic('wk') },
      body: track,
    },
    {
      name: 'over the rate limit',
      expect: 429,
      method: 'POST',
      path: '/v1/track',
      headers: { ...json, origin: ORIGIN, authorization: basic('wk') },
      body: track,
    },
  ]);
  // A receiver that never answers keeps the one delivery pending: the backlog (capacity 1) is full.
  const hanging: WebhookTransport = () => new Promise(() => undefined);
  const config: HarnessConfig = {
    sources: [
      { writeKey: 'wk', destinations: { Webhooks: { webhooks: [{ url: 'http://in-process.invalid/hook' }] } } },
    ],
    delivery: { capacity: 1 },
  };
  await compare(t, { config, transport: hanging }, [
    {
      name: 'fills the backlog',
      expect: 200,
      method: 'POST',
      path: '/v1/track',
      headers: { ...json, authorization: basic('wk') },
      body: track,
    },
    {
      name: 'backlog full',
      expect: 429,
      method: 'POST',
      path: '/v1/track',
      headers: { ...json, origin: ORIGIN, authorization: basic('wk') },
      body: track,
    },
  ]);
});

test.serial('the table can fail: a core that answers differently is told apart', async (t) => {
  // The same comparison as above between two adapters whose cores differ (strict vs lenient) must find a difference.
  const lenient = await createHarness({ clock: 'fake' });
  t.teardown(() => lenient.stop());
  const strict = createCollectionHandlers({
    baseUrl: MSW_BASE,
    core: createServiceCore({ clock: 'fake', strict: true }),
  });
  msw.resetHandlers(...strict.handlers);
  const row: Row = {
    name: 'an event without its name',
    expect: 200,
    method: 'POST',
    path: '/v1/track',
    headers: { ...json, authorization: basic('wk') },
    body: JSON.stringify({ userId: 'u' }),
  };
  const a = await run(lenient.url, lenient.core, row, new URL(lenient.url).host);
  const b = await run(MSW_BASE, strict.core, row, new URL(MSW_BASE).host);
  t.notDeepEqual(a, b);
  t.like(b, { kind: 'answer', status: 400 });
});

test.serial(
  'request-log subscribers get the same from both adapters: the body as sent and the refusal message',
  async (t) => {
    const harness = await createHarness({ clock: 'fake' });
    t.teardown(() => harness.stop());
    const mocked = createCollectionHandlers({ baseUrl: MSW_BASE, core: createServiceCore({ clock: 'fake' }) });
    msw.resetHandlers(...mocked.handlers);
    const seen: Record<string, { status: number | undefined; body: string; message: string | undefined }[]> = {
      hapi: [],
      msw: [],
    };
    for (const [name, core] of [
      ['hapi', harness.core],
      ['msw', mocked.core],
    ] as const) {
      core.requests.subscribe((_record, served) =>
        seen[name]?.push({
          status: served.status,
          body: Buffer.from(served.body ?? '').toString('utf8'),
          message: served.message,
        }),
      );
    }
    for (const base of [harness.url, MSW_BASE]) {
      await fetch(`${base}/v1/track`, {
        method: 'POST',
        headers: { ...json, authorization: basic('wk') },
        body: track,
      });
      await fetch(`${base}/v1/track`, {
        method: 'POST',
        headers: { ...json, authorization: basic('wk') },
        body: '{"userId":',
      });
    }
    t.deepEqual(seen.msw, seen.hapi);
    t.is(seen.hapi?.[0]?.body, track);
    t.is(seen.hapi?.[0]?.message, undefined);
    t.is(seen.hapi?.[1]?.status, 400);
    t.regex(seen.hapi?.[1]?.message ?? '', /not valid JSON/);
  },
);
