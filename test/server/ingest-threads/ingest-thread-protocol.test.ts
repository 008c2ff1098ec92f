import test from 'ava';
import { MessageChannel, markAsUntransferable, receiveMessageOnPort } from 'node:worker_threads';
import { fromWire, postMovingBodies, toWire } from '../../../src/server/ingest-threads/ingest-thread-protocol.js';
import { successAnswer } from '../../../src/core/collection/collection-answer.js';

function channel(t: { teardown(fn: () => void): void }) {
  const { port1, port2 } = new MessageChannel();
  t.teardown(() => {
    port1.close();
    port2.close();
  });
  return { port1, port2 };
}

const call = (id: number, body: Uint8Array) => ({
  id,
  call: { method: 'POST', path: '/v1/batch', headers: {}, body },
  assessment: undefined,
});
const answersWith = (body: Uint8Array) => ({ kind: 'calls', calls: [call(1, body)] }) as const;

test('a body with a buffer of its own moves to the other side: the sender no longer holds its bytes', (t) => {
  const { port1, port2 } = channel(t);
  const body = Buffer.allocUnsafeSlow(64).fill('a');
  postMovingBodies(port1, answersWith(body), [body]);
  t.is(body.buffer.byteLength, 0, 'the buffer was moved, not copied');
  const received = receiveMessageOnPort(port2)?.message as ReturnType<typeof answersWith>;
  t.is(Buffer.from(received.calls[0].call.body).toString(), 'a'.repeat(64));
});

test('a body that is a slice of a shared buffer is copied: the rest of that buffer stays with its owner', (t) => {
  const { port1, port2 } = channel(t);
  const shared = Buffer.alloc(128, 'b');
  const body = shared.subarray(0, 16);
  postMovingBodies(port1, answersWith(body), [body]);
  t.is(shared.buffer.byteLength, 128);
  const received = receiveMessageOnPort(port2)?.message as ReturnType<typeof answersWith>;
  t.is(Buffer.from(received.calls[0].call.body).toString(), 'b'.repeat(16));
});

test('a buffer the runtime will not move is copied, and the message still goes', (t) => {
  const { port1, port2 } = channel(t);
  const body = Buffer.allocUnsafeSlow(32).fill('c');
  markAsUntransferable(body.buffer);
  postMovingBodies(port1, answersWith(body), [body]);
  t.is(body.toString(), 'c'.repeat(32), 'the sender keeps its bytes');
  const received = receiveMessageOnPort(port2)?.message as ReturnType<typeof answersWith>;
  t.is(Buffer.from(received.calls[0].call.body).toString(), 'c'.repeat(32));
});

test('the same buffer named twice moves once', (t) => {
  const { port1, port2 } = channel(t);
  const body = Buffer.allocUnsafeSlow(8).fill('d');
  const message = { kind: 'calls', calls: [call(1, body), call(2, body)] } as const;
  postMovingBodies(port1, message, [body, body, undefined]);
  const received = receiveMessageOnPort(port2)?.message as typeof message;
  t.is(Buffer.from(received.calls[1].call.body).toString(), 'dddddddd');
});

test('the success answer to a request without Origin travels as one word and comes back as the same answer', (t) => {
  const success = successAnswer(undefined);
  t.is(toWire(success), 'success');
  t.is(fromWire(toWire(success)), success);
  const withOrigin = successAnswer('https://shop.example');
  t.deepEqual(fromWire(structuredClone(toWire(withOrigin))), withOrigin);
});
