import test from 'ava';
import { webhookHeaders } from '../../../src/domain/delivery/index.js';

test('static headers first, then User-Agent, Content-Type and X-Signature when signed', (t) => {
  t.deepEqual(Object.entries(webhookHeaders({ Authorization: 'Bearer x' }, 'Segment.io/1.0', 'abc')), [
    ['Authorization', 'Bearer x'],
    ['User-Agent', 'Segment.io/1.0'],
    ['Content-Type', 'application/json'],
    ['X-Signature', 'abc'],
  ]);
  t.deepEqual(webhookHeaders(undefined, 'UA', undefined), { 'User-Agent': 'UA', 'Content-Type': 'application/json' });
});

test('a static header may replace User-Agent, in any letter case, and only one is kept', (t) => {
  t.deepEqual(webhookHeaders({ 'user-agent': 'mine/1' }, 'Segment.io/1.0', undefined), {
    'user-agent': 'mine/1',
    'Content-Type': 'application/json',
  });
  t.deepEqual(webhookHeaders({ 'USER-AGENT': 'mine/2' }, 'Segment.io/1.0', undefined), {
    'USER-AGENT': 'mine/2',
    'Content-Type': 'application/json',
  });
});
