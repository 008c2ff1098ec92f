import type { ExecutionContext } from 'ava';
import chromiumPackage from '@sparticuz/chromium';
import { chromium, type Browser } from 'playwright-core';

// The browser comes from the npm registry: @sparticuz/chromium ships a headless Chromium inside the package
// (brotli-compressed, unpacked into the temp directory on first use), so `npm ci && npm test` needs nothing
// installed by hand. EVENT_HARNESS_CHROMIUM points at another Chromium (Debian's /usr/bin/chromium, say).
//
// The package's own launch flags are made for AWS Lambda and include --disable-web-security: they are not
// used, since tests here check CORS and cross-origin refusals, which only a browser with web security shows.
export const CHROMIUM_ARGS = [
  '--no-sandbox', // tests and CI run as root
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  // Offline and quiet: this machine's network refuses anything but loopback.
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** The Chromium binary the tests drive, unpacked from @sparticuz/chromium unless EVENT_HARNESS_CHROMIUM is set. */
export async function chromiumExecutablePath(): Promise<string> {
  const configured = process.env.EVENT_HARNESS_CHROMIUM;
  if (configured !== undefined && configured !== '') return configured;
  return chromiumPackage.executablePath();
}

/** A headless Chromium driven by playwright-core, closed when the test ends. */
export async function launchChromium(t: ExecutionContext): Promise<Browser> {
  const executablePath = await chromiumExecutablePath();
  const browser = await chromium.launch({ executablePath, headless: true, args: CHROMIUM_ARGS, timeout: 30_000 });
  t.teardown(() => browser.close());
  return browser;
}
