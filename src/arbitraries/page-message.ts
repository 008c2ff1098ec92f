import type fc from 'fast-check';
import type { PayloadConstraints } from './constraints.js';
import { freeForm, identifier, messageArbitrary } from './message-fields.js';

export type PageMessageConstraints = PayloadConstraints;

/** A Page call (rule 2.3): name, category, properties (url, title, referrer, path and custom keys). */
export function pageMessage(constraints: PageMessageConstraints = {}): fc.Arbitrary<Record<string, unknown>> {
  return messageArbitrary(
    {
      type: 'page',
      required: {},
      optional: { name: identifier(constraints), category: identifier(constraints), properties: freeForm(constraints) },
      identity: 'either',
      padField: 'properties',
    },
    constraints,
  );
}
