// The soak of issue 16: `event-harness serve` as users run it (a child process), probed over loopback only,
// every loop bounded in count and time. Three phases, each printing its figures:
//   1. hostile: SOAK_HOSTILE (default 100,000) requests of the shapes issue 16 names, answers counted by status,
//      0 5xx required, the server's RSS before and after;
//   2. volume: SOAK_EVENTS (default 1,000,000) events through the zero-config default (sample receiver, signed
//      deliveries), in batches of 250 over SOAK_KEYS distinct write keys: batch latency per tenth, RSS per tenth;
//   3. keys: SOAK_DISTINCT_KEYS (default 120,000) requests, each with a new write key: sources held, RSS;
//   4. fault storm: SOAK_STORM (default 50,000) events against injected collection faults and a receiver that fails,
//      hangs or resets at random; the client retries; afterwards every accepted event is accounted for.
// Run: npm run soak   (or: node --import tsx bench/soak.ts; SOAK_* variables shrink or grow it)
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, type ServerResponse } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { Pool } from 'undici';
import { basicAuth, fmt, percentile, report, rssMb } from './bench-kit.js';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const HOSTILE = Number(process.env.SOAK_HOSTILE ?? 100_000);
const EVENTS = Number(process.env.SOAK_EVENTS ?? 1_000_000);
const KEYS = Number(process.env.SOAK_KEYS ?? 20_000);
const STORM = Number(process.env.SOAK_STORM ?? 50_000);
const DISTINCT_KEYS = Number(process.env.SOAK_DISTINCT_KEYS ?? 120_000);
const PHASES = (process.env.SOAK_PHASES ?? 'hostile,volume,keys,storm').split(',');
// Every phase stops by itself: at its count, or at this much real time.
const PHASE_LIMIT_MS = Number(process.env.SOAK_PHASE_LIMIT_MS ?? 600_000);
const CONCURRENCY = 16;

interface Serve {
  readonly url: string;
  readonly child: ChildProcess;
  readonly stderr: string;
}

/** Starts `event-harness serve ARGS` from source and waits for its listening line (at most 60 s). */
function startServe(args: readonly string[], cwd = root): Promise<Serve> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ['--import', import.meta.resolve('tsx'), path.join(root, 'src/cli/main.ts'), 'serve', '--port', '0', ...args],
      { cwd, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    const serve: { url: string; child: ChildProcess; stderr: string } = { url: '', child, stderr: '' };
    const timer = setTimeout(() => reject(new Error('serve did not print its listening line within 60 s')), 60_000);
    child.stderr?.on('data', (chunk: Buffer) => (serve.stderr = (serve.stderr + chunk.toString()).slice(-20_000)));
    child.stdout?.on('data', (chunk: Buffer) => {
      const match = /listening on (http:\/\/\S+)/.exec(chunk.toString());
      if (match?.[1] !== undefined) {
        clearTimeout(timer);
        serve.url = match[1];
        resolve(serve);
      }
    });
    child.on('exit', (code) => reject(new Error(`serve exited (${code}) before listening: ${serve.stderr}`)));
  });
}

async function stopServe(serve: Serve): Promise<number | null> {
  const exited = new Promise<number | null>((resolve) => serve.child.once('exit', (code) => resolve(code)));
  serve.child.kill('SIGTERM');
  const timer = setTimeout(() => serve.child.kill('SIGKILL'), 30_000);
  const code = await exited;
  clearTimeout(timer);
  return code;
}

const deep = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);

interface Shape {
  readonly name: string;
  readonly method: string;
  readonly path: string;
  readonly headers: Record<string, string>;
  readonly body?: string | Buffer;
}

const json = { 'content-type': 'application/json' };
const gzipBomb = gzipSync(Buffer.from(`{"batch":[],"pad":"${'0'.repeat(20 * 1024 * 1024)}"}`));

