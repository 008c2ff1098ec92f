// Heap retained after a full GC as events pour through the zero-config default (sample receiver, inspector on),
// in steps of 25,000: flat once the journal (100,000 entries) and the delivery store (100,000 records) are full.
// The baseline is the same harness before any event; the ratio compares the last step with the first full one.
// Run: npm run bench -- retained-memory   (needs --expose-gc, which run-benches passes)
import { createHarness } from '../src/harness/create-harness.js';
import { inspectorPlugin } from '../src/server/plugins/inspector-plugin.js';
import { fmt, report } from './bench-kit.js';

const EVENTS = Number(process.env.BENCH_EVENTS ?? 250_000);
const BATCH = 250;
const gc = (globalThis as { gc?: () => void }).gc;
if (gc === undefined) throw new Error('run with node --expose-gc (npm run bench does)');
const retainedMb = () => {
  gc();
  gc();
  return process.memoryUsage().heapUsed / 1e6;
};

const harness = await createHarness({ sampleReceiver: true });
await harness.server.register({ plugin: inspectorPlugin, options: { core: harness.core } });
const baseline = retainedMb();
const steps: { events: number; heap: number }[] = [];
const deadline = Date.now() + 600_000;
let sent = 0;
let refused = 0;
while (sent < EVENTS && Date.now() < deadline) {
  const body = JSON.stringify({
    batch: Array.from({ length: BATCH }, (_, j) => ({
      type: 'track',
      userId: `user-${(sent + j) % 50_000}`,
      event: 'Retained',
      properties: { j, revenue: 9.99 },
    })),
  });
  const response = await fetch(`${harness.url}/v1/batch`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      authorization: `Basic ${Buffer.from(`key-${sent / BATCH}:`).toString('base64')}`,
    },
    body,
  });
  await response.text();
  if (response.status === 429) {
    refused++;
    await new Promise((resolve) => setTimeout(resolve, 100));
    continue;
  }
  sent += BATCH;
  if (sent % 25_000 === 0) steps.push({ events: sent, heap: retainedMb() });
}
await harness.stop();
const fullAt = steps.find((s) => s.events >= 100_000)?.heap ?? Number.NaN;
const last = steps.at(-1)?.heap ?? Number.NaN;
report(`Heap retained after GC, ${fmt(sent)} events through the zero-config default (batches of ${BATCH})`, {
  'baseline (no events) MB': fmt(baseline, 1),
  ...Object.fromEntries(steps.map((s) => [`after ${fmt(s.events)} events MB`, fmt(s.heap, 1)])),
  '429 answers (delivery backlog full)': fmt(refused),
  'ratio, last step / at 100,000 events': fmt(last / fullAt, 2),
});
