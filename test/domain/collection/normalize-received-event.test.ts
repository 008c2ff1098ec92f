import test from 'ava';
import fc from 'fast-check';
import {
  lenientTimestamp,
  normalizeEnvelope,
  normalizeReceivedEvent,
} from '../../../src/domain/collection/normalize-received-event.js';

const pad = (n: number, width = 2) => String(Math.abs(n)).padStart(width, '0');

test('property: a time written with a +HHMM offset (analytics-go v2) reads as the same instant in ISO 8601 UTC', (t) => {
  fc.assert(
    fc.property(
      fc.date({ min: new Date('1990-01-01T00:00:00Z'), max: new Date('2090-01-01T00:00:00Z'), noInvalidDate: true }),
      fc.integer({ min: -12 * 60, max: 14 * 60 }).map((m) => m - (m % 15)),
      (date, offsetMinutes) => {
        const whole = Math.floor(date.getTime() / 1000) * 1000;
        const local = new Date(whole + offsetMinutes * 60_000).toISOString().slice(0, 19);
        const sign = offsetMinutes < 0 ? '-' : '+';
        const written = `${local}${sign}${pad(Math.trunc(offsetMinutes / 60))}${pad(offsetMinutes % 60)}`;
        t.is(lenientTimestamp(written), new Date(whole).toISOString(), written);
      },
    ),
  );
});

test('RFC 3339 times are left as sent; what is no time at all is left for the schema to refuse', (t) => {
  t.is(lenientTimestamp('2024-03-01T12:00:00.000Z'), undefined);
  t.is(lenientTimestamp('2024-03-01T12:00:00+02:00'), undefined, 'already RFC 3339: the schema reads it');
  t.is(lenientTimestamp('yesterday'), undefined);
  t.is(lenientTimestamp('2024-13-45T99:00:00+0000'), undefined);
  t.is(lenientTimestamp('2024-03-01 12:00:00+05'), '2024-03-01T07:00:00.000Z');
});

test('ids: null is absent, a number is its string, anything else stays; idempotent', (t) => {
  const event = {
    userId: null,
    anonymousId: 7,
    groupId: 'g',
    previousId: Number.NaN,
    timestamp: '2024-03-01T12:00:00+0000',
    sentAt: 1,
  };
  const once = normalizeReceivedEvent({ ...event });
  t.deepEqual(once, {
    anonymousId: '7',
    groupId: 'g',
    previousId: Number.NaN,
    timestamp: '2024-03-01T12:00:00.000Z',
    sentAt: 1,
  });
  t.deepEqual(normalizeReceivedEvent({ ...once }), once);
  t.deepEqual(normalizeEnvelope({ sentAt: '2024-03-01T12:00:00+0000', batch: [] }), {
    sentAt: '2024-03-01T12:00:00.000Z',
    batch: [],
  });
});
