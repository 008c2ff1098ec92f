// End to end in a real browser: `event-harness serve` as a child process, Debian's chromium driven by
// playwright-core, events sent by the real @segment/analytics-node SDK, webhooks to a real loopback receiver.
import test from 'ava';
import { Analytics } from '@segment/analytics-node';
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { startServe } from '../helpers/spawn-cli.js';
import { startReceiver } from '../helpers/receiver.js';
import { signPayload } from '../../src/domain/signing/index.js';
import { launchChromium, openPage, screenshot } from './browser.js';

const SECRET = 'checkout-secret';

async function adminJson<T>(base: string, pathname: string): Promise<T> {
  return (await (await fetch(`${base}/__harness${pathname}`)).json()) as T;
}

/** The argv the shell makes of `command`, with `curl` replaced by a function printing its arguments: the real shell does the quoting. */
function shellArgv(command: string, env: Readonly<Record<string, string>> = {}): Promise<string[]> {
  return new Promise((resolve, reject) => {
    execFile(
      'sh',
      ['-c', `curl() { printf '%s\\0' "$@"; }\n${command}`],
      { encoding: 'buffer', env: { ...process.env, ...env } },
      (error, stdout) => {
        if (error) reject(error);
        else resolve(stdout.toString('utf8').split('\0').slice(0, -1));
      },
    );
  });
}

/** Sends what a curl argv (-X, -H, --data-binary, URL) describes, over node:http. */
function sendCurlArgv(argv: readonly string[]): Promise<number> {
  let url = '';
  let method = 'GET';
  let body = '';
  const headers: Record<string, string> = {};
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string;
    if (arg === '-X') method = argv[++i] as string;
    else if (arg === '-H') {
      const header = argv[++i] as string;
      const colon = header.indexOf(':');
      headers[header.slice(0, colon)] = header.slice(colon + 1).trim();
    } else if (arg === '--data-binary') {
      body = argv[++i] as string;
      if (method === 'GET') method = 'POST';
    } else if (!arg.startsWith('-')) url = arg;
  }
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { method, headers }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', reject);
    req.end(Buffer.from(body, 'utf8'));
  });
}

const text = async (page: Page, selector: string) => (await page.locator(selector).textContent()) ?? '';

