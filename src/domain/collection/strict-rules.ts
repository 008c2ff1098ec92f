import { clipReceived } from '../../errors/clip-received.js';
import type { SchemaViolation } from '../../errors/schema-violation.js';
import { MAX_MESSAGE_ID_LENGTH } from '../../contract/spec-limits.js';

/**
 * What strict mode refuses beyond the schemas, which say what the service accepts: a messageId of 100 characters or
 * more, which the docs rule out ("under 100 characters") but the service's 200-for-everything answer does not show
 * it refusing (docs/decisions.md). Undefined when the event keeps them.
 */
export function strictOnlyViolations(event: Record<string, unknown>): SchemaViolation[] | undefined {
  const { messageId } = event;
  if (typeof messageId !== 'string' || messageId.length < MAX_MESSAGE_ID_LENGTH) return undefined;
  return [
    {
      pointer: '/messageId',
      rule: 'maxLength',
      message: `/messageId must be shorter than ${MAX_MESSAGE_ID_LENGTH} characters; received ${messageId.length} (${clipReceived(JSON.stringify(messageId), 40)})`,
      received: messageId,
    },
  ];
}
