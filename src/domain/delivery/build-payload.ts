import { canonicalTime } from '../../contract/iso-time.js';
import { addForwardedFields } from './forwarded-fields.js';

export type AliasFields = 'standard' | 'documented';

/**
 * The webhook body for an accepted event (docs/decisions.md): the event with "version": 1, its timestamp as ISO
 * 8601 UTC with milliseconds (rule 2.2), and the fields the real service adds to what it forwards
 * (addForwardedFields). With aliasFields 'documented', alias carries "Previous ID" and "User ID" as in the
 * documented sample instead of previousId and userId.
 */
export function buildEventPayload(
  event: Record<string, unknown>,
  aliasFields: AliasFields = 'standard',
): Record<string, unknown> {
  const payload: Record<string, unknown> = { version: 1, ...event };
  payload.version = 1;
  // Most timestamps arrive in the wire form already (the collection API normalises them); parsing and
  // formatting a date per delivery would cost more than the rest of building the payload.
  const { timestamp } = event;
  if (typeof timestamp === 'string') {
    const canonical = canonicalTime(timestamp);
    if (canonical !== undefined) payload.timestamp = canonical;
  }
  addForwardedFields(payload);
  if (event.type === 'alias' && aliasFields === 'documented') {
    const { previousId, userId, ...rest } = payload;
    return { ...rest, 'Previous ID': previousId, 'User ID': userId };
  }
  return payload;
}
