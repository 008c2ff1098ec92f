import fc from 'fast-check';
import { webhookSettings } from './webhook-settings.js';

/** A config file of `event-harness serve --config` (DESIGN 3). */
export function harnessConfig(): fc.Arbitrary<Record<string, unknown>> {
  const source = fc.record({ writeKey: fc.string({ minLength: 1, maxLength: 16 }), name: fc.string({ maxLength: 16 }), destinations: webhookSettings().map((Webhooks) => ({ Webhooks })) }, { requiredKeys: ['writeKey'] });
  return fc.record(
    {
      sources: fc.array(source, { maxLength: 3 }),
      strict: fc.boolean(),
      tls: fc.record({ ca: fc.array(fc.constantFrom('ca.pem', 'certs/test-ca.pem'), { maxLength: 2 }) }),
      delivery: fc.record({ userAgent: fc.string({ maxLength: 20 }), aliasFields: fc.constantFrom('standard', 'documented'), timeoutMs: fc.integer({ min: 1, max: 10_000 }) }, { requiredKeys: [] }),
    },
    { requiredKeys: [] },
  );
}
