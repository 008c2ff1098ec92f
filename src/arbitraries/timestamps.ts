import fc from 'fast-check';

const MIN = Date.UTC(1970, 0, 1);
const MAX = Date.UTC(2099, 11, 31);

/** ISO 8601 UTC with milliseconds, as webhook payloads carry them (rule 2.2). */
export function utcMillisTimestamp(): fc.Arbitrary<string> {
  return fc.integer({ min: MIN, max: MAX }).map((ms) => new Date(ms).toISOString());
}

/** Any RFC 3339 date-time a client may send: 0 to 9 fraction digits, Z or any offset from -14:00 to +14:00. */
export function isoTimestamp(): fc.Arbitrary<string> {
  const offset = fc.oneof(
    { weight: 2, arbitrary: fc.constantFrom('Z', '+00:00', '+02:00', '-05:30') },
    {
      weight: 1,
      arbitrary: fc
        .tuple(fc.constantFrom('+', '-'), fc.integer({ min: 0, max: 14 }), fc.constantFrom(0, 15, 30, 45))
        .map(([sign, h, m]) => `${sign}${pad2(h)}:${pad2(m)}`),
    },
  );
  return fc
    .tuple(
      fc.integer({ min: MIN, max: MAX }),
      offset,
      fc.oneof(fc.constantFrom(0, 3, 6), fc.integer({ min: 1, max: 9 })),
    )
    .map(([ms, zone, digits]) => {
      const iso = new Date(ms).toISOString();
      const base = iso.slice(0, 19);
      const fraction = digits === 0 ? '' : `.${`${iso.slice(20, 23)}000000`.slice(0, digits)}`;
      return `${base}${fraction}${zone}`;
    });
}

const pad2 = (n: number) => String(n).padStart(2, '0');
