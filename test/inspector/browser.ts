import type { ExecutionContext } from 'ava';
import { copyFile, mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { repoRoot } from '../helpers/spawn-cli.js';

export { launchChromium } from '../helpers/browser.js';

// Every run saves its screenshots under test-results/ (ignored by git). The committed ones in docs/screenshots
// (for the README and docs/inspector.md) are rewritten only on request: they show the real time, so each run
// would otherwise leave the working tree changed.
export const SCREENSHOTS = path.join(repoRoot, 'test-results/screenshots');
export const DOC_SCREENSHOTS = path.join(repoRoot, 'docs/screenshots');
const updateDocs = process.env.UPDATE_SCREENSHOTS === '1';

/** A page on a fresh context; every request it makes to another origin fails the test (the page must work offline). */
export async function openPage(
  t: ExecutionContext,
  browser: Browser,
  url: string,
  options: { colorScheme?: 'light' | 'dark' } = {},
): Promise<{ context: BrowserContext; page: Page; offOrigin: string[]; errors: string[] }> {
  const context = await browser.newContext({
    viewport: { width: 1280, height: 720 },
    colorScheme: options.colorScheme ?? 'light',
  });
  t.teardown(() => context.close());
  // Tests run through tsx, whose esbuild keepNames wraps named functions in __name(): functions passed to
  // page.evaluate need it defined in the page too.
  await context.addInitScript('globalThis.__name = (fn) => fn;');
  const page = await context.newPage();
  const origin = new URL(url).origin;
  const offOrigin: string[] = [];
  const errors: string[] = [];
  page.on('request', (request) => {
    if (!request.url().startsWith(origin) && !request.url().startsWith('data:')) offOrigin.push(request.url());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(url);
  await page.locator('body[data-connected="true"]').waitFor({ timeout: 10_000 });
  return { context, page, offOrigin, errors };
}

/** Saves a screenshot of the page; with UPDATE_SCREENSHOTS=1 also as docs/screenshots/NAME.png. */
export async function screenshot(page: Page, name: string): Promise<string> {
  await mkdir(SCREENSHOTS, { recursive: true });
  const file = path.join(SCREENSHOTS, `${name}.png`);
  await page.screenshot({ path: file });
  if (updateDocs) {
    await mkdir(DOC_SCREENSHOTS, { recursive: true });
    await copyFile(file, path.join(DOC_SCREENSHOTS, `${name}.png`));
  }
  return file;
}
