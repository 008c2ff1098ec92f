import test from 'ava';
import { buildEventPayload } from '../../src/delivery/index.js';

test('adds version 1 (overriding any other), normalises the timestamp to ISO UTC milliseconds', (t) => {
  const payload = buildEventPayload({ type: 'track', userId: 'u', event: 'e', version: 2, timestamp: '2024-01-01T02:00:00+02:00' });
  t.is(payload.version, 1);
  t.is(payload.timestamp, '2024-01-01T00:00:00.000Z');
  t.is(buildEventPayload({ type: 'track', timestamp: 'not a date' }).timestamp, 'not a date');
});

test('alias: previousId/userId by default, "Previous ID"/"User ID" when documented', (t) => {
  const alias = { type: 'alias', previousId: 'old', userId: 'new' };
  t.like(buildEventPayload(alias), { previousId: 'old', userId: 'new' });
  const documented = buildEventPayload(alias, 'documented');
  t.deepEqual([documented['Previous ID'], documented['User ID'], 'previousId' in documented, 'userId' in documented], ['old', 'new', false, false]);
  t.false('Previous ID' in buildEventPayload({ type: 'track', userId: 'u' }, 'documented'));
});
