import fc from 'fast-check';
import type { OptionalFields } from './constraints.js';

export interface ClientOptionsConstraints {
  /** Whether each option appears: 'sometimes' (default), 'always' or 'never' (an empty options object). */
  readonly withOptional?: OptionalFields;
}

/** Client options of rule 2.5 (flushAfter in milliseconds). */
export function clientOptions(constraints: ClientOptionsConstraints = {}): fc.Arbitrary<Record<string, unknown>> {
  const mode = constraints.withOptional ?? 'sometimes';
  if (mode === 'never') return fc.constant({});
  return fc.record(
    {
      flushAt: fc.integer({ min: 1, max: 100 }),
      flushAfter: fc.integer({ min: 1, max: 60_000 }),
      endpoint: fc.webUrl({ validSchemes: ['http', 'https'] }),
      timeout: fc.integer({ min: 1, max: 60_000 }),
      retries: fc.integer({ min: 0, max: 20 }),
      maxQueueSize: fc.integer({ min: 1, max: 100_000 }),
    },
    mode === 'always' ? {} : { requiredKeys: [] },
  );
}
