import fc from 'fast-check';
import type { OptionalFields } from './constraints.js';
import { webhookSettings } from './webhook-settings.js';

export interface HarnessConfigConstraints {
  /** Sources in the file, 0..3 by default. */
  readonly maxSources?: number;
  /** Top-level optional sections (sources, strict, tls, delivery): 'sometimes' (default), 'always' or 'never'. */
  readonly withOptional?: OptionalFields;
}

/** A config file of `event-harness serve --config` (the driver protocol, docs/client-suite.md). */
export function harnessConfig(constraints: HarnessConfigConstraints = {}): fc.Arbitrary<Record<string, unknown>> {
  const mode = constraints.withOptional ?? 'sometimes';
  if (mode === 'never') return fc.constant({});
  const source = fc.record(
    {
      writeKey: fc.string({ minLength: 1, maxLength: 16 }),
      name: fc.string({ maxLength: 16 }),
      destinations: webhookSettings().map((Webhooks) => ({ Webhooks })),
    },
    { requiredKeys: ['writeKey'] },
  );
  return fc.record(
    {
      sources: fc.array(source, { maxLength: constraints.maxSources ?? 3 }),
      strict: fc.boolean(),
      tls: fc.record({ ca: fc.array(fc.constantFrom('ca.pem', 'certs/test-ca.pem'), { maxLength: 2 }) }),
      delivery: fc.record(
        {
          userAgent: fc.string({ maxLength: 20 }),
          aliasFields: fc.constantFrom('standard', 'documented'),
          timeoutMs: fc.integer({ min: 1, max: 10_000 }),
        },
        { requiredKeys: [] },
      ),
    },
    mode === 'always' ? {} : { requiredKeys: [] },
  );
}
