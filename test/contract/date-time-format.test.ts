import test from 'ava';
import fc from 'fast-check';
import formats from 'ajv-formats/dist/formats.js';
import { dateTimeFormat, isCanonicalUtcDateTime } from '../../src/contract/date-time-format.js';
import { validate } from '../../src/contract/index.js';

const ajvDateTime = (formats as unknown as { fullFormats: Record<string, { validate: (s: string) => boolean }> })
  .fullFormats['date-time'];
const full = (s: string) => ajvDateTime?.validate(s) ?? false;

// Strings shaped like timestamps, with every part free to go out of range: the fast path's edge cases.
const nearlyCanonical = fc
  .tuple(
    fc.integer({ min: 0, max: 9999 }),
    fc.integer({ min: 0, max: 13 }),
    fc.integer({ min: 0, max: 32 }),
    fc.integer({ min: 0, max: 25 }),
    fc.integer({ min: 0, max: 61 }),
    fc.integer({ min: 0, max: 61 }),
    fc.option(fc.stringMatching(/^[0-9]{0,10}$/)),
    fc.constantFrom('Z', 'z', '+00:00', '-07:30', '', 'ZZ'),
    fc.constantFrom('T', 't', ' ', 'X'),
  )
  .map(([y, mo, d, h, mi, s, frac, zone, sep]) => {
    const p = (v: number, w = 2) => String(v).padStart(w, '0');
    return `${p(y, 4)}-${p(mo)}-${p(d)}${sep}${p(h)}:${p(mi)}:${p(s)}${frac === null ? '' : `.${frac}`}${zone}`;
  });

test('the fast path answers true only where ajv-formats does, so the format means exactly ajv-formats date-time', (t) => {
  fc.assert(
    fc.property(
      fc.oneof(
        nearlyCanonical,
        fc.string(),
        fc.date({ noInvalidDate: true }).map((d) => d.toISOString()),
      ),
      (s) => {
        if (isCanonicalUtcDateTime(s)) t.true(full(s), s);
        t.is(dateTimeFormat.validate(s), full(s), s);
        // Asked again at once (the format remembers the last valid text): the same answer.
        t.is(dateTimeFormat.validate(s), full(s), s);
      },
    ),
    { numRuns: 5_000 },
  );
});

test('the fast path takes the canonical UTC forms and leaves the rest to ajv-formats', (t) => {
  for (const s of ['2024-02-29T23:59:59.999Z', '2024-01-01T00:00:00Z', '1970-01-01T00:00:00.123456789Z'])
    t.true(isCanonicalUtcDateTime(s), s);
  for (const s of [
    '2023-02-29T00:00:00Z',
    '2024-01-01T24:00:00Z',
    '2024-01-01T00:00:00.Z',
    '2024-01-01t00:00:00Z',
    '2024-01-01T00:00:00+00:00',
    '1998-12-31T23:59:60Z',
  ])
    t.false(isCanonicalUtcDateTime(s), s);
  // ... and those that ajv-formats accepts still validate.
  t.true(validate('track', { type: 'track', userId: 'u', event: 'e', timestamp: '2024-01-01T00:00:00+02:00' }).ok);
  t.false(validate('track', { type: 'track', userId: 'u', event: 'e', timestamp: '2023-02-29T00:00:00Z' }).ok);
});

test('the remembered last valid text answers only for that exact text: a different one is checked in full', (t) => {
  t.true(dateTimeFormat.validate('2024-01-01T00:00:00.000Z'));
  t.true(dateTimeFormat.validate('2024-01-01T00:00:00.000Z'));
  t.false(dateTimeFormat.validate('2024-01-01T00:00:00.000Zx'));
  t.false(dateTimeFormat.validate('2024-02-30T00:00:00.000Z'));
  t.true(dateTimeFormat.validate('2024-01-01T00:00:00.000Z'));
  t.false(dateTimeFormat.validate('2024-01-01T00:00:60.000Z '));
});
