// 100,000 track calls delivered to the mock server (createHarness, system clock) by event-harness/client,
// @segment/analytics-node and the legacy analytics-node, each in its own child process (so its peak RSS is its
// own), in the same run. Delivered events/s is timed by the server: from the child's first call until the
// journal holds all 100,000 events as accepted. Two producers: one synchronous loop of 100,000 calls, and bursts
// of 5,000 calls each followed by the client's own flush (every client on its defaults).
// Run: npm run bench -- client-throughput
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { fmt, report } from './bench-kit.js';

const EVENTS = Number(process.env.BENCH_EVENTS ?? 100_000);
const BURST = 5_000;
const CLIENTS = ['event-harness', '@segment/analytics-node', 'analytics-node'] as const;
type ClientName = (typeof CLIENTS)[number];
type Producer = 'loop' | 'bursts';

const track = (i: number) => ({
  userId: `user-${i % 1000}`,
  event: 'Order Completed',
  properties: { orderId: `o-${i}`, revenue: 39.95, currency: 'EUR' },
});

/** Child side: make the calls, drain the client, wait for the parent's go-ahead, report peak RSS. */
async function child(name: ClientName, url: string, producer: Producer): Promise<void> {
  process.stdout.write('started\n');
  const writeKey = `bench-${name}-${producer}`;
  let send: (i: number) => void;
  let flush: () => Promise<void>;
  let close: () => Promise<void>;
  if (name === 'event-harness') {
    const { createClient } = await import('../src/actors/client/index.js');
    // One loop queues all 100,000 calls before the first request can leave; the default bound of 10,000 would
    // (by design) refuse the 10,001st, so that producer raises it. Bursts run on pure defaults.
    const client = createClient(writeKey, { endpoint: url, ...(producer === 'loop' ? { maxQueueSize: EVENTS } : {}) });
    send = (i) => void client.track(track(i));
    flush = async () => void (await client.flush());
    close = async () => void (await client.close());
  } else if (name === '@segment/analytics-node') {
    const { Analytics } = await import('@segment/analytics-node');
    const analytics = new Analytics({ writeKey, host: url });
    send = (i) => analytics.track(track(i));
    flush = () => analytics.flush({ timeout: 300_000 });
    close = () => analytics.closeAndFlush({ timeout: 300_000 });
  } else {
    const Legacy = createRequire(import.meta.url)('analytics-node') as new (
      key: string,
      options: object,
    ) => { track(m: object): void; flush(cb: () => void): void; queue: unknown[] };
    const analytics = new Legacy(writeKey, { host: url });
    send = (i) => analytics.track(track(i));
    flush = async () => {
      while (analytics.queue.length > 0) await new Promise<void>((resolve) => analytics.flush(resolve));
    };
    close = flush;
  }
  for (let i = 0; i < EVENTS; i++) {
    send(i);
    if (producer === 'bursts' && (i + 1) % BURST === 0) await flush();
  }
  await close();
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

async function measure(
  name: ClientName,
  producer: Producer,
  url: string,
  journal: { subscribe(listener: (entry: { writeKey: string; status: string }) => void): () => void },
): Promise<Measured> {
  const proc = spawn(
    process.execPath,
    ['--import', 'tsx', fileURLToPath(import.meta.url), '--child', name, url, producer],
    { stdio: ['pipe', 'pipe', 'inherit'] },
  );
  const writeKey = `bench-${name}-${producer}`;
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
  const results = new Map<string, Measured>();
  try {
    for (const producer of ['loop', 'bursts'] as const) {
      for (const name of CLIENTS) {
        harness.reset();
        results.set(`${producer}:${name}`, await measure(name, producer, harness.url, harness.journal));
      }
    }
  } finally {
    await harness.stop();
  }
  for (const producer of ['loop', 'bursts'] as const) {
    const get = (name: ClientName) => results.get(`${producer}:${name}`) as Measured;
    const rows: Record<string, string> = {};
    for (const name of CLIENTS)
      rows[name] = `${fmt(get(name).eventsPerSecond)} events/s, peak RSS ${fmt(get(name).peakRssMb)} MB`;
    rows['ratio vs @segment/analytics-node'] =
      `${fmt(get('event-harness').eventsPerSecond / get('@segment/analytics-node').eventsPerSecond, 2)}x (target >= 2x)`;
    rows['ratio vs analytics-node'] =
      `${fmt(get('event-harness').eventsPerSecond / get('analytics-node').eventsPerSecond, 2)}x`;
    rows['event-harness peak RSS < 250 MB'] = get('event-harness').peakRssMb < 250 ? 'yes' : 'NO';
    const title =
      producer === 'loop'
        ? `one loop of ${fmt(EVENTS)} track calls`
        : `${fmt(EVENTS)} track calls in bursts of ${fmt(BURST)}, flush after each (all defaults)`;
    report(`client throughput, ${title}, delivered to the mock server`, rows);
  }
}

const childAt = process.argv.indexOf('--child');
if (childAt >= 0)
  await child(
    process.argv[childAt + 1] as ClientName,
    process.argv[childAt + 2] as string,
    process.argv[childAt + 3] as Producer,
  );
else await main();