test('events from a real SDK appear; a failing delivery is opened by keyboard, copied as curl, expires past 4 h and is redelivered', async (t) => {
  const receiver = { failing: true };
  const hook = await startReceiver(t, () => ({ status: receiver.failing ? 503 : 200 }));
  const dir = await mkdtemp(path.join(os.tmpdir(), 'eh-inspector-'));
  await writeFile(
    path.join(dir, 'harness.json'),
    JSON.stringify({
      sources: [
        {
          writeKey: 'shop',
          name: 'Checkout',
          destinations: {
            Webhooks: { sharedSecret: SECRET, webhooks: [{ url: hook.url, headers: { 'X-Team': 'checkout' } }] },
          },
        },
      ],
    }),
  );
  const serve = await startServe(t, ['--config', 'harness.json', '--clock', 'fake', '--seed', '7'], { cwd: dir });
  const browser = await launchChromium(t);
  const { context, page, offOrigin, errors } = await openPage(t, browser, serve.url);

  // A real SDK; a quote and non-ASCII text in the body exercise the curl quoting and the byte-exact signature.
  const analytics = new Analytics({ writeKey: 'shop', host: serve.url, flushAt: 3, flushInterval: 50 });
  analytics.track({
    userId: 'u1',
    event: 'Order Completed',
    properties: { note: "it's 'quoted' — ünïcode 🎉", total: 42 },
  });
  analytics.identify({ userId: 'u1', traits: { plan: 'pro' } });
  analytics.page({ userId: 'u1', name: 'Home', properties: { path: '/' } });
  await analytics.closeAndFlush({ timeout: 10_000 });

  // The rows arrive by themselves (the update stream), newest first.
  await page.locator('#events-table tbody tr[data-seq]').nth(2).waitFor();
  t.is(await page.locator('#events-table tbody tr[data-seq]').count(), 3);
  t.regex(await text(page, '#events-table tbody'), /Order Completed/);
  t.is(await text(page, '#count-events'), '3');
  // Each delivery is pending after its first 503, with a retry scheduled.
  await page.waitForFunction(
    () =>
      /3 pending/.test(document.querySelector('#delivery-counts')?.textContent ?? '') &&
      document.querySelector('#next-retry-at')?.textContent !== 'none',
  );
  await screenshot(page, 'events-light');

  const { events } = await adminJson<{ events: { event: { messageId: string } }[] }>(serve.url, '/events?type=track');
  const messageId = events[0]?.event.messageId as string;
  await page.click('#tab-deliveries');
  const row = page.locator(`#deliveries-table tbody tr[data-message-id="${messageId}"]`);
  await row.locator('td.state-pending').waitFor();
  await page.waitForFunction(
    (id) =>
      document.querySelector(`#deliveries-table tr[data-message-id="${id}"] td:nth-child(6)`)?.textContent === '503',
    messageId,
  );
  // Keyboard: the row is focusable, Enter opens the detail, Escape closes it and gives the row its focus back.
  await row.focus();
  await page.keyboard.press('Enter');
  await page.locator('#delivery-state', { hasText: 'pending' }).waitFor();
  t.regex(await text(page, '#attempts li:first-child'), /503.*\/hook/);
  t.notRegex(await text(page, '#delivery-next-retry'), /none/);
  const deliveryId = (await row.getAttribute('data-id')) as string;
  const delivery = await adminJson<{ request: { body: string }; nextAttemptAt: string }>(
    serve.url,
    `/deliveries/${deliveryId}`,
  );
  t.regex(
    await text(page, '#delivery-next-retry'),
    new RegExp(delivery.nextAttemptAt.replace('T', ' ').replace('Z', '').replace(/\./g, '\\.')),
  );
  t.is(await text(page, '#delivery-body'), delivery.request.body);
  t.is(await text(page, '#delivery-signature'), signPayload(SECRET, delivery.request.body));
  await screenshot(page, 'delivery-light');

  // Copy-as-curl reproduces the delivery: the shell's argv of the shown command, sent, verifies at the receiver.
  const curl = await text(page, 'pre.curl[data-target="0"]');
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: serve.url });
  await page.click('button.copy-curl[data-target="0"]');
  await page.locator('#toast', { hasText: 'curl command copied' }).waitFor();
  t.is(await page.evaluate(() => navigator.clipboard.readText()), curl, 'the button copies the command shown');
  const before = hook.requests.length;
  // The page never shows a static header's value: the command reads it from $X_TEAM, as a user sets it.
  t.false(curl.includes('checkout'), 'the static header value is not in the command');
  t.regex(curl, /-H "X-Team: \$X_TEAM"/);
  t.is(await sendCurlArgv(await shellArgv(curl, { X_TEAM: 'checkout' })), 503);
  const replayed = hook.requests[before];
  t.is(replayed?.body, delivery.request.body, 'the exact body bytes');
  t.is(replayed?.headers['x-signature'], signPayload(SECRET, replayed?.body ?? ''), 'a valid X-Signature');
  t.is(replayed?.headers['x-team'], 'checkout');
  t.is(replayed?.headers['user-agent'], 'Segment.io/1.0');

  await page.keyboard.press('Escape');
  await page.locator('#delivery-detail', { hasText: 'Select a delivery' }).waitFor();
  t.is(await page.evaluate(() => (document.activeElement as HTMLElement | null)?.dataset.id), deliveryId);
  // Arrows move between rows (the track delivery is the oldest, so the last row).
  await page.keyboard.press('Home');
  const first = await page.evaluate(() => (document.activeElement as HTMLElement | null)?.dataset.id);
  await page.keyboard.press('ArrowDown');
  const second = await page.evaluate(() => (document.activeElement as HTMLElement | null)?.dataset.id);
  t.deepEqual([first, second], ['d_3', 'd_2']);

  // Past the 4-hour window on the fake clock: five clicks of +1 h; each retry's real 503 lands in between.
  for (let hour = 1; hour <= 5; hour++) {
    await page.click('button[data-advance="3600000"]');
    await page.locator('#virtual-time', { hasText: `2024-01-01 0${hour}:00:00` }).waitFor();
  }
  await row.locator('td.state-expired').waitFor();
  await page.waitForFunction(() => /3 expired/.test(document.querySelector('#delivery-counts')?.textContent ?? ''));
  t.is(await text(page, '#next-retry-at'), 'none');
  await row.click();
  await page.locator('#delivery-state', { hasText: 'expired' }).waitFor();
  const expired = await adminJson<{ attempts: { at: string; status?: number }[] }>(
    serve.url,
    `/deliveries/${deliveryId}`,
  );
  t.true(expired.attempts.length > 10, `${expired.attempts.length} attempts`);
  t.true(
    expired.attempts.every((a) => a.status === 503),
    'every attempt got the receiver’s real 503, none a virtual timeout',
  );
  t.is(await page.locator('#attempts li').count(), expired.attempts.length);
  t.notRegex(await text(page, '#attempts'), /ETIMEDOUT/, 'the page shows no fake timeout');
  t.is(
    Date.parse(expired.attempts.at(-1)?.at ?? '') - Date.parse(expired.attempts[0]?.at ?? ''),
    4 * 3_600_000,
    'the last attempt sits at the end of the window',
  );
  await screenshot(page, 'delivery-expired-light');

  // Redeliver once the receiver is fixed.
  receiver.failing = false;
  await page.click('#redeliver');
  await page.locator('#delivery-state', { hasText: 'delivered' }).waitFor();
  t.regex(await text(page, '#attempts li:last-child'), /200/);
  // The counts come with the stream's next batch, which may arrive after the detail's own fetch.
  await page.waitForFunction(() =>
    /0 pending · 1 delivered · 0 failed · 2 expired/.test(
      document.querySelector('#delivery-counts')?.textContent ?? '',
    ),
  );
  t.regex(await text(page, '#delivery-counts'), /^0 pending · 1 delivered · 0 failed · 2 expired$/);

  // Dark mode: the same page, readable colours from prefers-color-scheme.
  const light = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  await page.emulateMedia({ colorScheme: 'dark' });
  const dark = await page.evaluate(() => ({
    bg: getComputedStyle(document.body).backgroundColor,
    fg: getComputedStyle(document.body).color,
  }));
  t.is(light, 'rgb(255, 255, 255)');
  t.is(dark.bg, 'rgb(13, 17, 23)');
  t.is(dark.fg, 'rgb(230, 237, 243)');
  await screenshot(page, 'delivery-dark');
  await page.click('#tab-events');
  await page.locator('#events-table tbody tr[data-seq]').nth(2).waitFor();
  const shot = await screenshot(page, 'events-dark');
  t.true(
    (await readFile(shot)).subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
    'a PNG',
  );

  t.deepEqual(offOrigin, [], 'the page loads nothing from another origin');
  t.deepEqual(errors, []);
  t.is(await serve.stop(), 0);
});

