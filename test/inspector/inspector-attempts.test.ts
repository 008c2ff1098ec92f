// The inspector's rough edges seen in a newcomer's trial, in a real browser against `event-harness serve`.
import test from 'ava';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { startServe } from '../helpers/spawn-cli.js';
import { startReceiver } from '../helpers/receiver.js';
import { launchChromium, openPage } from './browser.js';

const basic = (key: string) => `Basic ${Buffer.from(`${key}:`).toString('base64')}`;

async function closedPort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as { port: number };
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

test('empty page hint; a 4xx attempt shows the receiver answer and "not retried"; an error code does not overlap the time; real and harness durations', async (t) => {
  t.timeout(180_000, 'serve, a browser and two deliveries');
  const receiver = await startReceiver(t, () => ({ status: 404, body: 'no such hook: /hook' }));
  const refused = `http://127.0.0.1:${await closedPort()}/hook`;
  const dir = await mkdtemp(path.join(os.tmpdir(), 'eh-inspector-'));
  const source = (writeKey: string, url: string) => ({ writeKey, destinations: { Webhooks: { webhooks: [{ url }] } } });
  await writeFile(
    path.join(dir, 'harness.json'),
    JSON.stringify({ sources: [source('gone', receiver.url), source('down', refused)] }),
  );
  const serve = await startServe(t, ['--config', 'harness.json', '--clock', 'fake', '--quiet'], { cwd: dir });
  const browser = await launchChromium(t);
  const { page, errors } = await openPage(t, browser, `${serve.url}/`);

  const hint = page.locator('#events-empty-hint');
  await hint.waitFor({ timeout: 10_000 });
  t.regex(
    (await hint.textContent()) ?? '',
    new RegExp(
      `No events yet\\. Send one: curl .* ${serve.url}/v1/track — or: npx event-harness trigger track --url ${serve.url}`,
    ),
  );

  const send = (key: string, messageId: string) =>
    fetch(`${serve.url}/v1/track`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: basic(key) },
      body: JSON.stringify({ userId: 'u1', event: 'E', messageId }),
    });
  await send('gone', 'm-404');
  await send('down', 'm-refused');
  await page.locator('#events-table tbody tr[data-seq]').first().waitFor({ timeout: 10_000 });
  t.is(await hint.count(), 0, 'the hint leaves once there are events');

  await page.click('#tab-deliveries');
  const open = async (messageId: string) => {
    const row = page.locator(`#deliveries-table tbody tr[data-message-id="${messageId}"]`);
    await page.waitForFunction(
      (id) =>
        (document.querySelector(`#deliveries-table tr[data-message-id="${id}"] td:nth-child(6)`)?.textContent ?? '') !==
        '',
      messageId,
      { timeout: 20_000 },
    );
    await row.click();
    return page.locator('#attempts li').first();
  };

  const failed = await open('m-404');
  await page.waitForFunction(
    () => document.querySelector('#attempts li .what')?.textContent?.includes('not retried') === true,
    undefined,
    { timeout: 10_000 },
  );
  t.is(await failed.locator('.what').textContent(), '404 · not retried');
  t.is(await failed.locator('.answer').textContent(), 'receiver answered: no such hook: /hook');
  t.regex(
    (await failed.locator('.dur').textContent()) ?? '',
    /^0 ms harness · \d+ ms real$/,
    'the fake clock says 0 ms; the real time is shown beside it',
  );

  const down = await open('m-refused');
  await page.waitForFunction(
    () => document.querySelector('#attempts li .what')?.textContent === 'ECONNREFUSED',
    undefined,
    { timeout: 10_000 },
  );
  const what = await down.locator('.what').boundingBox();
  const at = await down.locator('.at').boundingBox();
  t.truthy(what && at);
  t.true(
    (what?.x ?? 0) + (what?.width ?? 0) <= (at?.x ?? 0),
    `the error code (${JSON.stringify(what)}) ends before the time (${JSON.stringify(at)})`,
  );
  const overflow = await down.locator('.what').evaluate((node) => node.scrollWidth - node.clientWidth);
  t.true(overflow <= 0, 'the error code is not cut either');
  t.deepEqual(errors, []);
  t.is(await serve.stop(), 0);
});
