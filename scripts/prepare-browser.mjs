// Unpacks the Chromium shipped in @sparticuz/chromium once, before the tests start: several test processes
// unpacking it into the same temp directory at once could launch a half-written binary.
import chromium from '@sparticuz/chromium';

if (!process.env.EVENT_HARNESS_CHROMIUM) {
  const started = Date.now();
  const executablePath = await chromium.executablePath();
  console.log(`browser for the tests: ${executablePath} (ready in ${Date.now() - started} ms)`);
}
