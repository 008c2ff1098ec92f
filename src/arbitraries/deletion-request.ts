import fc from 'fast-check';
import { identifier } from './message-fields.js';

/** A deletion request: user ids, and optionally the write keys of sources to notify. */
export function deletionRequest(): fc.Arbitrary<Record<string, unknown>> {
  return fc.record({ userIds: fc.array(identifier(), { minLength: 1, maxLength: 5 }), writeKeys: fc.array(fc.string({ minLength: 1, maxLength: 12 }), { maxLength: 3 }) }, { requiredKeys: ['userIds'] });
}
