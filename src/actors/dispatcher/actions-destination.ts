import type { Clock, TimerHandle } from '../../clock/clock.js';
import type { ActionsWebhookMapping, ActionsWebhookSettings } from '../../contract/generated/wire-types.js';
import { validate } from '../../contract/validators.js';
import {
  ACTIONS_DEFAULT_BATCH_SIZE,
  ACTIONS_TIMEOUT_MS,
  actionsData,
  actionsHeaders,
  actionsSignature,
} from '../../domain/delivery/actions-request.js';
import { classifyActionsOutcome } from '../../domain/delivery/classify-outcome.js';
import { InvalidWebhookSettingsError } from '../../errors/admin-errors.js';
import { ACTIONS_WEBHOOKS_DESTINATION } from '../../domain/routing/destination-name.js';
import { isDestinationEnabled } from '../../domain/routing/is-destination-enabled.js';
import type { DeliveryView, WebhookDispatcher } from './webhook-dispatcher.js';

const ALL_TYPES: readonly string[] = ['track', 'page', 'screen', 'identify', 'group', 'alias'];
/** A partial batch goes out this long after its first event unless the settings say otherwise. */
export const DEFAULT_BATCH_WINDOW_MS = 1_000;

interface HeldBatch {
  readonly writeKey: string;
  readonly settings: ActionsWebhookSettings;
  readonly mapping: ActionsWebhookMapping;
  readonly events: Record<string, unknown>[];
  timer: TimerHandle | undefined;
}

/**
 * The Webhooks (Actions) destination: each mapping sends the events it subscribes to with its method, URL and
 * headers, one per request or batched as a JSON array (sent when full, or a window after its first event),
 * signed as the action-destinations source signs, with a 10 s timeout and the actions retry classes. The
 * requests go through the shared dispatcher, so they show, retry and redeliver like classic deliveries.
 */
export class ActionsDestination {
  readonly #clock: Clock;
  readonly #dispatcher: WebhookDispatcher;
  readonly #valid = new WeakSet<ActionsWebhookSettings>();
  readonly #held = new Map<string, HeldBatch>();

  constructor(options: { clock: Clock; dispatcher: WebhookDispatcher }) {
    this.#clock = options.clock;
    this.#dispatcher = options.dispatcher;
    // Run-until-idle sends partial batches at once rather than waiting on their window.
    this.#dispatcher.addIdleHook(() => this.flushAll() > 0);
  }

  assertSettings(settings: ActionsWebhookSettings): void {
    if (this.#valid.has(settings)) return;
    const result = validate('actions-webhook-settings', settings);
    if (!result.ok) throw new InvalidWebhookSettingsError(result.violations);
    this.#valid.add(settings);
  }

  /** Sends (or holds for its batch) an accepted event to every mapping that subscribes to its type. */
  dispatchEvent(input: {
    writeKey: string;
    settings: ActionsWebhookSettings;
    event: Record<string, unknown>;
    /** The source's id, which the event's data then carries as `projectId`. */
    projectId?: string;
  }): DeliveryView[] {
    this.assertSettings(input.settings);
    if (!isDestinationEnabled(input.event.integrations, ACTIONS_WEBHOOKS_DESTINATION)) return [];
    const type = typeof input.event.type === 'string' ? input.event.type : '';
    const sent: DeliveryView[] = [];
    for (const [index, mapping] of input.settings.mappings.entries()) {
      if (!(mapping.subscribe ?? ALL_TYPES).includes(type)) continue;
      const data = actionsData(input.event, input.projectId);
      const view =
        mapping.enableBatching === true
          ? this.#addToBatch(`${input.writeKey}\u0000${index}`, input.writeKey, input.settings, mapping, data)
          : this.#send(input.writeKey, input.settings, mapping, [data], false);
      if (view !== undefined) sent.push(view);
    }
    return sent;
  }

  /**
   * Holds an event in its mapping's batch: a full batch goes at once (its delivery answered), a partial one a window
   * after its first event. A batch held under settings since replaced goes first, as it was.
   */
  #addToBatch(
    key: string,
    writeKey: string,
    settings: ActionsWebhookSettings,
    mapping: ActionsWebhookMapping,
    data: Record<string, unknown>,
  ): DeliveryView | undefined {
    let held = this.#held.get(key);
    if (held === undefined || held.settings !== settings) {
      if (held !== undefined) this.#flush(key);
      held = { writeKey, settings, mapping, events: [], timer: undefined };
      this.#held.set(key, held);
    }
    held.events.push(data);
    if (held.events.length >= (mapping.batchSize ?? ACTIONS_DEFAULT_BATCH_SIZE)) return this.#flush(key);
    if (held.timer === undefined)
      held.timer = this.#clock.setTimeout(
        () => void this.#flush(key),
        settings.batchWindowMs ?? DEFAULT_BATCH_WINDOW_MS,
      );
    return undefined;
  }

  /** Events held in partial batches. */
  get held(): number {
    let count = 0;
    for (const batch of this.#held.values()) count += batch.events.length;
    return count;
  }

  /** Sends every partial batch now; returns how many requests that made. */
  flushAll(): number {
    let sent = 0;
    for (const key of [...this.#held.keys()]) if (this.#flush(key) !== undefined) sent++;
    return sent;
  }

  /** Drops held batches without sending them. */
  clear(): void {
    for (const batch of this.#held.values()) if (batch.timer !== undefined) this.#clock.clearTimeout(batch.timer);
    this.#held.clear();
  }

  #flush(key: string): DeliveryView | undefined {
    const held = this.#held.get(key);
    this.#held.delete(key);
    if (held === undefined) return undefined;
    if (held.timer !== undefined) this.#clock.clearTimeout(held.timer);
    if (held.events.length === 0) return undefined;
    return this.#send(held.writeKey, held.settings, held.mapping, held.events, true);
  }

  #send(
    writeKey: string,
    settings: ActionsWebhookSettings,
    mapping: ActionsWebhookMapping,
    events: readonly Record<string, unknown>[],
    batch: boolean,
  ): DeliveryView {
    const first = events[0] as Record<string, unknown>;
    const body = JSON.stringify(batch ? events : first);
    const signature = settings.sharedSecret !== undefined ? actionsSignature(settings.sharedSecret, first) : undefined;
    return this.#dispatcher.dispatchRequest({
      writeKey,
      destination: 'Webhooks (Actions)',
      type: batch ? 'batch' : typeof first.type === 'string' ? first.type : 'unknown',
      messageId: typeof first.messageId === 'string' ? first.messageId : '',
      body,
      targets: [
        {
          url: mapping.url,
          method: mapping.method ?? 'POST',
          headers: actionsHeaders(mapping.headers as Readonly<Record<string, string>> | undefined, signature),
        },
      ],
      timeoutMs: settings.timeoutMs ?? ACTIONS_TIMEOUT_MS,
      classify: classifyActionsOutcome,
    });
  }
}
