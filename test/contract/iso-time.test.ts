import test from 'ava';
import fc from 'fast-check';
import { canonicalTime, isoTime, isUtcMillisTime, parseTime, toIsoTime } from '../../src/contract/iso-time.js';

test('property: toIsoTime equals Date#toISOString for every time a Date can hold', (t) => {
  t.notThrows(() =>
    fc.assert(
      fc.property(
        fc.oneof(
          fc.integer({ min: 0, max: 253_402_300_799_999 }),
          fc.integer({ min: -8.64e15, max: 8.64e15 }),
          fc.double({ min: 0, max: 4e12, noNaN: true }),
        ),
        (ms) => {
          const expected = new Date(ms).toISOString();
          if (toIsoTime(ms) !== expected) throw new Error(`${ms}: ${toIsoTime(ms)} !== ${expected}`);
        },
      ),
      { numRuns: 2000 },
    ),
  );
});

test('day boundaries, the last millisecond of year 9999 and extended years', (t) => {
  t.is(toIsoTime(0), '1970-01-01T00:00:00.000Z');
  t.is(toIsoTime(86_399_999), '1970-01-01T23:59:59.999Z');
  t.is(toIsoTime(86_400_000), '1970-01-02T00:00:00.000Z');
  t.is(toIsoTime(253_402_300_799_999), '9999-12-31T23:59:59.999Z');
  t.is(toIsoTime(253_402_300_800_000), '+010000-01-01T00:00:00.000Z');
  t.is(toIsoTime(-1), '1969-12-31T23:59:59.999Z');
});

test('a time no Date can hold gives undefined', (t) => {
  t.is(toIsoTime(Number.NaN), undefined);
  t.is(toIsoTime(8.64e15 + 1), undefined);
  t.is(toIsoTime(Number.POSITIVE_INFINITY), undefined);
});

test('isoTime throws for a time no Date can hold, as Date#toISOString does', (t) => {
  t.is(isoTime(1_700_000_000_123), '2023-11-14T22:13:20.123Z');
  t.throws(() => isoTime(Number.NaN), { instanceOf: RangeError, message: /NaN is not a time/ });
});

test('canonicalTime: the wire form as is, other readable times converted to UTC milliseconds, unreadable undefined', (t) => {
  t.true(isUtcMillisTime('2024-01-01T00:00:00.000Z'));
  t.false(isUtcMillisTime('2024-01-01T00:00:00Z'));
  t.is(canonicalTime('2024-01-01T00:00:00.000Z'), '2024-01-01T00:00:00.000Z');
  t.is(canonicalTime('2024-01-01T01:00:00+01:00'), '2024-01-01T00:00:00.000Z');
  t.is(canonicalTime('2024-01-01T00:00:00Z'), '2024-01-01T00:00:00.000Z');
  t.is(canonicalTime('not a time'), undefined);
});

test('property: parseTime equals Date.parse, asked in any order and the same text twice in a row', (t) => {
  const texts = fc.oneof(
    fc.date({ noInvalidDate: true }).map((d) => d.toISOString()),
    fc.constantFrom('2024-01-01T00:00:00.000Z', '2024-01-01T00:00:00+0000', 'not a time', '', '2024-02-30T00:00:00Z'),
    fc.string(),
  );
  t.notThrows(() =>
    fc.assert(
      fc.property(fc.array(texts, { maxLength: 8 }), (list) => {
        for (const text of list.flatMap((x) => [x, x])) {
          const expected = Date.parse(text);
          if (!Object.is(parseTime(text), expected))
            throw new Error(`${JSON.stringify(text)}: ${parseTime(text)} !== ${expected}`);
        }
      }),
      { numRuns: 500 },
    ),
  );
});
