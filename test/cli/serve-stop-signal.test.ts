import test, { type ExecutionContext } from 'ava';
import { Agent, request } from 'node:http';
import { getJson } from '../helpers/harness.js';
import { startPostgres, type PostgresServer } from '../helpers/postgres.js';
import { serveCluster } from '../helpers/serve-cluster.js';
import { type ServeProcess, startServe } from '../helpers/spawn-cli.js';

// SIGTERM to `serve` under a steady load on kept-alive connections, with a receiver that never answers: it stops
// taking work at once (no 200 to a request sent after the signal: 503 with Retry-After, or a refused or closed
// connection), exits 0 within the stated bound (8 s, under a container's common 10 s), and says what it leaves:
// with the memory store the undelivered deliveries, counted; with PostgreSQL nothing lost (a new node has every
// event answered 200, and each one's delivery).
let postgres: PostgresServer | undefined;
test.before(async () => {
  postgres = await startPostgres();
});
test.after.always(async () => {
  await postgres?.stop();
});

const STOP_BOUND_MS = 8_000;

interface Sent {
  readonly messageId: string;
  readonly at: number;
  readonly status: number;
  readonly retryAfter: string | undefined;
}

/** `senders` loops posting one event each on kept-alive connections until `until()`; every answer recorded. */
function loadUntil(url: string, until: () => boolean, senders = 4): { sent: Sent[]; done: Promise<void> } {
  const sent: Sent[] = [];
  const agent = new Agent({ keepAlive: true, maxSockets: senders });
  let n = 0;
  const one = (messageId: string) =>
    new Promise<Sent>((resolve) => {
      const at = Date.now();
      const body = JSON.stringify({ type: 'track', userId: 'u', event: 'Stop', messageId });
      const req = request(
        `${url}/v1/track`,
        {
          method: 'POST',
          agent,
          headers: {
            'content-type': 'application/json',
            authorization: `Basic ${Buffer.from('wk:').toString('base64')}`,
            'content-length': String(Buffer.byteLength(body)),
          },
          timeout: 10_000,
        },
        (res) => {
          res.resume();
          const retryAfter = res.headers['retry-after'];
          res.on('end', () => resolve({ messageId, at, status: res.statusCode ?? 0, retryAfter }));
          res.on('error', () => resolve({ messageId, at, status: 0, retryAfter: undefined }));
        },
      );
      req.on('timeout', () => req.destroy());
      req.on('error', () => resolve({ messageId, at, status: 0, retryAfter: undefined }));
      req.end(body);
    });
  const loop = async () => {
    while (!until()) {
      const answer = await one(`stop-${n++}`);
      sent.push({ ...answer, doneAt: Date.now() - answer.at } as Sent);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  };
  const done = Promise.all(Array.from({ length: senders }, loop)).then(() => agent.destroy());
  return { sent, done };
}

/** Loads, signals, keeps loading 1.5 s past the signal; answers what was sent and when the signal went. */
async function signalUnderLoad(t: ExecutionContext, node: ServeProcess): Promise<{ sent: Sent[]; signalAt: number }> {
  let stopLoadAt = Number.POSITIVE_INFINITY;
  const load = loadUntil(node.url, () => Date.now() > stopLoadAt);
  while (load.sent.filter((s) => s.status === 200).length < 40) await new Promise((resolve) => setTimeout(resolve, 20));
  const signalAt = Date.now();
  stopLoadAt = signalAt + 1_500;
  const code = await node.stop('SIGTERM');
  const tookMs = Date.now() - signalAt;
  await load.done;
  t.is(code, 0, node.stderr());
  t.true(tookMs < STOP_BOUND_MS + 500, `exited ${tookMs} ms after SIGTERM: ${node.stderr().slice(-3000)}`);
  // Sent after the signal reached it (a few ms): never taken. A 503 says when to send it again.
  const late = load.sent.filter((s) => s.at >= signalAt + 100);
  t.true(
    late.length > 0,
    `the load went on past the signal: ${JSON.stringify(load.sent.filter((s) => s.at >= signalAt - 50).map((s) => [s.at - signalAt, s.status, (s as unknown as { doneAt: number }).doneAt]))}\n${node.stderr().slice(-3000)}`,
  );
  t.deepEqual(
    late.filter((s) => s.status === 200),
    [],
  );
  for (const answer of late.filter((s) => s.status === 503)) t.is(answer.retryAfter, '2');
  return { sent: load.sent, signalAt };
}

test.serial(
  'memory store: SIGTERM under load takes nothing new, exits within the bound, and counts every delivery it drops',
  async (t) => {
    const cluster = await serveCluster(t, postgres, () => ({ hang: true }), 'stop_memory');
    const node = await startServe(t, ['--config', cluster.config, '--log-format', 'json', '--quiet']);
    const { sent } = await signalUnderLoad(t, node);
    const accepted = sent.filter((s) => s.status === 200).length;
    const warning = node
      .stderr()
      .split('\n')
      .find((line) => line.includes('"kind":"dropped"'));
    t.truthy(warning, node.stderr());
    // Every event answered 200 became a delivery the hanging receiver never finished: each is counted as dropped.
    t.is((JSON.parse(warning ?? '{}') as { dropped: number }).dropped, accepted);
  },
);

test.serial(
  'PostgreSQL store: SIGTERM under load loses nothing: a new node has every event answered 200 and its delivery',
  async (t) => {
    const cluster = await serveCluster(t, postgres, () => ({ hang: true }), 'stop_store');
    const node = await cluster.start('n1', ['--log-format', 'json', '--log-level', 'info']);
    const { sent } = await signalUnderLoad(t, node);
    t.regex(node.stderr(), /pending in the store/);
    t.notRegex(node.stderr(), /"kind":"dropped"/);
    const next = await cluster.start('n2');
    const accepted = new Set(sent.filter((s) => s.status === 200).map((s) => s.messageId));
    const events = (await getJson(`${next.url}/__harness/events?status=accepted&limit=100000`)).body as {
      events: { event: { messageId: string } }[];
    };
    const journaled = new Set(events.events.map((e) => e.event.messageId));
    t.deepEqual(
      [...accepted].filter((id) => !journaled.has(id)),
      [],
      'every event answered 200 is in the store',
    );
    const deliveries = (await getJson(`${next.url}/__harness/deliveries?limit=100000`)).body as {
      deliveries: { messageId: string }[];
    };
    const delivered = new Set(deliveries.deliveries.map((d) => d.messageId));
    t.deepEqual(
      [...accepted].filter((id) => !delivered.has(id)),
      [],
      'and its delivery',
    );
  },
);
