// Issue 34's figures for docs/limits.md, on `event-harness serve` as users run it (a child process, default threads):
//   1. slowloris: SLOWLORIS_HELD (default 1,100) connections from this process, each sending half a request and never
//      reading, against the default cap (1,024); then SLOWLORIS_CLIENTS (default 239) new clients, one request each:
//      how many are served and how fast, beside the same clients before the slow connections (the baseline);
//   2. stop: SIGTERM under a steady load on kept-alive connections with a receiver that never answers: how long
//      `serve` takes to exit, and how the requests sent after the signal were answered.
// Run: node --import tsx bench/slow-clients-and-stop.ts
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:http';
import { connect, type AddressInfo, type Socket } from 'node:net';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { steadyLoad } from '../test/helpers/steady-load.js';
import { fmt, percentile, report } from './bench-kit.js';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const HELD = Number(process.env.SLOWLORIS_HELD ?? 1_100);
const CLIENTS = Number(process.env.SLOWLORIS_CLIENTS ?? 239);

function startServe(args: readonly string[]): Promise<{ url: string; child: ChildProcess }> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ['--import', import.meta.resolve('tsx'), path.join(root, 'src/cli/main.ts'), 'serve', '--port', '0', ...args],
      { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    child.stdout?.on('data', (chunk: Buffer) => {
      const match = /listening on (http:\/\/\S+)/.exec(chunk.toString());
      if (match?.[1] !== undefined) resolve({ url: match[1], child });
    });
    child.on('exit', (code) => reject(new Error(`serve exited (${code}) before listening`)));
  });
}

async function newClients(url: string, count: number): Promise<{ served: number; ms: number[] }> {
  const results = await Promise.all(
    Array.from({ length: count }, async () => {
      const started = Date.now();
      try {
        const response = await fetch(`${url}/v1/track`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: 'Basic d2s6', connection: 'close' },
          body: '{"userId":"u","event":"New client"}',
          signal: AbortSignal.timeout(60_000),
        });
        await response.arrayBuffer();
        return { ok: response.status === 200, ms: Date.now() - started };
      } catch {
        return { ok: false, ms: Date.now() - started };
      }
    }),
  );
  return { served: results.filter((r) => r.ok).length, ms: results.filter((r) => r.ok).map((r) => r.ms) };
}

// 1. Slowloris.
{
  const serve = await startServe(['--quiet']);
  // The threads take the connections once they listen.
  await new Promise((resolve) => setTimeout(resolve, 3_000));
  const baseline = await newClients(serve.url, CLIENTS);
  const { hostname, port } = new URL(serve.url);
  const held: Socket[] = [];
  for (let i = 0; i < HELD; i++) {
    const socket = connect({ host: hostname, port: Number(port) });
    socket.on('error', () => undefined);
    socket.once('connect', () => socket.write('POST /v1/track HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\n{'));
    socket.pause();
    held.push(socket);
  }
  await new Promise((resolve) => setTimeout(resolve, 2_000));
  const started = Date.now();
  const attacked = await newClients(serve.url, CLIENTS);
  const took = Date.now() - started;
  report(`slowloris: ${fmt(HELD)} half-sent requests held from one process, cap 1,024`, {
    'new clients served, before (baseline)': `${baseline.served} of ${CLIENTS}`,
    'baseline latency p50 / p99 (ms)': `${fmt(percentile(baseline.ms, 50))} / ${fmt(percentile(baseline.ms, 99))}`,
    'new clients served, with the slow connections held': `${attacked.served} of ${CLIENTS} in ${fmt(took)} ms`,
    'latency p50 / p99 (ms)': `${fmt(percentile(attacked.ms, 50))} / ${fmt(percentile(attacked.ms, 99))}`,
  });
  for (const socket of held) socket.destroy();
  serve.child.kill('SIGTERM');
  await new Promise((resolve) => serve.child.once('exit', resolve));
}

// 2. Stop under load.
{
  const receiver = createServer(() => undefined);
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const dir = mkdtempSync(path.join(os.tmpdir(), 'eh-stop-'));
  const config = path.join(dir, 'harness.json');
  const hook = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
  writeFileSync(
    config,
    JSON.stringify({ sources: [{ writeKey: 'wk', destinations: { Webhooks: { webhooks: [{ url: hook }] } } }] }),
  );
  const serve = await startServe(['--quiet', '--config', config]);
  await new Promise((resolve) => setTimeout(resolve, 3_000));
  const load = steadyLoad([serve.url], {
    writeKey: 'wk',
    senders: 16,
    batchSize: 5,
    prefix: 'stop',
    timeoutMs: 15_000,
  });
  await new Promise((resolve) => setTimeout(resolve, 3_000));
  const exited = new Promise<number>((resolve) => serve.child.once('exit', () => resolve(Date.now())));
  const signalAt = Date.now();
  serve.child.kill('SIGTERM');
  const exitAt = await exited;
  await load.stop(1_000);
  // Sent after the signal reached serve (a few ms): by status (0: refused, or closed without an answer).
  const late = new Map<number, number>();
  for (const answer of load.answers.filter((a) => a.at >= signalAt + 50))
    late.set(answer.status, (late.get(answer.status) ?? 0) + 1);
  report('stop: SIGTERM under load (16 kept-alive senders), a receiver that never answers', {
    'batches answered 200 before the signal': fmt(
      load.answers.filter((a) => a.status === 200 && a.at < signalAt).length,
    ),
    'requests sent after the signal, by answer (0: refused or closed)': [...late]
      .map(([status, n]) => `${status}: ${fmt(n)}`)
      .join(', '),
    'exit after SIGTERM (ms)': fmt(exitAt - signalAt),
  });
  receiver.closeAllConnections();
  receiver.close();
}
