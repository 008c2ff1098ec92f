import test from 'ava';
import fc from 'fast-check';
import { isKsuid, ksuidPlus, newKsuid, parseKsuid } from '../../../src/domain/collection/ksuid.js';

test("reads the KSUID of segmentio/ksuid's README: time 107608047 after the KSUID epoch, its 16 payload bytes", (t) => {
  const parsed = parseKsuid('0ujtsYcgvSTl8PAuAdqWYSMnLOv');
  t.is(parsed?.epochMs, (107_608_047 + 1_400_000_000) * 1000);
  t.is(Buffer.from(parsed?.payload ?? []).toString('hex'), 'b5a1cd34b5f99d1154fb6853345c9735');
  t.is(parseKsuid('not a ksuid'), undefined);
  t.is(parseKsuid('zzzzzzzzzzzzzzzzzzzzzzzzzzz'), undefined, 'past 160 bits');
});

test('the ids of the public delivery samples are KSUIDs of the time their event was received', (t) => {
  // action-destinations README at 492c310: "messageId": "api-1iI59hvBEtckNicjbfqG7VdjRw2", "receivedAt": "2020-10-01T19:55:15.068Z"
  t.is(parseKsuid('1iI59hvBEtckNicjbfqG7VdjRw2')?.epochMs, Date.parse('2020-10-01T19:55:15.000Z'));
  // enrich_with_traits at 8585954: "messageId": "personas_1hGXMPpHZGb4lQLMiEHD9WUayAH", "receivedAt": "2020-09-09T07:59:13.252Z"
  t.is(parseKsuid('1hGXMPpHZGb4lQLMiEHD9WUayAH')?.epochMs, Date.parse('2020-09-09T07:59:13.000Z'));
});

test('property: a new KSUID reads back its time (whole seconds), and base + n is the KSUID whose last bytes are n', (t) => {
  t.notThrows(() =>
    fc.assert(
      fc.property(
        fc.integer({ min: Date.parse('2014-05-13T16:53:20Z'), max: Date.parse('2150-01-01T00:00:00Z') }),
        fc.integer({ min: 0, max: 65_535 }),
        (ms, n) => {
          const base = newKsuid(ms, 2);
          const plus = ksuidPlus(base, n);
          const parsed = parseKsuid(plus);
          const payload = parsed?.payload ?? new Uint8Array(16);
          return (
            isKsuid(base) &&
            isKsuid(plus) &&
            parsed?.epochMs === Math.floor(ms / 1000) * 1000 &&
            ((payload[14] ?? -1) << 8) + (payload[15] ?? -1) === n &&
            Buffer.from(payload.slice(0, 14)).equals(Buffer.from(parseKsuid(base)?.payload.slice(0, 14) ?? []))
          );
        },
      ),
      { numRuns: 200 },
    ),
  );
  t.is(parseKsuid(newKsuid(0))?.epochMs, 1_400_000_000_000, 'a time before the KSUID epoch is clamped to it');
});
