import fc from 'fast-check';
import type { UnicodeLevel } from './constraints.js';
import { identifier } from './message-fields.js';
import { utcMillisTimestamp } from './timestamps.js';

export interface WebhookDeletePayloadConstraints {
  readonly unicode?: UnicodeLevel;
}

/** The delete notification (rule 2.2): only type, userId and timestamp; no version. */
export function webhookDeletePayload(
  constraints: WebhookDeletePayloadConstraints = {},
): fc.Arbitrary<Record<string, unknown>> {
  return fc.record({
    type: fc.constant('delete'),
    userId: identifier({ unicode: constraints.unicode ?? 'unicode' }),
    timestamp: utcMillisTimestamp(),
  });
}
