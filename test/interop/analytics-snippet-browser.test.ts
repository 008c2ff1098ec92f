// The snippet install, as the vendor documents it as the default: a page holding the standard snippet (rendered by
// the vendor's own npm package @segment/snippet), its CDN host changed to the mock, loads analytics.js from the mock
// (`/analytics.js/v1/{writeKey}/analytics.min.js`, served from the installed @segment/analytics-next), then its
// settings and chunks from the mock, and sends page and track there: both land in the journal and are delivered. And
// the settings' httpConfig, set through the admin API, changes what that analytics.js does on a 503. Real headless
// Chromium against a real `serve` child process; nothing leaves loopback.
import test, { type ExecutionContext } from 'ava';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import type { Browser, Page } from 'playwright-core';
import { launchChromium } from '../helpers/browser.js';
import { until } from '../helpers/until.js';
import { startReceiver } from '../helpers/receiver.js';
import { startServe, type ServeProcess } from '../helpers/spawn-cli.js';

const require = createRequire(import.meta.url);
const snippet = require('@segment/snippet') as { min(options: Record<string, unknown>): string };

interface JournalEntry {
  readonly status: string;
  readonly event: Record<string, unknown>;
}
interface LoggedRequest {
  readonly method: string;
  readonly path: string;
  readonly status?: number;
}

/** The standard snippet for `writeKey`, its CDN host changed to the mock, then the page's own calls. */
function snippetPage(mockUrl: string, writeKey: string, calls: string): string {
  const standard = snippet.min({ apiKey: writeKey, page: false });
  if (!standard.includes('https://cdn.segment.com')) throw new Error('the snippet no longer names the CDN host');
  const pointed = standard.replace('https://cdn.segment.com', mockUrl);
  return `<!doctype html><html><head><meta charset="utf-8"><title>snippet shop</title>
<script>${pointed}
${calls}</script></head><body><h1>Shop</h1></body></html>`;
}

/** A static server on loopback for the pages (another origin than the mock's); closed when the test ends. */
async function startPageServer(t: ExecutionContext, pages: Record<string, string>): Promise<string> {
  const server: Server = createServer((req, res) => {
    const page = pages[new URL(req.url ?? '/', 'http://page.invalid').pathname];
    if (page === undefined) res.writeHead(404).end();
    else res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(page);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  t.teardown(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

async function startMock(t: ExecutionContext, receiverUrl: string): Promise<ServeProcess> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'eh-snippet-'));
  const webhooks = { Webhooks: { webhooks: [{ url: receiverUrl }] } };
  const config = {
    sources: [
      { writeKey: 'wk_snippet', destinations: webhooks },
      { writeKey: 'wk_http', destinations: webhooks },
    ],
  };
  await writeFile(path.join(dir, 'harness.json'), JSON.stringify(config));
  return startServe(t, ['--config', 'harness.json'], { cwd: dir });
}

/** A fresh page (its own storage: no retry queue left from another page) that records what leaves loopback. */
async function openPage(t: ExecutionContext, browser: Browser, allowed: readonly string[]) {
  const context = await browser.newContext();
  t.teardown(() => context.close());
  await context.addInitScript('globalThis.__name = (fn) => fn;');
  const page = await context.newPage();
  const offLoopback: string[] = [];
  const pageErrors: string[] = [];
  const scripts: string[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') scripts.push(`${response.status()} ${response.url()}`);
  });
  page.on('request', (request) => {
    if (!allowed.includes(new URL(request.url()).origin)) offLoopback.push(request.url());
  });
  page.on('pageerror', (error) => pageErrors.push(error.message));
  return { page, offLoopback, pageErrors, scripts };
}

async function journal(mock: ServeProcess, writeKey: string): Promise<JournalEntry[]> {
  const body = (await (await fetch(`${mock.url}/__harness/events?writeKey=${writeKey}&limit=20`)).json()) as {
    events: JournalEntry[];
  };
  return body.events;
}

async function requestLog(mock: ServeProcess): Promise<LoggedRequest[]> {
  const body = (await (await fetch(`${mock.url}/__harness/requests?limit=100`)).json()) as {
    requests: LoggedRequest[];
  };
  return body.requests.reverse();
}

