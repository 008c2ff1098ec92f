// The run picker in a real browser: `event-harness serve` as a child process, runs created over its HTTP API,
// Chromium driven by playwright-core. The page shows the picked run's events, live, and its clock controls act
// on that run only.
import test from 'ava';
import type { Page } from 'playwright-core';
import { startServe } from '../helpers/spawn-cli.js';
import { basicAuth, getJson, postJson } from '../helpers/harness.js';
import { launchChromium, openPage, screenshot } from './browser.js';

const rowsText = async (page: Page) => (await page.locator('#events-table tbody').textContent()) ?? '';

async function send(url: string, writeKey: string, userId: string): Promise<void> {
  const answer = await postJson(
    `${url}/v1/track`,
    { type: 'track', event: 'Picked', userId },
    { authorization: basicAuth(writeKey) },
  );
  if (answer.status !== 200) throw new Error(`sending ${userId}: ${answer.status} ${JSON.stringify(answer.body)}`);
}

test("the run picker shows the picked run's events live, its URL reopens it, and the clock controls act on that run only", async (t) => {
  const serve = await startServe(t, ['--clock', 'fake']);
  const created = await postJson(`${serve.url}/__harness/runs`, { clock: 'fake', name: 'checkout' });
  t.is(created.status, 201);
  const checkout = created.body as { id: string; writeKeys: string[]; urls: { inspector: string } };
  const other = (await postJson(`${serve.url}/__harness/runs`, { name: 'search' })).body as {
    id: string;
    writeKeys: string[];
  };
  await send(serve.url, 'zero-config-key', 'user-of-default');
  await send(serve.url, checkout.writeKeys[0] ?? '', 'user-of-checkout');
  await send(serve.url, other.writeKeys[0] ?? '', 'user-of-search');

  const browser = await launchChromium(t);
  const { page, errors, offOrigin } = await openPage(t, browser, serve.url);
  await page.locator('#events-table tbody tr[data-seq]').first().waitFor();
  t.regex(await rowsText(page), /user-of-default/);
  t.notRegex(await rowsText(page), /user-of-checkout|user-of-search/);
  // The picker lists every run by name.
  await page.locator(`#run-picker option[value="${checkout.id}"]`).waitFor({ state: 'attached' });
  t.deepEqual(await page.locator('#run-picker option').allTextContents(), [
    'default',
    `checkout (${checkout.id})`,
    `search (${other.id})`,
  ]);

  await page.selectOption('#run-picker', checkout.id);
  await page.waitForFunction(() =>
    /user-of-checkout/.test(document.querySelector('#events-table tbody')?.textContent ?? ''),
  );
  t.notRegex(await rowsText(page), /user-of-default|user-of-search/);
  t.is(new URL(page.url()).pathname, `/__harness/runs/${checkout.id}/inspector`);
  t.is(await page.locator('#count-events').textContent(), '1');
  // Live: the picked run's new event appears by itself; another run's does not.
  await send(serve.url, other.writeKeys[0] ?? '', 'later-search');
  await send(serve.url, checkout.writeKeys[0] ?? '', 'later-checkout');
  await page.waitForFunction(() =>
    /later-checkout/.test(document.querySelector('#events-table tbody')?.textContent ?? ''),
  );
  t.notRegex(await rowsText(page), /later-search/);
  t.is(await page.locator('#count-events').textContent(), '2');

  // The clock buttons move the picked run's fake clock, not the default run's.
  const clockOf = async (prefix: string) => (await getJson(`${serve.url}${prefix}/clock`)).body.epochMs as number;
  const defaultBefore = await clockOf('/__harness');
  const checkoutBefore = await clockOf(`/__harness/runs/${checkout.id}`);
  await page.click('button[data-advance="3600000"]');
  const deadline = Date.now() + 10_000;
  while ((await clockOf(`/__harness/runs/${checkout.id}`)) !== checkoutBefore + 3_600_000) {
    if (Date.now() > deadline) return t.fail("the +1 h button did not move the checkout run's clock within 10 s");
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  t.is(await clockOf('/__harness'), defaultBefore, "the default run's clock stayed");
  await screenshot(page, 'run-picker');

  // The run's inspector URL (as POST /__harness/runs answered it) opens the page on that run.
  const reopened = await openPage(t, browser, checkout.urls.inspector);
  await reopened.page.waitForFunction(() =>
    /later-checkout/.test(document.querySelector('#events-table tbody')?.textContent ?? ''),
  );
  t.is(await reopened.page.locator('#run-picker').inputValue(), checkout.id);
  t.notRegex(await rowsText(reopened.page), /user-of-default/);
  t.deepEqual([...errors, ...reopened.errors], []);
  t.deepEqual([...offOrigin, ...reopened.offOrigin], []);
});