/** The hostile shapes of issue 16 sent over HTTP (raw-socket ones are below). */
function hostileShapes(host: string): Shape[] {
  const auth = { ...json, authorization: basicAuth('soak') };
  return [
    { name: 'valid track', method: 'POST', path: '/v1/track', headers: auth, body: '{"userId":"u","event":"Soak"}' },
    {
      name: 'deep nesting 5,000 (collection)',
      method: 'POST',
      path: '/v1/batch',
      headers: auth,
      body: `{"batch":[{"type":"track","userId":"u","event":"e","properties":{"p":${deep(5_000)}}}]}`,
    },
    {
      name: 'deep nesting 5,000 (admin faults)',
      method: 'POST',
      path: '/__harness/faults',
      headers: json,
      body: `{"count":1,"status":503,"routes":${deep(5_000)}}`,
    },
    {
      name: 'deep nesting 5,000 (admin deletions)',
      method: 'POST',
      path: '/__harness/deletions',
      headers: json,
      body: `{"userIds":${deep(5_000)}}`,
    },
    {
      name: 'gzip bomb (20 MiB inflated)',
      method: 'POST',
      path: '/v1/batch',
      headers: { ...auth, 'content-encoding': 'gzip' },
      body: gzipBomb,
    },
    { name: 'huge header (20 KB)', method: 'GET', path: '/__harness/health', headers: { 'x-big': 'h'.repeat(20_000) } },
    {
      name: 'clock advance 1e308',
      method: 'POST',
      path: '/__harness/clock/advance',
      headers: json,
      body: '{"ms": 1e308}',
    },
    {
      name: 'clock advance -1 / NaN text',
      method: 'POST',
      path: '/__harness/clock/advance',
      headers: json,
      body: '{"ms": "soon"}',
    },
    { name: 'fault delay 1e308', method: 'POST', path: '/__harness/faults', headers: json, body: '{"delayMs": 1e308}' },
    {
      name: '2xx fault rule',
      method: 'POST',
      path: '/__harness/faults',
      headers: json,
      body: '{"count": 5, "status": 200}',
    },
    {
      name: 'event timestamps at the edges',
      method: 'POST',
      path: '/v1/batch',
      headers: auth,
      body: '{"sentAt":"+275760-09-13T00:00:00.000Z","batch":[{"type":"track","userId":"u","event":"e","timestamp":"-271821-04-20T00:00:00.000Z"}]}',
    },
    {
      name: 'cross-origin simple POST reset',
      method: 'POST',
      path: '/__harness/reset',
      headers: { origin: 'http://evil.test', 'content-type': 'text/plain' },
      body: '{}',
    },
    {
      name: 'form POST deletions',
      method: 'POST',
      path: '/__harness/deletions',
      headers: { origin: 'null', 'content-type': 'application/x-www-form-urlencoded' },
      body: 'userIds=u',
    },
    {
      name: 'foreign Host (DNS rebinding)',
      method: 'GET',
      path: '/__harness/sources',
      headers: { host: `rebound.evil.test:${new URL(host).port}` },
    },
    {
      name: '__proto__ in an admin body',
      method: 'POST',
      path: '/__harness/faults',
      headers: json,
      body: '{"__proto__":{"x":1},"count":1,"status":503}',
    },
    { name: 'bad JSON', method: 'POST', path: '/v1/track', headers: auth, body: '{"userId":' },
    {
      name: 'unsupported content type',
      method: 'POST',
      path: '/v1/track',
      headers: { ...auth, 'content-type': 'application/xml' },
      body: '<a/>',
    },
    {
      name: 'event over 32 KiB',
      method: 'POST',
      path: '/v1/track',
      headers: auth,
      body: JSON.stringify({ userId: 'u', event: 'e', properties: { pad: 'x'.repeat(33_000) } }),
    },
    {
      name: 'audience with members and rule',
      method: 'PUT',
      path: '/__harness/audiences/soak',
      headers: json,
      body: '{"members":["u"],"rule":{"performed":"x"}}',
    },
    { name: 'unknown route', method: 'POST', path: '/v2/anything', headers: auth, body: '{}' },
    { name: 'bad admin query', method: 'GET', path: '/__harness/events?limit=-1&status=lost', headers: {} },
    { name: 'admin read', method: 'GET', path: '/__harness/deliveries?limit=5', headers: {} },
    // Runs (tenants), added after issue 16 was first built: the same rules on their routes and header.
    { name: 'run create (valid, until the limit)', method: 'POST', path: '/__harness/runs', headers: json, body: '{}' },
    {
      name: 'run config with knobs at 1e308',
      method: 'POST',
      path: '/__harness/runs',
      headers: json,
      body: '{"clock":"fake","config":{"delivery":{"retryWindowMs":1e308,"timeoutMs":1e300,"concurrency":1e15},"journal":{"capacity":1e12,"maxBytes":1e15}}}',
    },
    {
      name: 'run config with a numeric secret and six headers',
      method: 'POST',
      path: '/__harness/runs',
      headers: json,
      body: '{"config":{"sources":[{"writeKey":"wk_s","destinations":{"Webhooks":{"sharedSecret":73519864,"webhooks":[{"url":"https://h.test/","headers":{"A":"1","B":"2","C":"3","D":"4","E":"5","F":"6"}}]}}}]}}',
    },
    {
      name: 'run config nested 5,000',
      method: 'POST',
      path: '/__harness/runs',
      headers: json,
      body: `{"config":${deep(5_000)}}`,
    },
    {
      name: 'cross-origin simple POST to runs',
      method: 'POST',
      path: '/__harness/runs',
      headers: { origin: 'http://evil.test', 'content-type': 'text/plain' },
      body: '{}',
    },
    {
      name: 'foreign Host on runs',
      method: 'GET',
      path: '/__harness/runs',
      headers: { host: `rebound.evil.test:${new URL(host).port}` },
    },
    { name: 'run id path traversal', method: 'GET', path: '/__harness/runs/..%2F..%2Fetc/events', headers: {} },
    {
      name: 'run id long unicode',
      method: 'GET',
      path: `/__harness/runs/${'%F0%9F%92%A9'.repeat(500)}/events`,
      headers: {},
    },
    {
      name: 'run prefix clock advance 1e308',
      method: 'POST',
      path: '/__harness/runs/default/clock/advance',
      headers: json,
      body: '{"ms": 1e308}',
    },
    {
      name: 'X-Harness-Run junk',
      method: 'POST',
      path: '/v1/track',
      headers: { ...auth, 'x-harness-run': `../../${'z'.repeat(2_000)}` },
      body: '{"userId":"u","event":"e"}',
    },
  ];
}

