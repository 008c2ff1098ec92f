import test from 'ava';
import { MessageChannel, markAsUntransferable, receiveMessageOnPort } from 'node:worker_threads';
import { postMovingBodies } from '../../../src/server/ingest-threads/ingest-thread-protocol.js';

function channel(t: { teardown(fn: () => void): void }) {
  const { port1, port2 } = new MessageChannel();
  t.teardown(() => {
    port1.close();
    port2.close();
  });
  return { port1, port2 };
}

const answersWith = (body: Uint8Array) => ({ kind: 'answers', ids: [1], answers: [{ kind: 'proxy', body }] }) as const;

test('a body with a buffer of its own moves to the other side: the sender no longer holds its bytes', (t) => {
  const { port1, port2 } = channel(t);
  const body = Buffer.allocUnsafeSlow(64).fill('a');
  postMovingBodies(port1, answersWith(body), [body]);
  t.is(body.buffer.byteLength, 0, 'the buffer was moved, not copied');
  const received = receiveMessageOnPort(port2)?.message as ReturnType<typeof answersWith>;
  t.is(Buffer.from(received.answers[0].body).toString(), 'a'.repeat(64));
});

test('a body that is a slice of a shared buffer is copied: the rest of that buffer stays with its owner', (t) => {
  const { port1, port2 } = channel(t);
  const shared = Buffer.alloc(128, 'b');
  const body = shared.subarray(0, 16);
  postMovingBodies(port1, answersWith(body), [body]);
  t.is(shared.buffer.byteLength, 128);
  const received = receiveMessageOnPort(port2)?.message as ReturnType<typeof answersWith>;
  t.is(Buffer.from(received.answers[0].body).toString(), 'b'.repeat(16));
});

test('a buffer the runtime will not move is copied, and the message still goes', (t) => {
  const { port1, port2 } = channel(t);
  const body = Buffer.allocUnsafeSlow(32).fill('c');
  markAsUntransferable(body.buffer);
  postMovingBodies(port1, answersWith(body), [body]);
  t.is(body.toString(), 'c'.repeat(32), 'the sender keeps its bytes');
  const received = receiveMessageOnPort(port2)?.message as ReturnType<typeof answersWith>;
  t.is(Buffer.from(received.answers[0].body).toString(), 'c'.repeat(32));
});

test('the same buffer named twice moves once', (t) => {
  const { port1, port2 } = channel(t);
  const body = Buffer.allocUnsafeSlow(8).fill('d');
  const message = {
    kind: 'answers',
    ids: [1, 2],
    answers: [
      { kind: 'proxy', body },
      { kind: 'proxy', body },
    ],
  } as const;
  postMovingBodies(port1, message, [body, body, undefined]);
  const received = receiveMessageOnPort(port2)?.message as typeof message;
  t.is(Buffer.from(received.answers[1].body).toString(), 'dddddddd');
});
