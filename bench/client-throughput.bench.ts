// 100,000 track calls delivered to the mock server (createHarness, system clock) by event-harness/client,
// @segment/analytics-node and the legacy analytics-node, each in its own child process (so its peak RSS is its
// own), in the same run. Delivered events/s is timed by the server: from the child's first call until the
// journal holds all 100,000 events as accepted. Run: npm run bench -- client-throughput
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { fmt, report } from './bench-kit.js';

const EVENTS = Number(process.env.BENCH_EVENTS ?? 100_000);
const CLIENTS = ['event-harness', '@segment/analytics-node', 'analytics-node'] as const;
type ClientName = (typeof CLIENTS)[number];

const track = (i: number) => ({ userId: `user-${i % 1000}`, event: 'Order Completed', properties: { orderId: `o-${i}`, revenue: 39.95, currency: 'EUR' } });

/** Child side: make the calls, drain the client, wait for the parent's go-ahead, report peak RSS. */
async function child(name: ClientName, url: string): Promise<void> {
  let drain: () => Promise<void>;
  process.stdout.write('started\n');
  const writeKey = `bench-${name}`;
  if (name === 'event-harness') {
    const { createClient } = await import('../src/client/index.js');
    // Defaults except maxQueueSize: the loop queues all 100,000 calls at once, and the default bound of 10,000
    // would (by design) refuse the 10,001st.
    const client = createClient(writeKey, { endpoint: url, maxQueueSize: EVENTS });
    for (let i = 0; i < EVENTS; i++) client.track(track(i));
    drain = async () => void (await client.close());
  } else if (name === '@segment/analytics-node') {
    const { Analytics } = await import('@segment/analytics-node');
    const analytics = new Analytics({ writeKey, host: url });
    for (let i = 0; i < EVENTS; i++) analytics.track(track(i));
    drain = () => analytics.closeAndFlush({ timeout: 300_000 });
  } else {
    const Legacy = createRequire(import.meta.url)('analytics-node') as new (key: string, options: object) => { track(m: object): void; flush(cb: () => void): void; queue: unknown[] };
    const analytics = new Legacy(writeKey, { host: url });
    for (let i = 0; i < EVENTS; i++) analytics.track(track(i));
    drain = async () => {
      while (analytics.queue.length > 0) await new Promise<void>((resolve) => analytics.flush(resolve));
    };
  }
  await drain();
  const lines = createInterface({ input: process.stdin });
  for await (const line of lines) if (line === 'done') break;
  process.stdout.write(`${JSON.stringify({ maxRssMb: process.resourceUsage().maxRSS / 1024 })}\n`);
  process.exit(0);
}

interface Measured {
  readonly eventsPerSecond: number;
  readonly peakRssMb: number;
  readonly seconds: number;
}

async function measure(name: ClientName, url: string, journal: { subscribe(listener: (entry: { writeKey: string; status: string }) => void): () => void }): Promise<Measured> {
  const proc = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url), '--child', name, url], { stdio: ['pipe', 'pipe', 'inherit'] });
  const writeKey = `bench-${name}`;
  let accepted = 0;
  let startedAt = 0;
  let finished: () => void = () => undefined;
  const allArrived = new Promise<void>((resolve) => (finished = resolve));
  const unsubscribe = journal.subscribe((entry) => {
    if (entry.writeKey === writeKey && entry.status === 'accepted' && ++accepted === EVENTS) finished();
  });
  const lines = createInterface({ input: proc.stdout });
  let rss: number | undefined;
  const gotRss = new Promise<void>((resolve) =>
    lines.on('line', (line) => {
      if (line === 'started') startedAt = performance.now();
      else if (line.startsWith('{')) {
        rss = (JSON.parse(line) as { maxRssMb: number }).maxRssMb;
        resolve();
      }
    }),
  );
  const timeout = setTimeout(() => finished(), 600_000);
  await allArrived;
  const seconds = (performance.now() - startedAt) / 1000;
  clearTimeout(timeout);
  unsubscribe();
  proc.stdin.write('done\n');
  await gotRss;
  if (accepted < EVENTS) console.log(`  ${name}: only ${accepted} of ${EVENTS} events arrived`);
  return { eventsPerSecond: accepted / seconds, peakRssMb: rss ?? Number.NaN, seconds };
}

async function main(): Promise<void> {
  const { createHarness } = await import('../src/index.js');
  const harness = await createHarness({ clock: 'system' });
  const results = new Map<ClientName, Measured>();
  try {
    for (const name of CLIENTS) {
      harness.reset();
      results.set(name, await measure(name, harness.url, harness.journal));
    }
  } finally {
    await harness.stop();
  }
  const ours = results.get('event-harness') as Measured;
  const rows: Record<string, string> = {};
  for (const [name, m] of results) {
    rows[`${name} events/s`] = fmt(m.eventsPerSecond);
    rows[`${name} peak RSS`] = `${fmt(m.peakRssMb)} MB`;
  }
  const segment = results.get('@segment/analytics-node') as Measured;
  const legacy = results.get('analytics-node') as Measured;
  rows['ratio vs @segment/analytics-node'] = `${fmt(ours.eventsPerSecond / segment.eventsPerSecond, 2)}x (target >= 2x)`;
  rows['ratio vs analytics-node'] = `${fmt(ours.eventsPerSecond / legacy.eventsPerSecond, 2)}x`;
  rows['event-harness peak RSS under 250 MB'] = ours.peakRssMb < 250 ? 'yes' : 'NO';
  report(`client throughput: ${fmt(EVENTS)} track calls each, delivered to the mock server`, rows);
}

const childAt = process.argv.indexOf('--child');
if (childAt >= 0) await child(process.argv[childAt + 1] as ClientName, process.argv[childAt + 2] as string);
else await main();
