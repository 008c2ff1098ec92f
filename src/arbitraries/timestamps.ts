import fc from 'fast-check';

const MIN = Date.UTC(1970, 0, 1);
const MAX = Date.UTC(2099, 11, 31);

/** ISO 8601 UTC with milliseconds, as webhook payloads carry them (SPEC 2.2). */
export function utcMillisTimestamp(): fc.Arbitrary<string> {
  return fc.integer({ min: MIN, max: MAX }).map((ms) => new Date(ms).toISOString());
}

/** Any RFC 3339 date-time a client may send: with or without fractions, Z or an offset. */
export function isoTimestamp(): fc.Arbitrary<string> {
  return fc
    .tuple(fc.integer({ min: MIN, max: MAX }), fc.constantFrom('Z', '+00:00', '+02:00', '-05:30'), fc.constantFrom(0, 3, 6))
    .map(([ms, zone, digits]) => {
      const iso = new Date(ms).toISOString();
      const base = iso.slice(0, 19);
      const fraction = digits === 0 ? '' : `.${iso.slice(20, 23)}${'0'.repeat(digits - 3)}`;
      return `${base}${fraction}${zone}`;
    });
}
