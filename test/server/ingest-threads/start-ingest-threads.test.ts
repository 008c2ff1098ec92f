import test, { type ExecutionContext } from 'ava';
import type { Server as HapiServer } from '@hapi/hapi';
import { once } from 'node:events';
import { connect, createServer as createNetServer, type AddressInfo } from 'node:net';
import { clientAddressOf } from '../../../src/server/client-address.js';
import { serverFrontOf } from '../../../src/server/create-server.js';
import { defaultIngestThreads, startIngestThreads } from '../../../src/server/ingest-threads/start-ingest-threads.js';
import { supportsReusePort } from '../../../src/server/port-sharing-server.js';
import { basicAuth, startHarness } from '../../helpers/harness.js';
import { onOneSocket } from '../../helpers/raw-http.js';

// The threads are started on a port of their own here, not shared with the main listener: every connection to it
// is then a thread's, on every Node line (one thread needs no reusePort), so each test knows who read its requests.

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createNetServer();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/** A harness, and `count` ingest threads listening on a port of their own for it (the threads' URL). */
async function withThreads(t: ExecutionContext, count = 1, maxConnections = 1024) {
  const harness = await startHarness(t);
  const hapi = harness.server as unknown as HapiServer;
  const front = serverFrontOf(hapi);
  if (front === undefined) throw new Error('createServer made the server: it has a front');
  const port = await freePort();
  const errors: Error[] = [];
  const threads = await startIngestThreads({
    listener: hapi.listener,
    door: front.door,
    answer: front.answer,
    count,
    maxConnections,
    connectionCount: front.slots.counter,
    address: { host: '127.0.0.1', port },
    onThreadError: (error) => errors.push(error),
  });
  t.teardown(() => threads.stop());
  const listening = await threads.ready;
  // Requests under /v1/ that went through Hapi's lifecycle (none should: the door answers them).
  const hapiSaw: string[] = [];
  const addresses: string[] = [];
  hapi.ext('onRequest', (request, h) => {
    hapiSaw.push(`${request.method.toUpperCase()} ${request.path}`);
    addresses.push(clientAddressOf(request.raw.req));
    return h.continue;
  });
  return { harness, threads, listening, errors, url: `http://127.0.0.1:${port}`, hapiSaw, addresses };
}

const json = { 'content-type': 'application/json', authorization: basicAuth('wk') };
const track = (userId: string) => JSON.stringify({ userId, event: 'Signed Up' });

test('collection requests a thread reads are answered and journaled by the door as on the main listener', async (t) => {
  const { harness, threads, errors, url, hapiSaw } = await withThreads(t);
  const batch = JSON.stringify({ batch: [JSON.parse(track('u1')), { type: 'identify', userId: 'u2' }] });
  const viaThread = await fetch(`${url}/v1/batch`, { method: 'POST', headers: json, body: batch });
  const direct = await fetch(`${harness.url}/v1/batch`, { method: 'POST', headers: json, body: batch });
  t.deepEqual(errors, []);
  t.is(viaThread.status, 200);
  t.is(await viaThread.text(), await direct.text());
  for (const name of ['content-type', 'content-length', 'cache-control', 'access-control-allow-origin'])
    t.is(viaThread.headers.get(name), direct.headers.get(name), name);
  const withOrigin = await fetch(`${url}/v1/t`, {
    method: 'POST',
    headers: { ...json, origin: 'https://shop.example' },
    body: track('u3'),
  });
  t.is(withOrigin.status, 200);
  t.is(withOrigin.headers.get('access-control-allow-origin'), 'https://shop.example');
  // A request the door refuses is the door's answer too: the thread's read body went to it, not to Hapi.
  const badJson = await fetch(`${url}/v1/track`, { method: 'POST', headers: json, body: '{"userId":"u4",}' });
  const directBad = await fetch(`${harness.url}/v1/track`, { method: 'POST', headers: json, body: '{"userId":"u4",}' });
  t.is(badJson.status, 400);
  t.is(await badJson.text(), await directBad.text());
  t.is(threads.forwarded(), 3, 'every collection request the thread read went to the door');
  t.deepEqual(hapiSaw, [], 'none went through Hapi');
  const users = [...harness.journal.entries()].map((entry) => (entry.event as { userId?: string }).userId).sort();
  t.deepEqual(users, ['u1', 'u1', 'u2', 'u2', 'u3']);
  const logged = harness.core.requests.newest(10).map((record) => `${record.path} ${record.status}`);
  t.deepEqual(logged.sort(), ['/v1/batch 200', '/v1/batch 200', '/v1/t 200', '/v1/track 400', '/v1/track 400']);
});

