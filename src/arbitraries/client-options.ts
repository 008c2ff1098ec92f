import fc from 'fast-check';

/** Client options of SPEC 2.5 (flushAfter in milliseconds). */
export function clientOptions(): fc.Arbitrary<Record<string, unknown>> {
  return fc.record(
    {
      flushAt: fc.integer({ min: 1, max: 100 }),
      flushAfter: fc.integer({ min: 1, max: 60_000 }),
      endpoint: fc.webUrl({ validSchemes: ['http', 'https'] }),
      timeout: fc.integer({ min: 1, max: 60_000 }),
      retries: fc.integer({ min: 0, max: 20 }),
      maxQueueSize: fc.integer({ min: 1, max: 100_000 }),
    },
    { requiredKeys: [] },
  );
}
