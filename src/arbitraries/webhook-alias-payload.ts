import fc from 'fast-check';
import type { PayloadConstraints } from './constraints.js';
import { identifier, messageArbitrary } from './message-fields.js';

export interface WebhookAliasPayloadConstraints extends PayloadConstraints {
  /** 'standard' (default): previousId and userId; 'documented': "Previous ID" and "User ID"; 'either': both kinds. */
  readonly fields?: 'standard' | 'documented' | 'either';
}

/** The alias delivery (SPEC 2.2). */
export function webhookAliasPayload(constraints: WebhookAliasPayloadConstraints = {}): fc.Arbitrary<Record<string, unknown>> {
  const standard = messageArbitrary({ type: 'alias', required: { userId: identifier(constraints), previousId: identifier(constraints) }, optional: {}, identity: 'none', padField: 'context', webhook: true }, constraints);
  const documented = standard.map(({ previousId, userId, ...rest }) => ({ ...rest, 'Previous ID': previousId, 'User ID': userId }));
  const fields = constraints.fields ?? 'standard';
  return fields === 'standard' ? standard : fields === 'documented' ? documented : fc.oneof(standard, documented);
}