test('a page with the standard snippet, its host changed to the mock, loads analytics.js from it and sends page and track that land in the journal', async (t) => {
  const receiver = await startReceiver(t);
  const mock = await startMock(t, receiver.url);
  const pageOrigin = await startPageServer(t, {
    '/': snippetPage(
      mock.url,
      'wk_snippet',
      'analytics.page(); analytics.track("Snippet Loaded", { via: "snippet" });',
    ),
  });
  const browser = await launchChromium(t);
  const { page, offLoopback, pageErrors, scripts } = await openPage(t, browser, [pageOrigin, mock.url]);
  await page.goto(`${pageOrigin}/`);

  const events = await until(async () => {
    const held = await journal(mock, 'wk_snippet');
    return held.length >= 2 ? held : undefined;
  }, 'page and track in the journal');
  // The two calls go out side by side: in either order.
  const byType = [...events].sort((a, b) => String(a.event.type).localeCompare(String(b.event.type)));
  t.deepEqual(
    byType.map((e) => [e.status, e.event.type, e.event.event]),
    [
      ['accepted', 'page', undefined],
      ['accepted', 'track', 'Snippet Loaded'],
    ],
  );
  t.like(byType[1]?.event, { properties: { via: 'snippet' }, context: { library: { name: 'analytics.js' } } });
  t.is(scripts[0], `200 ${mock.url}/analytics.js/v1/wk_snippet/analytics.min.js`, "the snippet loaded the mock's file");
  t.true(
    scripts.slice(1).every((line) => line.startsWith(`200 ${mock.url}/analytics-next/bundles/`)),
    `its chunks came from the mock too: ${JSON.stringify(scripts)}`,
  );
  const log = await requestLog(mock);
  t.deepEqual(
    log.filter((r) => r.method === 'GET').map((r) => r.path),
    ['/v1/projects/wk_snippet/settings'],
    'the bundle loaded its settings from the mock',
  );
  t.deepEqual(
    log
      .filter((r) => r.method === 'POST')
      .map((r) => [r.path, r.status])
      .sort(),
    [
      ['/v1/p', 200],
      ['/v1/t', 200],
    ],
  );
  await until(async () => (receiver.requests.length >= 2 ? true : undefined), 'two deliveries');
  const delivered = receiver.requests.map((r) => JSON.parse(r.body) as Record<string, unknown>);
  t.deepEqual(delivered.map((d) => [d.type, d.writeKey, d.channel]).sort(), [
    ['page', 'wk_snippet', 'browser'],
    ['track', 'wk_snippet', 'browser'],
  ]);
  t.deepEqual(offLoopback, [], 'the page made no request off loopback');
  t.deepEqual(pageErrors, []);
});

/** Loads the snippet page of wk_http, makes the next collection request a 503, and tracks one event. */
async function trackThrough503(t: ExecutionContext, mock: ServeProcess, browser: Browser, pageOrigin: string) {
  const fault = await fetch(`${mock.url}/__harness/faults`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ count: 1, status: 503 }),
  });
  t.is(fault.status, 200);
  const { page, offLoopback, pageErrors } = await openPage(t, browser, [pageOrigin, mock.url]);
  await page.goto(`${pageOrigin}/http`);
  const failure = await trackInPage(page);
  return { failure, offLoopback, pageErrors };
}

/** analytics.track once analytics.js has loaded; the reason its delivery failed for good, if it did. */
function trackInPage(page: Page): Promise<string | null> {
  return page.evaluate(async () => {
    type Ctx = { failedDelivery(): { reason: unknown } | undefined };
    const global = window as unknown as {
      analytics: { ready(callback: () => void): void; track(name: string): Promise<Ctx> };
    };
    await new Promise<void>((resolve) => global.analytics.ready(resolve));
    const ctx = await global.analytics.track('Through 503');
    const reason = ctx.failedDelivery()?.reason;
    return reason instanceof Error ? reason.message : reason === undefined ? null : String(reason);
  });
}

test("the settings' httpConfig changes what analytics.js does on a 503: retried by default, dropped with a statusCodeOverrides drop", async (t) => {
  const receiver = await startReceiver(t);
  const mock = await startMock(t, receiver.url);
  const pageOrigin = await startPageServer(t, { '/http': snippetPage(mock.url, 'wk_http', '') });
  const browser = await launchChromium(t);

  // Default settings: analytics.js retries a 5xx, so the event lands after the 503.
  const retried = await trackThrough503(t, mock, browser, pageOrigin);
  t.is(retried.failure, null);
  const landed = await until(async () => {
    const held = await journal(mock, 'wk_http');
    return held.length >= 1 ? held : undefined;
  }, 'the retried track in the journal');
  t.deepEqual(
    landed.map((e) => [e.status, e.event.event]),
    [['accepted', 'Through 503']],
  );
  const firstLog = (await requestLog(mock)).filter((r) => r.method === 'POST');
  t.deepEqual(
    firstLog.map((r) => r.status),
    [503, 200],
  );

  // The override, set for this source through the admin API: analytics.js reads it from the settings and drops.
  const override = await fetch(`${mock.url}/__harness/settings`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      writeKey: 'wk_http',
      httpConfig: { backoffConfig: { statusCodeOverrides: { '503': 'drop' } } },
    }),
  });
  t.is(override.status, 200);
  const dropped = await trackThrough503(t, mock, browser, pageOrigin);
  t.is(dropped.failure, 'Non-retryable error: 503');
  const secondLog = (await requestLog(mock)).filter((r) => r.method === 'POST').slice(firstLog.length);
  t.deepEqual(
    secondLog.map((r) => [r.path, r.status]),
    [['/v1/t', 503]],
    'one attempt, no retry',
  );
  t.is((await journal(mock, 'wk_http')).length, 1, 'the dropped event never reached the journal');
  t.deepEqual([...retried.offLoopback, ...dropped.offLoopback], []);
  t.deepEqual([...retried.pageErrors, ...dropped.pageErrors], []);
});
