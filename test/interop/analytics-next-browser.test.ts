// The browser SDK, @segment/analytics-next, unchanged from npm, in real Chromium against a real `serve` child
// process: it loads its settings from the mock, sends page / anonymous track / identify / track, and the mock
// journals and delivers them, signed, to a loopback receiver. Nothing leaves loopback: the SDK's UMD build is
// served from node_modules by a static server (the page's own origin, another port than the mock's).
import test, { type ExecutionContext } from 'ava';
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { signPayload } from '../../src/domain/signing/sign-payload.js';
import { launchChromium } from '../helpers/browser.js';
import { until } from '../helpers/until.js';
import { startReceiver } from '../helpers/receiver.js';
import { startServe } from '../helpers/spawn-cli.js';

const require = createRequire(import.meta.url);
// The package's UMD build (window.AnalyticsNext) and the chunks it may load from `${cdn}/analytics-next/bundles/`.
const UMD_DIR = path.join(path.dirname(require.resolve('@segment/analytics-next/package.json')), 'dist/umd');
const WRITE_KEY = 'wk_browser';
const SECRET = 'browser-secret';

/** A static server on loopback for the page and the SDK's files; closed when the test ends. */
async function startPageServer(t: ExecutionContext): Promise<string> {
  const page = `<!doctype html><html><head><meta charset="utf-8"><title>shop</title>
<script>window.analytics = { _cdn: location.origin };</script>
<script src="/analytics-next/bundles/index.js"></script></head><body><h1>Shop</h1></body></html>`;
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://page.invalid');
    if (url.pathname === '/' || url.pathname === '/pricing') {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(page);
      return;
    }
    const file = url.pathname.startsWith('/analytics-next/bundles/') ? path.basename(url.pathname) : undefined;
    if (file === undefined || !/^[\w.-]+\.js$/.test(file)) {
      res.writeHead(404).end();
      return;
    }
    readFile(path.join(UMD_DIR, file)).then(
      (bytes) => res.writeHead(200, { 'content-type': 'text/javascript' }).end(bytes),
      () => res.writeHead(404).end(),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  t.teardown(() => new Promise<void>((resolve) => server.close(() => resolve())));
  server.unref();
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

interface JournalEntry {
  readonly status: string;
  readonly reason?: string;
  readonly event: Record<string, unknown>;
}

/**
 * Runs the four calls in the page and checks journal, deliveries and requests; `batching` uses /v1/b. `onRun`: the
 * source is a run's on a serve started without config (a shared server), and every check reads that run.
 */
async function runScenario(t: ExecutionContext, batching: boolean, onRun = false): Promise<void> {
  const receiver = await startReceiver(t);
  const dir = await mkdtemp(path.join(os.tmpdir(), 'eh-browser-'));
  const config = {
    sources: [
      {
        writeKey: WRITE_KEY,
        name: 'Shop',
        destinations: { Webhooks: { sharedSecret: SECRET, webhooks: [{ url: receiver.url }] } },
      },
    ],
  };
  await writeFile(path.join(dir, 'harness.json'), JSON.stringify(config));
  const serve = await startServe(t, onRun ? [] : ['--config', 'harness.json'], { cwd: dir });
  let admin = `${serve.url}/__harness`;
  if (onRun) {
    const created = await fetch(`${serve.url}/__harness/runs`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ clock: 'fake', config }),
    });
    t.is(created.status, 201);
    admin = `${serve.url}/__harness/runs/${((await created.json()) as { id: string }).id}`;
  }
  const pageOrigin = await startPageServer(t);

  const browser = await launchChromium(t);
  const context = await browser.newContext();
  t.teardown(() => context.close());
  // tsx's keepNames wraps functions in __name(); the page needs it defined for page.evaluate.
  await context.addInitScript('globalThis.__name = (fn) => fn;');
  const page = await context.newPage();
  const offLoopback: string[] = [];
  const pageErrors: string[] = [];
  page.on('request', (request) => {
    const { origin } = new URL(request.url());
    if (origin !== pageOrigin && origin !== serve.url) offLoopback.push(request.url());
  });
  page.on('pageerror', (error) => pageErrors.push(error.message));
  await page.goto(`${pageOrigin}/pricing`);

  const anonymousId = await page.evaluate(
    async ({ writeKey, cdnURL, batching }) => {
      const { AnalyticsBrowser } = (
        window as unknown as {
          AnalyticsNext: {
            AnalyticsBrowser: {
              load(
                settings: object,
                options?: object,
              ): PromiseLike<
                [
                  Record<string, (...args: unknown[]) => Promise<unknown>> & { user(): { anonymousId(): string } },
                  unknown,
                ]
              >;
            };
          };
        }
      ).AnalyticsNext;
      const options = batching
        ? {
            integrations: {
              'Segment.io': { deliveryStrategy: { strategy: 'batching', config: { size: 4, timeout: 60_000 } } },
            },
          }
        : {};
      const [analytics] = await AnalyticsBrowser.load({ writeKey, cdnURL }, options);
      await analytics.page?.();
      await analytics.track?.('Pricing Viewed', { plan: 'pro' });
      await analytics.identify?.('user-42', { email: 'ada@example.com' });
      await analytics.track?.('Signed In', { method: 'password' });
      return analytics.user().anonymousId();
    },
    { writeKey: WRITE_KEY, cdnURL: serve.url, batching },
  );
  t.regex(anonymousId, /^[0-9a-f-]{36}$/);

  const events = await until(async () => {
    const body = (await (await fetch(`${admin}/events?writeKey=${WRITE_KEY}&limit=10`)).json()) as {
      total: number;
      events: JournalEntry[];
    };
    return body.total >= 4 ? body.events : undefined;
  }, 'the four calls to reach the journal');
  t.deepEqual(
    events.map((e) => [e.status, e.reason]),
    [
      ['accepted', undefined],
      ['accepted', undefined],
      ['accepted', undefined],
      ['accepted', undefined],
    ],
  );
  t.deepEqual(
    events.map((e) => e.event.type),
    ['page', 'track', 'identify', 'track'],
  );
  t.deepEqual(
    events.map((e) => e.event.anonymousId),
    [anonymousId, anonymousId, anonymousId, anonymousId],
  );
  // analytics.js sends userId: null while the user is anonymous: it counts as absent.
  t.deepEqual(
    events.map((e) => e.event.userId),
    [undefined, undefined, 'user-42', 'user-42'],
  );
  t.deepEqual([events[1]?.event.event, events[3]?.event.event], ['Pricing Viewed', 'Signed In']);
  t.is((events[0]!.event.properties as { path?: string }).path, '/pricing');
  t.is((events[2]!.event.traits as { email?: string }).email, 'ada@example.com');
  t.is((events[0]!.event.context as { library?: { name?: string } }).library?.name, 'analytics.js');
  // The service fills in the client's IP for client-side events; here it is loopback.
  t.deepEqual(
    events.map((e) => (e.event.context as { ip?: string }).ip),
    ['127.0.0.1', '127.0.0.1', '127.0.0.1', '127.0.0.1'],
  );

  const log = (await (await fetch(`${admin}/requests?limit=40`)).json()) as {
    requests: { method: string; path: string; status?: number }[];
  };
  const requests = log.requests.reverse();
  const posts = requests.filter((r) => r.method === 'POST');
  t.deepEqual(
    posts.map((r) => r.path),
    batching ? ['/v1/b'] : ['/v1/p', '/v1/t', '/v1/i', '/v1/t'],
    'the routes analytics.js posted to',
  );
  t.true(
    requests.every((r) => r.status === 200),
    JSON.stringify(requests),
  );
  t.deepEqual(
    requests.filter((r) => r.method === 'GET').map((r) => r.path),
    [`/v1/projects/${WRITE_KEY}/settings`],
    'settings were loaded from the mock',
  );
  // analytics.js sends Authorization, so each cross-origin POST needs a preflight, which the mock answers. A
  // preflight carries no write key: on a shared server it is the default run's request.
  if (!onRun) t.true(requests.some((r) => r.method === 'OPTIONS'));
  else {
    const defaultLog = (await (await fetch(`${serve.url}/__harness/requests?limit=40`)).json()) as {
      requests: { method: string }[];
    };
    t.true(defaultLog.requests.length > 0);
    t.true(
      defaultLog.requests.every((r) => r.method === 'OPTIONS'),
      'the run took every request that named its key',
    );
    t.is(((await (await fetch(`${serve.url}/__harness/events`)).json()) as { total: number }).total, 0);
  }

  await until(async () => (receiver.requests.length >= 4 ? true : undefined), 'four signed deliveries at the receiver');
  const delivered = receiver.requests.map((r) => JSON.parse(r.body) as Record<string, unknown>);
  t.deepEqual(delivered.map((d) => d.messageId).sort(), events.map((e) => e.event.messageId).sort());
  // As the real service forwards a browser's events.
  t.deepEqual(
    delivered.map((d) => [d.version, d.channel]),
    [
      [1, 'browser'],
      [1, 'browser'],
      [1, 'browser'],
      [1, 'browser'],
    ],
  );
  for (const request of receiver.requests) t.is(request.headers['x-signature'], signPayload(SECRET, request.body));
  t.deepEqual(offLoopback, [], 'the page made no request off loopback');
  t.deepEqual(pageErrors, []);
}

test('analytics-next in Chromium: page, anonymous track, identify, track are accepted with the right ids and delivered signed', async (t) => {
  await runScenario(t, false);
});

test('analytics-next in Chromium, batching mode: the four calls arrive in one /v1/b request and are delivered signed', async (t) => {
  await runScenario(t, true);
});

test("analytics-next in Chromium on a run's write key (a shared serve): settings, calls and deliveries are the run's", async (t) => {
  await runScenario(t, false, true);
});