/** Raw-socket shapes: a garbage request line, a lying Content-Length (short, and over by a closed socket). */
const RAW_SHAPES: readonly { name: string; bytes: string }[] = [
  { name: 'raw: garbage request line', bytes: 'NOT HTTP AT ALL\r\n\r\n' },
  {
    name: 'raw: Content-Length and chunked',
    bytes:
      'POST /v1/track HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n',
  },
  {
    name: 'raw: Content-Length over the body, then close',
    bytes:
      'POST /v1/track HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"userId":"u"',
  },
  {
    name: 'raw: Content-Length under the body',
    bytes:
      'POST /v1/track HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nAuthorization: Basic c29hazo=\r\nContent-Length: 2\r\n\r\n{}{"userId":"u","event":"e"}',
  },
];

function rawRequest(url: string, bytes: string, endAfterWrite: boolean): Promise<string> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = connect({ host: hostname, port: Number(port) });
    let answer = '';
    const timer = setTimeout(() => socket.destroy(), 10_000);
    socket.on('data', (chunk) => (answer += chunk.toString('latin1')));
    socket.on('error', () => undefined);
    socket.on('close', () => {
      clearTimeout(timer);
      resolve(/^HTTP\/1\.1 (\d{3})/.exec(answer)?.[1] ?? 'closed');
    });
    socket.write(bytes);
    if (endAfterWrite) socket.end();
    else setTimeout(() => socket.end(), 200);
  });
}

