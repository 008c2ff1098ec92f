import test from 'ava';
import fc from 'fast-check';
import { toIsoTimestamp } from '../../../src/domain/collection/iso-timestamp.js';

test('property: toIsoTimestamp equals Date#toISOString for every time a Date can hold', (t) => {
  t.notThrows(() =>
    fc.assert(
      fc.property(fc.oneof(fc.integer({ min: 0, max: 253_402_300_799_999 }), fc.integer({ min: -8.64e15, max: 8.64e15 }), fc.double({ min: 0, max: 4e12, noNaN: true })), (ms) => {
        const expected = new Date(ms).toISOString();
        if (toIsoTimestamp(ms) !== expected) throw new Error(`${ms}: ${toIsoTimestamp(ms)} !== ${expected}`);
      }),
      { numRuns: 2000 },
    ),
  );
});

test('day boundaries, the last millisecond of year 9999 and extended years', (t) => {
  t.is(toIsoTimestamp(0), '1970-01-01T00:00:00.000Z');
  t.is(toIsoTimestamp(86_399_999), '1970-01-01T23:59:59.999Z');
  t.is(toIsoTimestamp(86_400_000), '1970-01-02T00:00:00.000Z');
  t.is(toIsoTimestamp(253_402_300_799_999), '9999-12-31T23:59:59.999Z');
  t.is(toIsoTimestamp(253_402_300_800_000), '+010000-01-01T00:00:00.000Z');
  t.is(toIsoTimestamp(-1), '1969-12-31T23:59:59.999Z');
});

test('a time no Date can hold gives undefined', (t) => {
  t.is(toIsoTimestamp(Number.NaN), undefined);
  t.is(toIsoTimestamp(8.64e15 + 1), undefined);
  t.is(toIsoTimestamp(Number.POSITIVE_INFINITY), undefined);
});