test("a busy main thread takes a thread's call when asked (as before each request of its own), not a turn of its event loop later", async (t) => {
  const { harness, threads, url } = await withThreads(t);
  const { hostname, port, host } = new URL(url);
  const socket = connect(Number(port), hostname);
  t.teardown(() => socket.destroy());
  await once(socket, 'connect');
  let answer = '';
  socket.on('data', (chunk: Buffer) => {
    answer += chunk.toString();
  });
  const event = track('u-busy');
  socket.write(
    `POST /v1/track HTTP/1.1\r\nHost: ${host}\r\nAuthorization: ${basicAuth('wk')}\r\nContent-Type: application/json\r\nContent-Length: ${event.length}\r\n\r\n${event}`,
  );
  // The main thread stays busy (its event loop does not turn) while the thread reads the request and posts it.
  const pause = new Int32Array(new SharedArrayBuffer(4));
  const deadline = Date.now() + 10_000;
  let taken = 0;
  while (taken === 0 && Date.now() < deadline) {
    Atomics.wait(pause, 0, 0, 5);
    taken = threads.takePosted();
  }
  t.is(taken, 1, 'the call was taken from the channel while the main thread was busy');
  // Microtasks only (the door's awaits), no turn of the event loop: the call was the door's before the loop turned.
  for (let i = 0; i < 100 && harness.journal.counts().accepted === 0; i++) await null;
  t.is(harness.journal.counts().accepted, 1);
  t.is(threads.forwarded(), 1);
  const deadlineAnswer = Date.now() + 10_000;
  while (!answer.includes('{"success":true}') && Date.now() < deadlineAnswer)
    await new Promise((resolve) => setTimeout(resolve, 10));
  t.regex(answer, /^HTTP\/1\.1 200 OK/);
  t.is(threads.takePosted(), 0, 'nothing more was posted');
  // The main listener asks at each of its own requests, until the threads stop.
  const listener = (harness.server as unknown as HapiServer).listener;
  t.true(listener.listeners('request').includes(threads.takePosted));
  await threads.stop();
  t.false(listener.listeners('request').includes(threads.takePosted));
});

test("every other request goes on to the main thread's Hapi over its private socket, with the client's address", async (t) => {
  const { harness, threads, url, hapiSaw, addresses } = await withThreads(t);
  await fetch(`${harness.url}/v1/track`, { method: 'POST', headers: json, body: track('u1') });
  // The admin routes load with the first admin request (a harness's lazy admin), which Hapi then replays.
  await fetch(`${harness.url}/__harness/health`);
  hapiSaw.length = 0;
  addresses.length = 0;
  const events = await fetch(`${url}/__harness/events?userId=u1`, {
    headers: { 'x-event-harness-client-address': '203.0.113.9' },
  });
  t.is(events.status, 200);
  t.like(await events.json(), { total: 1 });
  const missing = await fetch(`${url}/favicon.ico`);
  t.is(missing.status, 404);
  t.regex(((await missing.json()) as { message: string }).message, /nothing answers GET \/favicon\.ico/);
  t.is(threads.forwarded(), 0, 'none of them is for the door');
  t.deepEqual(hapiSaw, ['GET /__harness/events', 'GET /favicon.ico']);
  // The thread always sets the header, so a client cannot choose the address the server sees.
  t.deepEqual(addresses, ['127.0.0.1', '127.0.0.1']);
  // On the public listener nobody reads that header: the socket's peer is the address.
  await fetch(`${harness.url}/__harness/health`, { headers: { 'x-event-harness-client-address': '203.0.113.9' } });
  t.is(addresses.at(-1), '127.0.0.1');
});

test('the Host rule holds for requests a thread reads: another name is refused and nothing is journaled', async (t) => {
  const { harness, url } = await withThreads(t);
  const { statuses } = await onOneSocket(url, [
    `POST /v1/track HTTP/1.1\r\nHost: rebind.example\r\nAuthorization: ${basicAuth('wk')}\r\nContent-Length: 27\r\n\r\n{"userId":"u","event":"E"}\n`,
  ]);
  t.deepEqual(statuses, [403]);
  t.is(harness.journal.counts().all, 0);
});