/** A client that sends a header or body byte every `everyMs`, for at most `forMs`: the server must cut it off. */
function dribble(
  url: string,
  part: 'headers' | 'body',
  everyMs: number,
  forMs: number,
): Promise<{ status: string; afterMs: number }> {
  const { hostname, port } = new URL(url);
  const started = Date.now();
  return new Promise((resolve) => {
    const socket = connect({ host: hostname, port: Number(port) });
    let answer = '';
    socket.on('data', (chunk) => (answer += chunk.toString('latin1')));
    socket.on('error', () => undefined);
    const head =
      part === 'headers'
        ? 'POST /v1/track HTTP/1.1\r\nHost: 127.0.0.1\r\n'
        : 'POST /v1/track HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n';
    socket.write(head);
    const tick = setInterval(() => socket.write(part === 'headers' ? 'X-Slow: 1\r\n' : ' '), everyMs);
    const stop = setTimeout(() => socket.destroy(), forMs);
    socket.on('close', () => {
      clearInterval(tick);
      clearTimeout(stop);
      resolve({ status: /^HTTP\/1\.1 (\d{3})/.exec(answer)?.[1] ?? 'closed', afterMs: Date.now() - started });
    });
  });
}

const count = (map: Map<string, number>, key: string) => map.set(key, (map.get(key) ?? 0) + 1);

