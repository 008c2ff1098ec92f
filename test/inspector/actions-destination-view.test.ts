// The inspector with a Webhooks (Actions) destination, in a real browser against `serve`: the source card lists
// its mappings, a delivery names its destination and method, and its copy-as-curl uses that method.
import test from 'ava';
import { mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { startServe } from '../helpers/spawn-cli.js';
import { startReceiver } from '../helpers/receiver.js';
import { launchChromium, openPage } from './browser.js';

test('the inspector shows Webhooks (Actions) mappings and deliveries with their method', async (t) => {
  const hook = await startReceiver(t);
  const dir = await mkdtemp(path.join(os.tmpdir(), 'eh-inspector-actions-'));
  const actions = {
    sharedSecret: 'act',
    mappings: [{ url: hook.url, method: 'PUT', subscribe: ['track'], enableBatching: true, batchSize: 2 }],
  };
  await writeFile(
    path.join(dir, 'harness.json'),
    JSON.stringify({
      sources: [{ writeKey: 'shop', name: 'Checkout', destinations: { 'Webhooks (Actions)': actions } }],
    }),
  );
  const serve = await startServe(t, ['--config', 'harness.json', '--clock', 'fake'], { cwd: dir });
  const browser = await launchChromium(t);
  const { page, errors } = await openPage(t, browser, serve.url);
  for (const event of ['One', 'Two']) {
    const response = await fetch(`${serve.url}/v1/track`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from('shop:').toString('base64')}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify({ userId: 'u', event }),
    });
    t.is(response.status, 200);
  }
  await page.click('#tab-sources');
  const card = page.locator('#sources .source[data-write-key="shop"] .actions-destination');
  await card.waitFor();
  t.regex(
    (await card.textContent()) ?? '',
    new RegExp(`Webhooks \\(Actions\\).*PUT ${hook.url.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}.*track; batches of 2`),
  );
  await page.click('#tab-deliveries');
  const row = page.locator('#deliveries-table tbody tr').first();
  await row.waitFor();
  await row.click();
  await page.locator('#delivery-destination', { hasText: 'Webhooks (Actions) · PUT' }).waitFor();
  t.regex((await page.locator('pre.curl[data-target="0"]').textContent()) ?? '', /^curl -sS -X PUT/);
  t.is(hook.requests[0]?.method, 'PUT');
  t.deepEqual(errors, []);
});
