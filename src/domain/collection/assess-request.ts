import { compiledValidator } from '../../contract/validators.js';
import { isObject } from '../../contract/is-object.js';
import { MAX_BATCH_EVENTS } from '../../contract/spec-limits.js';
import { ACTIONS_WEBHOOKS_DESTINATION } from '../routing/destination-name.js';
import { isDestinationEnabled } from '../routing/is-destination-enabled.js';
import { routeKind } from './collection-routes.js';
import { decodeBody } from './decode-body.js';
import { mergedIntegrations } from './enrich-event.js';
import { checkEventSize, mayHoldOversizedEvent } from './event-size.js';
import { normalizeEnvelope, normalizeReceivedEvent } from './normalize-received-event.js';

/** Bits of RequestAssessment.destinations: the event's integrations map lets it through to... */
export const TO_WEBHOOKS = 1;
export const TO_ACTIONS_WEBHOOKS = 2;

/**
 * What the collection service needs of a request whose every event is valid, to journal it without parsing it
 * (CollectionService.handleAssessed): the fields the journal indexes, per event, and where each may go. Arrays,
 * one place per event, so it crosses to another thread as a few flat lists.
 */
export interface RequestAssessment {
  /** 'batch', or the message type a single-call route sets. */
  readonly kind: string;
  /** The writeKey the body names, if any (Basic auth comes first). */
  readonly bodyKey: string | undefined;
  /** The client's messageId of each event (undefined: the service generates one). */
  readonly messageIds: readonly (string | undefined)[];
  readonly userIds: readonly (string | undefined)[];
  readonly previousIds: readonly (string | undefined)[];
  readonly types: readonly (string | undefined)[];
  /** TO_WEBHOOKS | TO_ACTIONS_WEBHOOKS of each event, from its integrations map merged with the batch's. */
  readonly destinations: readonly number[];
}

type Headers = { readonly [name: string]: string | readonly string[] | undefined };

const envelopeValidator = compiledValidator('batch');
const messageValidator = compiledValidator('collection-message');
const text = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

/**
 * Decodes and checks a collection request as the collection service does out of strict mode, with no state: the
 * assessment when the body is a JSON object and every event keeps every rule, or undefined when anything is off
 * (a gzip body, bad JSON, an invalid envelope or event, an event over 32 KiB): the service then handles the
 * request itself and says what is wrong. Pure, so an ingest thread runs it beside the thread that keeps the state.
 */
export function assessRequest(route: string, body: Uint8Array, headers: Headers): RequestAssessment | undefined {
  const kind = routeKind(route);
  const encoding = headers['content-encoding'];
  if (kind === undefined || (encoding !== undefined && encoding !== '' && encoding !== 'identity')) return undefined;
  try {
    const decoded = decodeBody(body, headers['content-type'], undefined, { anyMediaType: true });
    const parsed = decoded.value;
    if (!isObject(parsed)) return undefined;
    let events: unknown[];
    let batchIntegrations: Record<string, unknown> | undefined;
    if (kind === 'batch') {
      const batch = parsed.batch === null || parsed.batch === undefined ? [] : parsed.batch;
      if (!Array.isArray(batch) || batch.length > MAX_BATCH_EVENTS) return undefined;
      parsed.batch = batch;
      normalizeEnvelope(parsed);
      if (envelopeValidator(parsed) !== true) return undefined;
      if (mayHoldOversizedEvent(decoded))
        for (const [i, event] of batch.entries()) checkEventSize(event, `/batch/${i}`);
      events = batch;
      batchIntegrations = isObject(parsed.integrations) ? parsed.integrations : undefined;
    } else {
      if (mayHoldOversizedEvent(decoded)) checkEventSize(parsed, '');
      events = [{ ...parsed, type: kind }];
    }
    const assessed = {
      kind: kind === 'batch' ? 'batch' : kind,
      bodyKey: typeof parsed.writeKey === 'string' && parsed.writeKey !== '' ? parsed.writeKey : undefined,
      messageIds: [] as (string | undefined)[],
      userIds: [] as (string | undefined)[],
      previousIds: [] as (string | undefined)[],
      types: [] as (string | undefined)[],
      destinations: [] as number[],
    };
    for (const event of events) {
      if (!isObject(event)) return undefined;
      normalizeReceivedEvent(event);
      if (messageValidator(event) !== true) return undefined;
      const messageId = event.messageId;
      assessed.messageIds.push(typeof messageId === 'string' && messageId !== '' ? messageId : undefined);
      assessed.userIds.push(text(event.userId));
      assessed.previousIds.push(text(event.previousId));
      assessed.types.push(text(event.type));
      const integrations = mergedIntegrations(event.integrations, batchIntegrations);
      assessed.destinations.push(
        (isDestinationEnabled(integrations) ? TO_WEBHOOKS : 0) |
          (isDestinationEnabled(integrations, ACTIONS_WEBHOOKS_DESTINATION) ? TO_ACTIONS_WEBHOOKS : 0),
      );
    }
    return assessed;
  } catch {
    // A refusal (bad JSON, too deep, too large): the service refuses it again and names it.
    return undefined;
  }
}