async function hostilePhase(): Promise<boolean> {
  const serve = await startServe(['--clock', 'fake']);
  const pid = serve.child.pid;
  const rssBefore = rssMb(pid);
  const shapes = hostileShapes(serve.url);
  const pool = new Pool(new URL(serve.url).origin, { connections: CONCURRENCY, pipelining: 1 });
  const byStatus = new Map<string, number>();
  const byShape = new Map<string, Map<string, number>>();
  const deadline = Date.now() + PHASE_LIMIT_MS;
  const started = performance.now();
  // Dribblers run beside the flood: 10 on headers, 10 on bodies, each stops by itself after 45 s.
  const dribblers = Promise.all([
    ...Array.from({ length: 10 }, () => dribble(serve.url, 'headers', 2_000, 45_000)),
    ...Array.from({ length: 10 }, () => dribble(serve.url, 'body', 2_000, 45_000)),
  ]);
  let next = 0;
  const worker = async () => {
    while (next < HOSTILE && Date.now() < deadline) {
      const shape = shapes[next++ % shapes.length] as Shape;
      let status: string;
      try {
        const response = await pool.request({
          method: shape.method as 'GET',
          path: shape.path,
          headers: shape.headers,
          ...(shape.body !== undefined ? { body: shape.body } : {}),
        });
        await response.body.dump();
        status = String(response.statusCode);
      } catch (error) {
        status = `error ${(error as { code?: string }).code ?? 'unknown'}`;
      }
      count(byStatus, status);
      const perShape = byShape.get(shape.name) ?? new Map<string, number>();
      byShape.set(shape.name, count(perShape, status));
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  const sent = next;
  const rawCounts = new Map<string, number>();
  for (let i = 0; i < 2_000 && Date.now() < deadline; i++) {
    const shape = RAW_SHAPES[i % RAW_SHAPES.length] as { name: string; bytes: string };
    const status = await rawRequest(serve.url, shape.bytes, shape.name.includes('then close'));
    count(byStatus, `${status}`);
    count(rawCounts, `${shape.name} -> ${status}`);
  }
  const dribbled = await dribblers;
  const seconds = (performance.now() - started) / 1000;
  await pool.close();
  const health = await fetch(`${serve.url}/__harness/health`).then(
    (r) => r.status,
    () => 0,
  );
  const rssAfter = rssMb(pid);
  const exit = await stopServe(serve);
  const fiveXx = [...byStatus].filter(([s]) => s.startsWith('5')).reduce((n, [, c]) => n + c, 0);
  report(
    `Phase 1: ${fmt(sent + 2_000 + dribbled.length)} hostile requests against serve --clock fake (${fmt(seconds, 1)} s)`,
    {
      ...Object.fromEntries([...byStatus].sort().map(([s, c]) => [`status ${s}`, fmt(c)])),
      '5xx answers': fiveXx,
      'header dribblers cut off (status, after s)': dribbled
        .slice(0, 10)
        .map((d) => `${d.status}@${fmt(d.afterMs / 1000)}`)
        .join(' '),
      'body dribblers cut off (status, after s)': dribbled
        .slice(10)
        .map((d) => `${d.status}@${fmt(d.afterMs / 1000)}`)
        .join(' '),
      'health afterwards': health,
      'RSS before / after (MB)': `${fmt(rssBefore)} / ${fmt(rssAfter)}`,
      'exit code on SIGTERM': String(exit),
    },
  );
  console.log('  by shape:');
  for (const [name, statuses] of byShape)
    console.log(`    ${name.padEnd(40)} ${[...statuses].map(([s, c]) => `${s}: ${fmt(c)}`).join(', ')}`);
  for (const [name, c] of rawCounts) console.log(`    ${name.padEnd(60)} ${fmt(c)}`);
  return fiveXx === 0 && health === 200 && exit === 0;
}

async function volumePhase(): Promise<boolean> {
  const serve = await startServe([]);
  const pid = serve.child.pid;
  const pool = new Pool(new URL(serve.url).origin, { connections: 4, pipelining: 1 });
  const BATCH = 250;
  const batches = Math.ceil(EVENTS / BATCH);
  const tenths: { latencies: number[]; rss: number; at: number }[] = [];
  const latencies: number[] = [];
  const statuses = new Map<string, number>();
  const rssStart = rssMb(pid);
  const deadline = Date.now() + PHASE_LIMIT_MS;
  const started = performance.now();
  let sentEvents = 0;
  let next = 0;
  let backoffs = 0;
  const worker = async () => {
    while (next < batches && Date.now() < deadline) {
      const i = next++;
      const body = JSON.stringify({
        batch: Array.from({ length: BATCH }, (_, j) => ({
          type: 'track',
          userId: `user-${(i * BATCH + j) % 50_000}`,
          event: 'Soak Volume',
          properties: { i, j, revenue: 9.99 },
        })),
      });
      for (let attempt = 0; attempt < 20; attempt++) {
        const t0 = performance.now();
        const response = await pool.request({
          method: 'POST',
          path: '/v1/batch',
          headers: { ...json, authorization: basicAuth(`volume-key-${i % KEYS}`) },
          body,
        });
        await response.body.dump();
        count(statuses, String(response.statusCode));
        if (response.statusCode === 429) {
          // The delivery backlog is full: honour Retry-After (bounded), as an SDK does.
          backoffs++;
          await new Promise((resolve) => setTimeout(resolve, 500));
          continue;
        }
        latencies.push(performance.now() - t0);
        if (response.statusCode === 200) sentEvents += BATCH;
        break;
      }
      if ((i + 1) % Math.max(1, Math.floor(batches / 10)) === 0)
        tenths.push({ latencies: latencies.splice(0), rss: rssMb(pid), at: (performance.now() - started) / 1000 });
    }
  };
  await Promise.all(Array.from({ length: 4 }, worker));
  const seconds = (performance.now() - started) / 1000;
  await pool.close();
  const sources = (await (await fetch(`${serve.url}/__harness/sources`)).json()) as {
    sources: unknown[];
    evicted: number;
  };
  const deliveries = (await (await fetch(`${serve.url}/__harness/deliveries?limit=0`)).json()) as { total: number };
  const health = (await (await fetch(`${serve.url}/__harness/health`)).json()) as { events: number };
  const rssEnd = rssMb(pid);
  const exit = await stopServe(serve);
  const dropped = /"dropped":(\d+)/.exec(serve.stderr)?.[1] ?? '0';
  report(
    `Phase 2: ${fmt(sentEvents)} events in batches of ${BATCH} through the zero-config default over ${fmt(KEYS)} write keys (${fmt(seconds, 1)} s, ${fmt(sentEvents / seconds)} events/s)`,
    {
      statuses: [...statuses].map(([s, c]) => `${s}: ${fmt(c)}`).join(', '),
      'events journaled (counted)': fmt(health.events),
      'zero-config sources held / evicted': `${fmt(sources.sources.length)} / ${fmt(sources.evicted)}`,
      'delivery records held': fmt(deliveries.total),
      '429 back-offs (delivery backlog full)': fmt(backoffs),
      'pending deliveries dropped at SIGTERM (logged)': dropped,
      'RSS start / end (MB)': `${fmt(rssStart)} / ${fmt(rssEnd)}`,
    },
  );
  console.log('  per tenth of the run: batch latency median / p99 (ms), RSS (MB), at (s)');
  for (const [i, tenth] of tenths.entries()) {
    console.log(
      `    ${String(i + 1).padStart(2)}: ${fmt(percentile(tenth.latencies, 50), 1).padStart(7)} / ${fmt(percentile(tenth.latencies, 99), 1).padStart(7)}   ${fmt(tenth.rss).padStart(5)}   ${fmt(tenth.at, 1)}`,
    );
  }
  const first = percentile(tenths[0]?.latencies ?? [0], 50);
  const last = percentile(tenths.at(-1)?.latencies ?? [0], 50);
  console.log(`  latency ratio, last tenth / first tenth (median): ${fmt(last / Math.max(first, 0.001), 2)}`);
  return exit === 0;
}

/** SOAK_DISTINCT_KEYS requests, each with a write key never seen before: zero-config sources must stay bounded. */
async function keysPhase(): Promise<boolean> {
  const serve = await startServe(['--clock', 'fake']);
  const pid = serve.child.pid;
  const pool = new Pool(new URL(serve.url).origin, { connections: CONCURRENCY, pipelining: 1 });
  const rssBefore = rssMb(pid);
  const statuses = new Map<string, number>();
  const samples: string[] = [];
  const deadline = Date.now() + PHASE_LIMIT_MS;
  const started = performance.now();
  let next = 0;
  const worker = async () => {
    while (next < DISTINCT_KEYS && Date.now() < deadline) {
      const i = next++;
      const response = await pool.request({
        method: 'POST',
        path: '/v1/track',
        headers: { ...json, authorization: basicAuth(`distinct-key-${i}`) },
        body: '{"userId":"u","event":"Distinct","messageId":"m-1"}',
      });
      await response.body.dump();
      count(statuses, String(response.statusCode));
      if ((i + 1) % Math.floor(DISTINCT_KEYS / 6) === 0) samples.push(`${fmt(i + 1)} keys: ${fmt(rssMb(pid))} MB`);
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  await pool.close();
  const seconds = (performance.now() - started) / 1000;
  const sources = (await (await fetch(`${serve.url}/__harness/sources`)).json()) as {
    sources: unknown[];
    evicted: number;
  };
  const rssAfter = rssMb(pid);
  const exit = await stopServe(serve);
  report(
    `Phase 3: ${fmt(next)} requests, each with a new write key, against serve --clock fake (${fmt(seconds, 1)} s)`,
    {
      statuses: [...statuses].map(([s, c]) => `${s}: ${fmt(c)}`).join(', '),
      'zero-config sources held / evicted': `${fmt(sources.sources.length)} / ${fmt(sources.evicted)}`,
      'RSS before / after (MB)': `${fmt(rssBefore)} / ${fmt(rssAfter)}`,
      'RSS along the way': samples.join('; '),
    },
  );
  return sources.sources.length <= 10_000 && exit === 0;
}

async function stormPhase(): Promise<boolean> {
  // The receiver fails at random: 40% 503, 5% hang (cut off at the virtual 5 s), 5% reset, the rest 200.
  let seed = 7;
  const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
  const hanging = new Set<ServerResponse>();
  const receiver = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      const roll = random();
      if (roll < 0.05) hanging.add(res);
      else if (roll < 0.1) req.socket.destroy();
      else res.writeHead(roll < 0.5 ? 503 : 200).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
  const dir = mkdtempSync(path.join(os.tmpdir(), 'eh-soak-'));
  writeFileSync(
    path.join(dir, 'harness.json'),
    JSON.stringify({
      sources: [
        { writeKey: 'storm', destinations: { Webhooks: { sharedSecret: 's', webhooks: [{ url: receiverUrl }] } } },
      ],
    }),
  );
  const serve = await startServe(['--config', 'harness.json', '--clock', 'fake'], dir);
  const pid = serve.child.pid;
  const rssBefore = rssMb(pid);
  // Collection faults: a third of requests get 503, 429 with Retry-After, or a dropped connection.
  for (const fault of [
    { share: 0.15, status: 503 },
    { share: 0.1, retryAfter: 1 },
    { share: 0.08, reset: true },
  ]) {
    await fetch(`${serve.url}/__harness/faults`, { method: 'POST', headers: json, body: JSON.stringify(fault) });
  }
  const pool = new Pool(new URL(serve.url).origin, { connections: 8, pipelining: 1 });
  const BATCH = 50;
  const batches = Math.ceil(STORM / BATCH);
  const accepted = new Set<string>();
  const answers = new Map<string, number>();
  const deadline = Date.now() + PHASE_LIMIT_MS;
  let next = 0;
  const worker = async () => {
    while (next < batches && Date.now() < deadline) {
      const i = next++;
      const ids = Array.from({ length: BATCH }, (_, j) => `storm-${i}-${j}`);
      const body = JSON.stringify({
        batch: ids.map((messageId) => ({ type: 'track', userId: 'u', event: 'Storm', messageId })),
      });
      // The client retries (same messageIds) until a 200, at most 30 times: the dedup keeps one of each.
      for (let attempt = 0; attempt < 30; attempt++) {
        let status: string;
        try {
          const response = await pool.request({
            method: 'POST',
            path: '/v1/batch',
            headers: { ...json, authorization: basicAuth('storm') },
            body,
          });
          await response.body.dump();
          status = String(response.statusCode);
        } catch {
          status = 'dropped connection';
        }
        count(answers, status);
        if (status === '200') {
          for (const id of ids) accepted.add(id);
          break;
        }
      }
    }
  };
  await Promise.all(Array.from({ length: 8 }, worker));
  await pool.close();
  await fetch(`${serve.url}/__harness/faults`, { method: 'DELETE' });
  const idleStarted = performance.now();
  const idle = await fetch(`${serve.url}/__harness/clock/run-until-idle`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ budgetMs: 300_000 }),
  });
  const idleSeconds = (performance.now() - idleStarted) / 1000;
  const counts = (await (await fetch(`${serve.url}/__harness/events?limit=0`)).json()) as {
    counts: Record<string, number>;
  };
  const journaled = (await (
    await fetch(`${serve.url}/__harness/events?status=accepted&writeKey=storm&limit=0`)
  ).json()) as { total: number };
  const byState: Record<string, number> = {};
  for (const state of ['pending', 'delivered', 'failed', 'expired'])
    byState[state] = (
      (await (await fetch(`${serve.url}/__harness/deliveries?state=${state}&limit=0`)).json()) as { total: number }
    ).total;
  const rssAfter = rssMb(pid);
  const exit = await stopServe(serve);
  for (const res of hanging) res.destroy();
  receiver.closeAllConnections();
  receiver.close();
  const accounted = (byState.delivered ?? 0) + (byState.failed ?? 0) + (byState.expired ?? 0);
  report(`Phase 4: fault storm, ${fmt(accepted.size)} events accepted out of ${fmt(batches * BATCH)} sent`, {
    'collection answers': [...answers].map(([s, c]) => `${s}: ${fmt(c)}`).join(', '),
    'events answered 200 (distinct messageIds)': fmt(accepted.size),
    'journal: accepted / duplicate': `${fmt(journaled.total)} / ${fmt(counts.counts.duplicate ?? 0)}`,
    'deliveries delivered / failed / expired / pending': `${fmt(byState.delivered ?? 0)} / ${fmt(byState.failed ?? 0)} / ${fmt(byState.expired ?? 0)} / ${fmt(byState.pending ?? 0)}`,
    'run-until-idle': `${idle.status} in ${fmt(idleSeconds, 1)} s real`,
    'every accepted event accounted for': String(journaled.total === accepted.size && accounted === accepted.size),
    'RSS before / after (MB)': `${fmt(rssBefore)} / ${fmt(rssAfter)}`,
  });
  return journaled.total === accepted.size && accounted === accepted.size && exit === 0;
}

console.log(`soak on ${os.cpus().length} cores, loopback only; phases ${PHASES.join(', ')}`);
let ok = true;
if (PHASES.includes('hostile')) ok = (await hostilePhase()) && ok;
if (PHASES.includes('volume')) ok = (await volumePhase()) && ok;
if (PHASES.includes('keys')) ok = (await keysPhase()) && ok;
if (PHASES.includes('storm')) ok = (await stormPhase()) && ok;
console.log(ok ? '\nsoak: every check held' : '\nsoak: a check failed (see above)');
process.exitCode = ok ? 0 : 1;