test('on a kept-alive connection to a thread, requests refused before their body is read, events and reads are all answered, and it stays open', async (t) => {
  const { harness, url } = await withThreads(t);
  const host = new URL(url).host;
  const big = 'x'.repeat(200_000);
  const event = '{"userId":"u","event":"E"}';
  const sequence = [
    // 403: a cross-origin admin write, refused before its body is read.
    `POST /__harness/reset HTTP/1.1\r\nHost: ${host}\r\nOrigin: http://evil.test\r\nContent-Type: application/json\r\nContent-Length: ${big.length}\r\n\r\n${big}`,
    `POST /v1/track HTTP/1.1\r\nHost: ${host}\r\nAuthorization: ${basicAuth('wk')}\r\nContent-Length: ${event.length}\r\n\r\n${event}`,
    // 415: an admin write that is not JSON.
    `POST /__harness/faults HTTP/1.1\r\nHost: ${host}\r\nContent-Type: text/plain\r\nContent-Length: ${big.length}\r\n\r\n${big}`,
    `GET /__harness/health HTTP/1.1\r\nHost: ${host}\r\n\r\n`,
    // 404 with a body: nothing answers the path.
    `POST /nowhere HTTP/1.1\r\nHost: ${host}\r\nContent-Type: application/json\r\nContent-Length: ${big.length}\r\n\r\n${big}`,
  ];
  const { statuses, open } = await onOneSocket(url, [...sequence, ...sequence]);
  t.deepEqual(statuses, [403, 200, 415, 200, 404, 403, 200, 415, 200, 404]);
  t.true(open, 'the connection stays open for more requests');
  t.is(harness.journal.counts().accepted, 2);
});

test('--max-connections is one count for the main listener and every thread: past it a new connection is closed', async (t) => {
  const { harness, url } = await withThreads(t, 1, 2);
  const opened = (target: string) =>
    new Promise<ReturnType<typeof connect>>((resolve, reject) => {
      const { hostname, port } = new URL(target);
      const socket = connect({ host: hostname, port: Number(port) });
      socket.once('connect', () => resolve(socket));
      socket.once('error', reject);
    });
  // One connection on the main listener, one on the thread, each in the middle of its request (fresh: not evicted).
  const sockets = [await opened(harness.url), await opened(url)];
  for (const socket of sockets) socket.write('POST /v1/track HTTP/1.1\r\n');
  t.teardown(() => {
    for (const socket of sockets) socket.destroy();
  });
  await new Promise((resolve) => setTimeout(resolve, 100));
  const third = await opened(url);
  const outcome = await new Promise<string>((resolve) => {
    third.on('data', () => resolve('answered'));
    third.on('close', () => resolve('closed'));
    third.on('error', () => resolve('closed'));
    third.write(`GET /v1/nothing HTTP/1.1\r\nHost: ${new URL(url).host}\r\n\r\n`);
  });
  t.is(outcome, 'closed');
});

test('a stop closes every thread: the port refuses connections and the stop resolves', async (t) => {
  const { threads, url } = await withThreads(t);
  t.is((await fetch(`${url}/v1/track`, { method: 'POST', headers: json, body: track('u1') })).status, 200);
  await threads.stop();
  const refused = await new Promise<string>((resolve) => {
    const socket = connect(Number(new URL(url).port), '127.0.0.1');
    socket.on('connect', () => resolve('connected'));
    socket.on('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? 'error'));
  });
  t.is(refused, 'ECONNREFUSED');
});

test('two threads on one port: both listen where the Node line has reusePort; elsewhere the second cannot bind and says so', async (t) => {
  const { listening, errors, url } = await withThreads(t, 2);
  if (supportsReusePort()) {
    t.is(listening, 2);
    t.deepEqual(errors, []);
  } else {
    t.is(listening, 1, `Node ${process.version} binds one port once: the second thread gets EADDRINUSE`);
    t.is((errors[0] as NodeJS.ErrnoException | undefined)?.code, 'EADDRINUSE');
  }
  t.is((await fetch(`${url}/v1/track`, { method: 'POST', headers: json, body: track('u1') })).status, 200);
});

test('no threads when none are asked for', async (t) => {
  const harness = await startHarness(t);
  const hapi = harness.server as unknown as HapiServer;
  const front = serverFrontOf(hapi);
  if (front === undefined) throw new Error('createServer made the server: it has a front');
  const threads = await startIngestThreads({
    listener: hapi.listener,
    door: front.door,
    answer: front.answer,
    count: 0,
    maxConnections: 1024,
    connectionCount: front.slots.counter,
  });
  t.is(threads.count, 0);
  t.is(await threads.ready, 0);
});

test("the default threads: one per CPU but the main thread's, at least 1 and at most 4", (t) => {
  t.deepEqual(
    [1, 2, 3, 4, 5, 6, 64].map((cpus) => defaultIngestThreads(cpus)),
    [1, 1, 2, 3, 4, 4, 4],
  );
});
