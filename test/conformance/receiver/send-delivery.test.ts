// A delivery that gets no answer says whether the receiver took the connection: a receiver that accepted it and
// stays silent is slow, one whose listen backlog is full never accepted it (Python's http.server queues 5).
import test, { type ExecutionContext } from 'ava';
import { spawn } from 'node:child_process';
import { createServer, connect, type Socket } from 'node:net';
import { once } from 'node:events';
import { createSystemClock } from '../../../src/index.js';
import {
  createDeliverySender,
  describeOutcome,
  describeReaction,
} from '../../../conformance/receiver/send-delivery.js';

const WAIT_MS = 400;

function sender(t: ExecutionContext) {
  const delivery = createDeliverySender({ clock: createSystemClock() });
  t.teardown(() => delivery.close());
  return delivery;
}

/** A child listening with a backlog of 1 whose event loop is blocked at once: it never accepts a connection. */
async function nonAcceptingListener(t: ExecutionContext): Promise<number> {
  const script = `const s = require('node:net').createServer();
s.listen({ port: 0, host: '127.0.0.1', backlog: 1 }, () => {
  process.stdout.write(s.address().port + '\\n');
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0);
});`;
  const child = spawn(process.execPath, ['-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
  t.teardown(() => void child.kill('SIGKILL'));
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  const [chunk] = (await once(child.stdout, 'data')) as [Buffer];
  clearTimeout(timer);
  const port = Number(chunk.toString('utf8').trim());
  t.true(port > 0, `the child printed its port (got ${chunk.toString('utf8')})`);
  return port;
}

/** Opens connections until one is not established within `ms`: the accept queue is then full. */
async function fillAcceptQueue(t: ExecutionContext, port: number, ms: number): Promise<number> {
  const sockets: Socket[] = [];
  t.teardown(() => {
    for (const socket of sockets) socket.destroy();
  });
  for (let opened = 0; opened < 64; opened++) {
    const socket = connect({ port, host: '127.0.0.1' });
    socket.on('error', () => {});
    sockets.push(socket);
    const established = await Promise.race([
      once(socket, 'connect').then(() => true),
      new Promise<boolean>((resolve) => setTimeout(() => resolve(false), ms)),
    ]);
    if (!established) return opened;
  }
  throw new Error('64 connections were all established: the listener accepts them after all');
}

test('a receiver whose listen backlog is full: no answer, and the connection was never accepted', async (t) => {
  const port = await nonAcceptingListener(t);
  const queued = await fillAcceptQueue(t, port, WAIT_MS);
  t.log(`the kernel queued ${queued} connections before refusing more`);
  const outcome = await sender(t).send(`http://127.0.0.1:${port}/`, {}, '{"type":"track"}', WAIT_MS);
  t.deepEqual(outcome, { kind: 'no-answer', waitedMs: WAIT_MS, connected: false });
  t.is(describeReaction(outcome), `did not accept the connection within ${WAIT_MS} ms`);
  t.is(describeOutcome(outcome), `connection not accepted within ${WAIT_MS} ms`);
});

test('a receiver that takes the connection and stays silent: no answer, connected', async (t) => {
  const held = new Set<Socket>();
  const silent = createServer((socket) => void held.add(socket));
  silent.listen(0, '127.0.0.1');
  await once(silent, 'listening');
  t.teardown(() => {
    for (const socket of held) socket.destroy();
    return new Promise<void>((resolve) => silent.close(() => resolve()));
  });
  const address = silent.address();
  const port = typeof address === 'object' && address !== null ? address.port : 0;
  const delivery = sender(t);
  const outcome = await delivery.send(`http://127.0.0.1:${port}/`, {}, '{"type":"track"}', WAIT_MS);
  t.deepEqual(outcome, { kind: 'no-answer', waitedMs: WAIT_MS, connected: true });
  t.is(describeReaction(outcome), `gave no answer within ${WAIT_MS} ms`);
  t.is(describeOutcome(outcome), `no answer within ${WAIT_MS} ms`);
});
