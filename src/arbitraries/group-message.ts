import type fc from 'fast-check';
import type { PayloadConstraints } from './constraints.js';
import { freeForm, identifier, messageArbitrary } from './message-fields.js';

export type GroupMessageConstraints = PayloadConstraints;

/** A Group call (rule 2.3): a groupId and free-form group traits (keys may contain spaces). */
export function groupMessage(constraints: GroupMessageConstraints = {}): fc.Arbitrary<Record<string, unknown>> {
  return messageArbitrary(
    {
      type: 'group',
      required: { groupId: identifier(constraints) },
      optional: { traits: freeForm(constraints) },
      identity: 'either',
      padField: 'traits',
    },
    constraints,
  );
}