test('controls: an injected fault shows the SDK retrying; deletion, audience sync, sources, reset; tabs by keyboard', async (t) => {
  const serve = await startServe(t, ['--clock', 'fake']);
  const browser = await launchChromium(t);
  const { page, errors } = await openPage(t, browser, serve.url);

  await page.click('#tab-tools');
  await page.fill('#fault-form input[name=count]', '2');
  await page.fill('#fault-form input[name=status]', '503');
  await page.click('#fault-form button[type=submit]');
  await page.locator('#faults-pending', { hasText: '2 ×' }).waitFor();

  const analytics = new Analytics({
    writeKey: 'retry-key',
    host: serve.url,
    flushAt: 1,
    flushInterval: 20,
    maxRetries: 4,
  });
  analytics.track({ userId: 'u-retry', event: 'Signed Up' });
  await analytics.closeAndFlush({ timeout: 20_000 });

  await page.click('#tab-requests');
  await page.locator('#requests-table tbody tr').nth(2).waitFor();
  const rows = await page.locator('#requests-table tbody tr').allTextContents();
  t.is(rows.length, 3);
  t.regex(rows[0] ?? '', /POST \/v1\/batch.*retry-key.*200/);
  t.regex(rows[1] ?? '', /503.*injected/);
  t.regex(rows[2] ?? '', /503.*injected/);
  await screenshot(page, 'requests-light');
  // The SDK's two retries carried the same event: it is journaled once, accepted.
  await page.click('#tab-events');
  await page.locator('#events-table tbody tr[data-seq]').first().waitFor();
  t.is(await page.locator('#events-table tbody tr[data-seq]').count(), 1);
  t.regex(await text(page, '#event-counts'), /1 accepted · 0 rejected · 0 duplicate/);

  // The event's detail by keyboard: its JSON, and a link to its delivery; `/` jumps to the text filter.
  await page.locator('#events-table tbody tr[tabindex="0"]').focus();
  await page.keyboard.press('Enter');
  await page.locator('#event-json', { hasText: '"event": "Signed Up"' }).waitFor();
  await page.locator('#event-detail button.link', { hasText: 'd_1' }).click();
  await page.locator('#delivery-state', { hasText: 'delivered' }).waitFor();
  t.is(await page.getAttribute('#tab-deliveries', 'aria-selected'), 'true');
  await page.locator('#deliveries-table tbody tr').first().focus();
  await page.keyboard.press('/');
  t.is(await page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.name), 'q');

  // Deletion request and audience sync from the Controls view; their deliveries show up.
  await page.click('#tab-tools');
  await page.locator('#faults-pending', { hasText: 'no fault pending' }).waitFor();
  await page.fill('#deletion-form input[name=userIds]', 'u-retry');
  await page.click('#deletion-form button[type=submit]');
  await page.locator('#toast', { hasText: 'deletion sent: 1 notification(s)' }).waitFor();
  await page.fill('#audience-form input[name=name]', 'High Value');
  await page.fill('#audience-form input[name=members]', 'u-retry');
  await page.click('#audience-form button[value=sync]');
  await page.locator('#toast', { hasText: 'audience synced: 1 Identify call(s)' }).waitFor();
  await page.locator('#audiences', { hasText: 'High Value → trait high_value (synced)' }).waitFor();
  await screenshot(page, 'controls-light');
  await page.click('#tab-deliveries');
  await page.locator('#deliveries-table tbody tr td', { hasText: 'delete' }).waitFor();
  await page.locator('#deliveries-table tbody tr').nth(2).waitFor();
  t.deepEqual((await page.locator('#deliveries-table tbody tr td:nth-child(3)').allTextContents()).sort(), [
    'delete',
    'identify',
    'track',
  ]);

  await page.click('#tab-sources');
  await page.locator('#sources .source[data-write-key="retry-key"]', { hasText: 'sample-receiver' }).waitFor();

  // Tabs by keyboard: arrows move the selection.
  await page.focus('#tab-sources');
  await page.keyboard.press('ArrowRight');
  t.is(await page.getAttribute('#tab-tools', 'aria-selected'), 'true');
  await page.keyboard.press('Home');
  t.is(await page.getAttribute('#tab-events', 'aria-selected'), 'true');
  t.true(await page.isVisible('#view-events'));

  // The fake clock's controls say what they did; reset forgets everything.
  await page.click('#next-retry');
  await page.locator('#toast', { hasText: 'no retry is scheduled' }).waitFor();
  page.once('dialog', (dialog) => void dialog.accept());
  await page.click('#reset');
  await page.locator('#count-events', { hasText: /^0$/ }).waitFor();
  await page.waitForFunction(() => document.querySelectorAll('#events-table tbody tr[data-seq]').length === 0);
  await page.locator('#events-empty-hint', { hasText: 'No events yet' }).waitFor();
  t.deepEqual(errors, []);
  t.is(await serve.stop(), 0);
});
