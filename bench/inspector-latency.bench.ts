// How live is the inspector? Time from an event's arrival at the server (its receivedAt, system clock) to
// its row in the page's events table, over 1,000 events sent at a steady 50 per second to
// `event-harness serve` in a child process, with the Chromium shipped in @sparticuz/chromium showing the page. Baseline in the same
// run: a bare EventSource on the same stream in a second tab, timing when the first `update` covering each
// event arrives (the stream's own batching and transport, without the page's fetch and render).
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, chromiumExecutablePath } from '../test/helpers/browser.js';
import { fmt, median, percentile, report } from './bench-kit.js';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const EVENTS = Number(process.env.BENCH_EVENTS ?? 1_000);
const INTERVAL_MS = Number(process.env.BENCH_INTERVAL_MS ?? 20);

const child = spawn(
  process.execPath,
  ['--import', 'tsx', path.join(root, 'src/cli/main.ts'), 'serve', '--port', '0', '--clock', 'system'],
  { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] },
);
const url = await new Promise<string>((resolve, reject) => {
  let out = '';
  child.stdout.on('data', (chunk: Buffer) => {
    out += chunk.toString();
    const match = /listening on (http:\/\/\S+)/.exec(out);
    if (match?.[1] !== undefined) resolve(match[1]);
  });
  child.once('exit', (code) => reject(new Error(`serve exited with ${code}`)));
});

const browser = await chromium.launch({
  executablePath: await chromiumExecutablePath(),
  headless: true,
  args: CHROMIUM_ARGS,
});
try {
  const context = await browser.newContext({ viewport: { width: 1280, height: 720 } });
  const page = await context.newPage();
  await page.goto(url);
  await page.locator('body[data-connected="true"]').waitFor();
  // First time each row is in the DOM, by message id, on the page's clock (the same OS clock as the server's).
  await page.evaluate(`(() => {
    window.__seen = {};
    const tbody = document.querySelector('#events-table tbody');
    new MutationObserver(() => {
      const now = Date.now();
      for (const tr of tbody.children) if (!(tr.dataset.messageId in window.__seen)) window.__seen[tr.dataset.messageId] = now;
    }).observe(tbody, { childList: true });
  })()`);
  const bare = await context.newPage();
  await bare.goto(`${url}/__harness/health`);
  await bare.evaluate(`(() => {
    window.__updates = [];
    const source = new EventSource('/__harness/stream');
    source.addEventListener('update', (m) => window.__updates.push([Date.now(), JSON.parse(m.data).events.counts.all]));
    return new Promise((resolve) => source.addEventListener('open', resolve, { once: true }));
  })()`);

  const auth = `Basic ${Buffer.from('bench:').toString('base64')}`;
  const started = performance.now();
  const sends: Promise<Response>[] = [];
  for (let i = 0; i < EVENTS; i++) {
    // A steady rate, not a closed loop: each event leaves on schedule whatever the previous one is doing.
    const due = started + i * INTERVAL_MS;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    sends.push(
      fetch(`${url}/v1/track`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: auth },
        body: JSON.stringify({
          userId: `u${i % 50}`,
          event: 'Bench Event',
          messageId: `bench-${i}`,
          properties: { i },
        }),
      }),
    );
  }
  for (const response of await Promise.all(sends))
    if (response.status !== 200) throw new Error(`the server answered ${response.status}`);
  await page.waitForFunction((n) => Object.keys((window as unknown as { __seen: object }).__seen).length >= n, EVENTS, {
    timeout: 30_000,
  });

  const journal = (await (await fetch(`${url}/__harness/events?writeKey=bench&limit=${EVENTS}`)).json()) as {
    events: { seq: number; event: { messageId: string; receivedAt: string } }[];
  };
  const seen = (await page.evaluate('window.__seen')) as Record<string, number>;
  const updates = (await bare.evaluate('window.__updates')) as [number, number][];
  const pageMs: number[] = [];
  const streamMs: number[] = [];
  for (const { seq, event } of journal.events) {
    const arrived = Date.parse(event.receivedAt);
    const row = seen[event.messageId];
    if (row === undefined) throw new Error(`no row for ${event.messageId}`);
    pageMs.push(row - arrived);
    const covering = updates.find(([, all]) => all >= seq);
    if (covering === undefined) throw new Error(`no update covered event ${seq}`);
    streamMs.push(covering[0] - arrived);
  }
  const pageMedian = median(pageMs);
  const streamMedian = median(streamMs);
  report(
    `inspector latency: arrival at the server -> row on the page (${fmt(pageMs.length)} events at ${fmt(1000 / INTERVAL_MS)}/s, ${fmt((performance.now() - started) / 1000, 1)} s)`,
    {
      'page row, median': `${fmt(pageMedian, 1)} ms`,
      'page row, p99': `${fmt(percentile(pageMs, 99), 1)} ms`,
      'page row, max': `${fmt(Math.max(...pageMs), 1)} ms`,
      'baseline bare EventSource, median': `${fmt(streamMedian, 1)} ms`,
      'baseline bare EventSource, p99': `${fmt(percentile(streamMs, 99), 1)} ms`,
      'stream messages for the run': fmt(updates.length),
      'page / baseline (median)': `${fmt(pageMedian / Math.max(1, streamMedian), 2)}x`,
      'page minus baseline (median)': `${fmt(pageMedian - streamMedian, 1)} ms (the page's fetch of its 100 rows and render)`,
    },
  );
} finally {
  await browser.close();
  child.kill('SIGTERM');
}
