import test from 'ava';
import { SharedReceivedAt } from '../../../src/domain/collection/shared-received-at.js';

test('requests of the same millisecond and address share one reading; another millisecond or address gets its own', (t) => {
  const readings = new SharedReceivedAt();
  const first = readings.at(Date.UTC(2024, 0, 1), '127.0.0.1');
  t.deepEqual(first, { ms: Date.UTC(2024, 0, 1), iso: '2024-01-01T00:00:00.000Z', ip: '127.0.0.1' });
  t.is(readings.at(Date.UTC(2024, 0, 1), '127.0.0.1'), first);
  const later = readings.at(Date.UTC(2024, 0, 1) + 1, '127.0.0.1');
  t.not(later, first);
  t.is(later.iso, '2024-01-01T00:00:00.001Z');
  const elsewhere = readings.at(Date.UTC(2024, 0, 1) + 1, '10.0.0.2');
  t.not(elsewhere, later);
  t.is(elsewhere.ip, '10.0.0.2');
  t.is(readings.at(Date.UTC(2024, 0, 1) + 1, undefined).ip, undefined);
});
