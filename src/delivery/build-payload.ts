export type AliasFields = 'standard' | 'documented';

/**
 * The webhook body for an accepted event (DESIGN 2): the event with "version": 1 and its timestamp as ISO
 * 8601 UTC with milliseconds (SPEC 2.2). With aliasFields 'documented', alias carries "Previous ID" and
 * "User ID" as in the documented sample instead of previousId and userId.
 */
export function buildEventPayload(event: Record<string, unknown>, aliasFields: AliasFields = 'standard'): Record<string, unknown> {
  const payload: Record<string, unknown> = { version: 1, ...event };
  payload.version = 1;
  const ms = typeof event.timestamp === 'string' ? Date.parse(event.timestamp) : Number.NaN;
  if (!Number.isNaN(ms)) payload.timestamp = new Date(ms).toISOString();
  if (event.type === 'alias' && aliasFields === 'documented') {
    const { previousId, userId, ...rest } = payload;
    return { ...rest, 'Previous ID': previousId, 'User ID': userId };
  }
  return payload;
}
