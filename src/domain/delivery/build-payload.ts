import { canonicalTime } from '../../contract/iso-time.js';
import { addForwardedFields } from './forwarded-fields.js';

export type AliasFields = 'standard' | 'documented';
/** The `version` of a webhook payload: 1 as the documented payloads carry, 2 as observed deliveries carry. */
export type PayloadVersion = 1 | 2;

/** Who the payload is for: the source's id and write key, which every forwarded event carries. */
export interface PayloadSource {
  readonly writeKey: string;
  readonly projectId: string;
}

export interface PayloadOptions {
  readonly aliasFields?: AliasFields;
  /** Default 1 (the rules' documented payloads). */
  readonly version?: PayloadVersion;
  /** Adds `projectId` and `writeKey` as the real service's deliveries carry them. */
  readonly source?: PayloadSource;
}

/**
 * The webhook body for an accepted event (docs/decisions.md): the event with `version` (1 unless told 2), its
 * timestamp as ISO 8601 UTC with milliseconds (rule 2.2), the fields the real service adds to what it forwards
 * (addForwardedFields), and the source's `projectId` and `writeKey`. With aliasFields 'documented', alias carries
 * "Previous ID" and "User ID" as in the documented sample instead of previousId and userId.
 */
export function buildEventPayload(
  event: Record<string, unknown>,
  options: AliasFields | PayloadOptions = {},
): Record<string, unknown> {
  const {
    aliasFields = 'standard',
    version = 1,
    source,
  } = typeof options === 'string' ? { aliasFields: options } : options;
  const payload: Record<string, unknown> = { version, ...event };
  payload.version = version;
  // Most timestamps arrive in the wire form already (the collection API normalises them); parsing and
  // formatting a date per delivery would cost more than the rest of building the payload.
  const { timestamp } = event;
  if (typeof timestamp === 'string') {
    const canonical = canonicalTime(timestamp);
    if (canonical !== undefined) payload.timestamp = canonical;
  }
  addForwardedFields(payload);
  if (source !== undefined) {
    payload.projectId = source.projectId;
    payload.writeKey = source.writeKey;
  }
  if (event.type === 'alias' && aliasFields === 'documented') {
    const { previousId, userId, ...rest } = payload;
    return { ...rest, 'Previous ID': previousId, 'User ID': userId };
  }
  return payload;
}
