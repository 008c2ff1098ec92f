// A web page of another origin tries to drive the mock in real Chromium (issue 16, item 4): nothing changes.
import test from 'ava';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { launchChromium } from '../helpers/browser.js';
import { basicAuth, postJson, startHarness } from '../helpers/harness.js';

/** An "attacker" page on another loopback origin that tries simple POSTs, a form, a preflighted POST and a read. */
function attackPage(mock: string): string {
  return `<!doctype html><html><body>
<iframe name="sink"></iframe>
<form id="form" method="POST" action="${mock}/__harness/deletions" enctype="text/plain" target="sink"><input name='{"userIds":["u1"],"x":"' value='"}'></form>
<script>
window.results = {};
const note = (name, p) => p.then((r) => (window.results[name] = r), (e) => (window.results[name] = 'blocked: ' + e.message));
Promise.all([
  note('simple-reset', fetch('${mock}/__harness/reset', { method: 'POST', mode: 'no-cors', headers: { 'content-type': 'text/plain' }, body: '{}' }).then((r) => 'sent, opaque ' + r.type)),
  note('bodiless-reset', fetch('${mock}/__harness/reset', { method: 'POST', mode: 'no-cors' }).then((r) => 'sent, opaque ' + r.type)),
  note('json-reset', fetch('${mock}/__harness/reset', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' }).then((r) => r.status)),
  note('read-sources', fetch('${mock}/__harness/sources').then((r) => r.text())),
  new Promise((resolve) => { document.getElementById('form').submit(); setTimeout(resolve, 500); }),
]).then(() => (window.done = true));
</script></body></html>`;
}

test("in Chromium, a page of another origin can neither change the mock (simple POST, form, preflighted JSON) nor read it; the mock's own page can", async (t) => {
  const harness = await startHarness(t);
  await postJson(`${harness.url}/v1/track`, { userId: 'u1', event: 'Bought' }, { authorization: basicAuth('wk') });
  harness.faults.add({ count: 2, status: 503 });
  const before = {
    events: harness.journal.counts().all,
    faults: harness.faults.pending().length,
    deliveries: harness.dispatcher.counts().all,
  };
  const seen: string[] = [];
  harness.server.events.on('response', (request) => {
    if (request.path.startsWith('/__harness/'))
      seen.push(
        `${request.method.toUpperCase()} ${request.path} ${(request.response as { statusCode?: number }).statusCode}`,
      );
  });

  const attacker = createServer((_req, res) =>
    res.writeHead(200, { 'content-type': 'text/html' }).end(attackPage(harness.url)),
  );
  await new Promise<void>((resolve) => attacker.listen(0, '127.0.0.1', resolve));
  t.teardown(() => new Promise<void>((resolve) => attacker.close(() => resolve())));
  const evil = `http://127.0.0.1:${(attacker.address() as AddressInfo).port}`;

  const browser = await launchChromium(t);
  const context = await browser.newContext();
  t.teardown(() => context.close());
  const page = await context.newPage();
  await page.goto(`${evil}/`);
  await page.waitForFunction(() => (globalThis as { done?: boolean }).done === true, undefined, { timeout: 15_000 });
  const results = (await page.evaluate(() => (globalThis as { results?: unknown }).results)) as Record<string, string>;
  t.regex(String(results['json-reset']), /^blocked/, 'the preflight gets no CORS grant');
  t.regex(String(results['read-sources']), /^blocked/, 'no CORS grant for reads either');
  t.deepEqual(
    {
      events: harness.journal.counts().all,
      faults: harness.faults.pending().length,
      deliveries: harness.dispatcher.counts().all,
    },
    before,
    'state unchanged',
  );
  // The simple requests did reach the server, and were refused there.
  t.true(seen.filter((line) => /^POST \/__harness\/(reset|deletions) 403$/.test(line)).length >= 3, seen.join('\n'));
  t.false(
    seen.some((line) => / 200$/.test(line) && line.startsWith('POST')),
    seen.join('\n'),
  );

  // The mock's own page (the inspector's origin) changes state as it always did.
  const own = await context.newPage();
  await own.goto(`${harness.url}/__harness/health`);
  const status = await own.evaluate(
    async () =>
      (
        await fetch('/__harness/faults', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ count: 1, status: 502 }),
        })
      ).status,
  );
  t.is(status, 200);
  t.is(harness.faults.pending().length, before.faults + 1);
});
