import fc from 'fast-check';
import type { UnicodeLevel } from './constraints.js';
import { identifier } from './message-fields.js';

export interface DeletionRequestConstraints {
  /** Text of the user ids; default 'unicode'. */
  readonly unicode?: UnicodeLevel;
  /** User ids per request, 1..5 by default. */
  readonly maxUserIds?: number;
}

/** A deletion request: user ids, and optionally the write keys of sources to notify. */
export function deletionRequest(constraints: DeletionRequestConstraints = {}): fc.Arbitrary<Record<string, unknown>> {
  const userIds = fc.array(identifier({ unicode: constraints.unicode ?? 'unicode' }), {
    minLength: 1,
    maxLength: Math.max(1, constraints.maxUserIds ?? 5),
  });
  return fc.record(
    { userIds, writeKeys: fc.array(fc.string({ minLength: 1, maxLength: 12 }), { maxLength: 3 }) },
    { requiredKeys: ['userIds'] },
  );
}
