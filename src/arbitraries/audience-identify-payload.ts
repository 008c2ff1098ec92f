import fc from 'fast-check';
import { audienceTraitKey } from '../contract/audience-trait-key.js';
import type { PayloadConstraints } from './constraints.js';
import { identifier } from './message-fields.js';
import { utcMillisTimestamp } from './timestamps.js';

export interface AudienceIdentifyPayloadConstraints extends Pick<PayloadConstraints, 'unicode'> {
  /** The audience name; default: drawn from a few realistic names. */
  readonly audience?: string;
}

/** An audience membership Identify (rule 6.2): traits {<snake_case name>: true|false} and context.personas. */
export function audienceIdentifyPayload(
  constraints: AudienceIdentifyPayloadConstraints = {},
): fc.Arbitrary<Record<string, unknown>> {
  const name =
    constraints.audience === undefined
      ? fc.constantFrom('High Value Users', 'Churn Risk (30d)', 'Café Lovers', 'trial-ending')
      : fc.constant(constraints.audience);
  return fc
    .record({
      name,
      userId: identifier(constraints),
      messageId: identifier(constraints),
      member: fc.boolean(),
      timestamp: utcMillisTimestamp(),
    })
    .map(({ name: audience, userId, messageId, member, timestamp }) => {
      const key = audienceTraitKey(audience) || 'audience';
      return {
        version: 1,
        type: 'identify',
        userId,
        messageId,
        timestamp,
        traits: { [key]: member },
        context: { personas: { computation_class: 'audience', computation_key: key } },
      };
    });
}
