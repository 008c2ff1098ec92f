import type { SourceConfig } from '../../contract/generated/wire-types.js';
import type { EventJournal, EventOriginRef } from '../journal/event-journal.js';
import { ACTIONS_WEBHOOKS_DESTINATION } from '../routing/destination-name.js';
import type { BoundedIdSet } from './bounded-id-set.js';

/**
 * Journals one event that keeps every rule: a duplicate when its client messageId was seen for the source, filtered
 * when its integrations map lets it through to neither webhook destination the source has, else accepted. True when
 * accepted. The one place these rules live for the service's parsed and assessed paths alike.
 */
export function recordValidEvent(
  journal: EventJournal,
  seen: BoundedIdSet | undefined,
  source: SourceConfig | undefined,
  writeKey: string,
  event: Record<string, unknown>,
  clientId: string | undefined,
  toWebhooks: boolean,
  toActionsWebhooks: boolean,
  at: EventOriginRef,
): boolean {
  // A messageId the service generated just now cannot have been seen: only the client's ids are remembered.
  if (clientId !== undefined) {
    if (seen?.has(clientId) === true) {
      const reason = `messageId ${JSON.stringify(clientId)} was already received for this source`;
      journal.record('duplicate', writeKey, event, reason, at);
      return false;
    }
    seen?.add(clientId);
  }
  const hasActions = source?.destinations?.[ACTIONS_WEBHOOKS_DESTINATION] !== undefined;
  if (!toWebhooks && !(hasActions && toActionsWebhooks)) {
    const reason = `the integrations map disables the Webhooks destination${hasActions ? ' and Webhooks (Actions)' : ''}`;
    journal.record('filtered', writeKey, event, reason, at);
    return false;
  }
  journal.record('accepted', writeKey, event, undefined, at);
  return true;
}
