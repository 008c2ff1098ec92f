import fc from 'fast-check';

/** An integrations map (rule 2.4): destination names to booleans (or an options object, which means enabled). */
export function integrationsMap(): fc.Arbitrary<Record<string, boolean | Record<string, unknown>>> {
  const name = fc.oneof(
    fc.constantFrom('All', 'Webhooks', 'Mixpanel', 'Google Analytics', 'webhooks'),
    fc.string({ minLength: 1, maxLength: 10 }),
  );
  return fc.dictionary(
    name,
    fc.oneof({ weight: 4, arbitrary: fc.boolean() }, { weight: 1, arbitrary: fc.constant({}) }),
    { maxKeys: 4, noNullPrototype: true },
  );
}
