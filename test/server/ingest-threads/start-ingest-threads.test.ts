import test, { type ExecutionContext } from 'ava';
import type { Server as HapiServer } from '@hapi/hapi';
import { spawn } from 'node:child_process';
import { connect } from 'node:net';
import type { HarnessServedRequest } from '../../../src/harness/harness-server.js';
import { mountCollectionFastPath } from '../../../src/server/collection-fast-path.js';
import { type IngestThreads, startIngestThreads } from '../../../src/server/ingest-threads/start-ingest-threads.js';
import { basicAuth, startHarness } from '../../helpers/harness.js';

interface Answer {
  /** The client's error code when the connection failed (then no status). */
  readonly error?: string;
  readonly status: number;
  readonly headers: Record<string, string>;
  readonly body: string;
}

interface Sent {
  readonly method: string;
  readonly path: string;
  readonly headers: Record<string, string>;
  readonly body?: string;
}

/** A harness as serve runs it: the fast path in front of Hapi and `count` ingest threads on its socket. */
async function withThreads(t: ExecutionContext, count = 2, maxConnections = 1024) {
  const harness = await startHarness(t);
  const server = harness.server as unknown as HapiServer;
  const fastPath = mountCollectionFastPath(server, { core: harness.core, runs: harness.runs, host: '127.0.0.1' });
  const errors: Error[] = [];
  const threads = await startIngestThreads({
    listener: server.listener,
    fastPath,
    count,
    maxConnections,
    connectionCount: new SharedArrayBuffer(4),
    onThreadError: (error) => errors.push(error),
  });
  t.teardown(() => threads.stop());
  await threads.ready;
  const logged: string[] = [];
  const addresses: string[] = [];
  harness.server.events.on('response', (request: HarnessServedRequest) => {
    logged.push(`${request.method.toUpperCase()} ${request.path} ${request.raw.res.statusCode}`);
    // Read the way Hapi reads it: from the request's socket.
    addresses.push(`${request.method.toUpperCase()} ${request.path} ${request.raw.req.socket.remoteAddress}`);
  });
  return { harness, threads, errors, logged, addresses };
}

// A client in a child process: it sends every request on a connection of its own once told to, and prints the
// answers. While it sends, the test's own thread (the server's main thread) is held, so only an ingest thread can
// accept the connections: what comes back went through the threads.
const CLIENT = `
const http = require('node:http');
const [url, requests] = JSON.parse(process.argv[1]);
process.stdout.write('ready\\n');
process.stdin.once('data', async () => {
  const answers = await Promise.all(requests.map((sent) => new Promise((resolve, reject) => {
    const req = http.request(new URL(sent.path, url), { method: sent.method, headers: sent.headers, agent: false, timeout: 20000 }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks).toString() }));
    });
    req.on('timeout', () => req.destroy(new Error('no answer to ' + sent.method + ' ' + sent.path + ' within 20 s')));
    req.on('error', (error) => resolve({ error: error.code ?? error.message }));
    req.end(sent.body ?? '');
  })));
  process.stdout.write(JSON.stringify(answers));
});`;

