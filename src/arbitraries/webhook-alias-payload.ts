import fc from 'fast-check';
import type { PayloadConstraints } from './constraints.js';
import { identifier, messageArbitrary } from './message-fields.js';
import { padToBytes } from './pad-to-bytes.js';

export interface WebhookAliasPayloadConstraints extends PayloadConstraints {
  /** 'standard' (default): previousId and userId; 'documented': "Previous ID" and "User ID"; 'either': both kinds. */
  readonly fields?: 'standard' | 'documented' | 'either';
}

/** The alias delivery (rule 2.2). */
export function webhookAliasPayload(
  constraints: WebhookAliasPayloadConstraints = {},
): fc.Arbitrary<Record<string, unknown>> {
  // Sized only after renaming: the documented key names are longer, so padding first would miss the target.
  const { targetBytes, ...unsized } = constraints;
  const standard = messageArbitrary(
    {
      type: 'alias',
      required: { userId: identifier(unsized), previousId: identifier(unsized) },
      optional: {},
      identity: 'none',
      padField: 'context',
      webhook: true,
    },
    unsized,
  );
  const documented = standard.map(({ previousId, userId, ...rest }) => ({
    ...rest,
    'Previous ID': previousId,
    'User ID': userId,
  }));
  const fields = constraints.fields ?? 'standard';
  const chosen =
    fields === 'standard' ? standard : fields === 'documented' ? documented : fc.oneof(standard, documented);
  return targetBytes === undefined ? chosen : padToBytes(chosen, targetBytes, 'context');
}
