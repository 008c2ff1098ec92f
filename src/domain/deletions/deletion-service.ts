import type { Clock } from '../../clock/clock.js';
import type { DeletionRequest } from '../../contract/generated/wire-types.js';
import { isoTime } from '../../contract/iso-time.js';
import { validate } from '../../contract/validators.js';
import { ContractViolationError } from '../../errors/config-errors.js';
import { UnknownSourceError } from '../../errors/admin-errors.js';
import type { PayloadSender } from '../delivery/payload-sender.js';
import { webhookSettingsOf } from '../sources/source-registry.js';
import type { EventHistory, SourceDirectory } from './source-directory.js';

export interface DeletionNotice {
  readonly userId: string;
  readonly writeKey: string;
  readonly deliveryId: string;
}

/**
 * rule 1, 6.1: a deletion request sends one delete notification per user to each affected source (one that
 * holds events of the user, or is named in the request) that has the Webhooks destination enabled.
 */
export class DeletionService {
  readonly #clock: Clock;
  readonly #sources: SourceDirectory;
  readonly #history: EventHistory;
  readonly #dispatcher: PayloadSender;

  constructor(options: { clock: Clock; sources: SourceDirectory; history: EventHistory; dispatcher: PayloadSender }) {
    this.#clock = options.clock;
    this.#sources = options.sources;
    this.#history = options.history;
    this.#dispatcher = options.dispatcher;
  }

  request(body: unknown): DeletionNotice[] {
    const result = validate('deletion-request', body);
    if (!result.ok) throw new ContractViolationError('deletion-request', result.violations);
    const request: DeletionRequest = result.value;
    for (const writeKey of request.writeKeys ?? [])
      if (this.#sources.get(writeKey) === undefined) throw new UnknownSourceError(writeKey, 'missing');
    const timestamp = isoTime(this.#clock.now());
    const notices: DeletionNotice[] = [];
    for (const userId of new Set(request.userIds)) {
      const affected = new Set([...this.#history.writeKeysForUser(userId), ...(request.writeKeys ?? [])]);
      for (const writeKey of affected) {
        const settings = webhookSettingsOf(this.#sources.get(writeKey));
        if (settings === undefined) continue;
        const view = this.#dispatcher.dispatchPayload({
          writeKey,
          settings,
          payload: { type: 'delete', userId, timestamp },
          messageId: `delete-${userId}-${this.#clock.now()}`,
        });
        notices.push({ userId, writeKey, deliveryId: view.id });
      }
    }
    return notices;
  }
}