/** Sends `requests` from a child process while this thread is held for `holdMs`; the answers, in order. */
async function sendWhileHeld(url: string, requests: readonly Sent[], holdMs = 1_500): Promise<Answer[]> {
  const child = spawn(process.execPath, ['-e', CLIENT, JSON.stringify([url, requests])], {
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  // 'close', not 'exit': the answers may still be in the pipe when the process has exited.
  const exited = new Promise<number | null>((resolve) => child.on('close', resolve));
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the client did not start within 20 s: ${stderr}`)), 20_000);
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      if (stdout.startsWith('ready\n')) {
        clearTimeout(timer);
        resolve();
      }
    });
  });
  child.stdin.end('go\n');
  // Hold this thread: its event loop accepts nothing meanwhile, the ingest threads do.
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, holdMs);
  const code = await Promise.race([
    exited,
    new Promise<never>((_, reject) =>
      setTimeout(() => reject(new Error('the client did not finish within 30 s')), 30_000),
    ),
  ]);
  if (code !== 0) throw new Error(`the client exited ${code}: ${stderr}`);
  return JSON.parse(stdout.slice('ready\n'.length)) as Answer[];
}

const json = { 'content-type': 'application/json', authorization: basicAuth('wk') };
const track = (userId: string) => JSON.stringify({ userId, event: 'Signed Up' });

test('collection requests read by the ingest threads are answered and journaled as the main thread answers them', async (t) => {
  const { harness, threads, errors, logged } = await withThreads(t);
  const batch = JSON.stringify({ batch: [JSON.parse(track('u1')), { type: 'identify', userId: 'u2' }] });
  const sent: Sent[] = [
    { method: 'POST', path: '/v1/batch', headers: json, body: batch },
    { method: 'POST', path: '/v1/t', headers: { ...json, origin: 'https://shop.example' }, body: track('u3') },
    // Refused, so sent on to the server: with its body, which the thread gave the main thread and got back.
    { method: 'POST', path: '/v1/track', headers: json, body: '{"userId":"u4",}' },
  ];
  const [viaThread, withOrigin, badJson] = await sendWhileHeld(harness.url, sent);
  t.deepEqual(errors, []);
  t.is(threads.forwarded(), 3, 'every collection request was read by a thread and handed to the core');
  // The same request on this thread, through the fast path, for the answer to compare with.
  const direct = await fetch(`${harness.url}/v1/batch`, { method: 'POST', headers: json, body: batch });
  t.is(viaThread?.status, 200);
  t.is(viaThread?.body, await direct.text());
  for (const name of ['content-type', 'content-length', 'cache-control', 'access-control-allow-origin'])
    t.is(viaThread?.headers[name], direct.headers.get(name) ?? undefined, name);
  t.like(withOrigin, { status: 200, body: '{"success":true}' });
  t.like(withOrigin?.headers, { 'access-control-allow-origin': 'https://shop.example', vary: 'origin' });
  // A request the core refuses is answered by Hapi, with its error shape.
  t.is(badJson?.status, 400);
  t.like(JSON.parse(badJson?.body ?? '{}'), { success: false, code: 'INVALID_JSON' });
  const users = [...harness.journal.entries()].map((entry) => (entry.event as { userId?: string }).userId).sort();
  t.deepEqual(users, ['u1', 'u1', 'u2', 'u2', 'u3']);
  t.deepEqual(logged.filter((line) => line.startsWith('POST /v1/t')).sort(), ['POST /v1/t 200', 'POST /v1/track 400']);
  // The parser's message names where the body went wrong: an empty or truncated body would be told otherwise.
  const directBad = await fetch(`${harness.url}/v1/track`, { method: 'POST', headers: json, body: '{"userId":"u4",}' });
  t.is(badJson?.body, await directBad.text());
  t.regex(badJson?.body ?? '', /position 15/);
});

test('every other request is sent on to the server: admin reads, preflights and the client address', async (t) => {
  const { harness, threads, addresses } = await withThreads(t);
  await fetch(`${harness.url}/v1/track`, { method: 'POST', headers: json, body: track('u1') });
  const preflightHeaders = { origin: 'https://shop.example', 'access-control-request-method': 'POST' };
  const direct = await fetch(`${harness.url}/v1/batch`, { method: 'OPTIONS', headers: preflightHeaders });
  const before = threads.forwarded();
  const [events, preflight, missing] = await sendWhileHeld(harness.url, [
    { method: 'GET', path: '/__harness/events?userId=u1', headers: {} },
    { method: 'OPTIONS', path: '/v1/batch', headers: preflightHeaders },
    { method: 'GET', path: '/favicon.ico', headers: {} },
  ]);
  t.is(threads.forwarded(), before, 'none of them is a collection request');
  t.is(events?.status, 200);
  t.like(JSON.parse(events?.body ?? '{}'), { total: 1 });
  t.is(preflight?.status, direct.status);
  for (const name of ['access-control-allow-origin', 'access-control-allow-methods', 'access-control-allow-headers'])
    t.is(preflight?.headers[name], direct.headers.get(name) ?? undefined, name);
  t.is(preflight?.headers['access-control-allow-origin'], 'https://shop.example');
  t.is(missing?.status, 404);
  t.regex(JSON.parse(missing?.body ?? '{}').message, /nothing answers GET \/favicon\.ico/);
  // The server saw each request from the client's address, not from the thread's private socket.
  for (const request of ['GET /__harness/events', 'GET /favicon.ico'])
    t.true(addresses.includes(`${request} 127.0.0.1`), request);
});

test('the Host rule holds for requests a thread reads: another name is refused and nothing is journaled', async (t) => {
  const { harness, threads } = await withThreads(t);
  const [refused] = await sendWhileHeld(harness.url, [
    { method: 'POST', path: '/v1/track', headers: { ...json, host: 'rebind.example' }, body: track('u1') },
  ]);
  t.is(threads.forwarded(), 1, 'the thread handed it to the fast path, which sent it on to the server');
  t.is(refused?.status, 403);
  t.like(JSON.parse(refused?.body ?? '{}'), { success: false, code: 'HOST_NOT_ALLOWED' });
  t.is([...harness.journal.entries()].length, 0);
});

test('a listener of the response event that throws after the core took a request: a 500 naming it, and the events journaled once', async (t) => {
  const { harness, threads } = await withThreads(t);
  harness.server.events.on('response', (request: HarnessServedRequest) => {
    if (request.path === '/v1/track') throw new Error('a listener broke');
  });
  const [answer] = await sendWhileHeld(harness.url, [
    { method: 'POST', path: '/v1/track', headers: json, body: track('u1') },
  ]);
  t.is(threads.forwarded(), 1);
  t.is(answer?.status, 500);
  t.like(JSON.parse(answer?.body ?? '{}'), {
    code: 'INTERNAL_ERROR',
    message: 'the collection API could not answer: a listener broke',
  });
  t.is([...harness.journal.entries()].length, 1, 'not sent on to the server a second time');
});

test('--max-connections counts every thread: connections past the limit are closed', async (t) => {
  const { harness } = await withThreads(t, 2, 2);
  const slow = { method: 'POST', path: '/v1/track', headers: json, body: track('u1') };
  const answers = await sendWhileHeld(harness.url, [slow, slow, slow, slow, slow]);
  const answered = answers.filter((answer) => answer.status === 200).length;
  t.true(answered >= 2 && answered < 5, `${answered} of 5 connections answered with a limit of 2`);
  t.true(answers.every((answer) => answer.status === 200 || answer.error !== undefined));
});

test('a stop closes every thread: the port refuses connections and the stop resolves', async (t) => {
  const { harness, threads } = await withThreads(t, 3);
  const { port } = new URL(harness.url);
  await sendWhileHeld(harness.url, [{ method: 'POST', path: '/v1/track', headers: json, body: track('u1') }]);
  t.is(threads.forwarded(), 1);
  await (harness.server as unknown as HapiServer).stop();
  await threads.stop();
  const refused = await new Promise<string>((resolve) => {
    const socket = connect(Number(port), '127.0.0.1');
    socket.on('connect', () => resolve('connected'));
    socket.on('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? 'error'));
  });
  t.is(refused, 'ECONNREFUSED');
});

test('no threads when none are asked for', async (t) => {
  const harness = await startHarness(t);
  const server = harness.server as unknown as HapiServer;
  const fastPath = mountCollectionFastPath(server, { core: harness.core, host: '127.0.0.1' });
  const threads: IngestThreads = await startIngestThreads({
    listener: server.listener,
    fastPath,
    count: 0,
    maxConnections: 1024,
    connectionCount: new SharedArrayBuffer(4),
  });
  t.is(threads.count, 0);
  t.is(threads.forwarded(), 0);
});
