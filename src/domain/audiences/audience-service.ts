import type { Clock } from '../../clock/clock.js';
import type { AudienceDefinition, SourceConfig, WebhookSettings } from '../../contract/generated/wire-types.js';
import { isoTime } from '../../contract/iso-time.js';
import { isObject } from '../../contract/is-object.js';
import { validate } from '../../contract/validators.js';
import type { EventHistory, SourceDirectory } from '../deletions/source-directory.js';
import { AudienceNotFoundError, UnknownSourceError } from '../../errors/admin-errors.js';
import { ContractViolationError } from '../../errors/config-errors.js';
import type { PayloadSender } from '../delivery/payload-sender.js';
import { webhookSettingsOf } from '../sources/source-registry.js';
import { computeMembership } from './compute-membership.js';
import { audienceTraitKey } from '../../contract/audience-trait-key.js';
import { DEFAULT_SPACE_ID, personasContext } from './personas-context.js';
import { addForwardedFields, UNKNOWN_LIBRARY } from '../delivery/forwarded-fields.js';
import { WEBHOOKS_DESTINATION } from '../routing/destination-name.js';
import { newKsuid, PERSONAS_ID_PREFIX } from '../collection/ksuid.js';
import { payloadSourceOf, payloadVersionOf, RunSettings, type RunSettingsView } from '../sources/source-settings.js';

export interface AudienceSyncResult {
  readonly audience: string;
  readonly traitKey: string;
  readonly first: boolean;
  /** Users whose Identify was sent, with the membership it carried. */
  readonly changes: readonly { userId: string; member: boolean }[];
  readonly deliveryIds: readonly string[];
}

interface AudienceState {
  definition: AudienceDefinition;
  synced: Set<string> | undefined;
}

/**
 * Audience sync (rule 6.2): the first sync sends an Identify with {<key>: true} per member; each later
 * sync sends Identify only for users whose membership changed (true joined, false left).
 */
export class AudienceService {
  readonly #clock: Clock;
  readonly #sources: SourceDirectory;
  readonly #history: EventHistory;
  readonly #dispatcher: PayloadSender;
  readonly #audiences = new Map<string, AudienceState>();
  readonly #spaceId: string;
  readonly #settings: RunSettingsView;

  /** `spaceId`: the Engage space named in context.personas (namespace, space_id); default spa_eventharness. */
  constructor(options: {
    clock: Clock;
    sources: SourceDirectory;
    history: EventHistory;
    dispatcher: PayloadSender;
    spaceId?: string;
    /** The run's payload version (a source's own wins); version 1 without. */
    settings?: RunSettingsView;
  }) {
    this.#spaceId = options.spaceId ?? DEFAULT_SPACE_ID;
    this.#settings = options.settings ?? new RunSettings();
    this.#clock = options.clock;
    this.#sources = options.sources;
    this.#history = options.history;
    this.#dispatcher = options.dispatcher;
  }

  /** Defines or redefines an audience; its sync history is kept, so the next sync sends only changes. */
  define(name: string, body: unknown): AudienceDefinition {
    const candidate = isObject(body) ? { ...body, name } : body;
    const result = validate('audience', candidate);
    if (!result.ok) throw new ContractViolationError('audience', result.violations);
    const existing = this.#audiences.get(name);
    if (existing !== undefined) existing.definition = result.value;
    else this.#audiences.set(name, { definition: result.value, synced: undefined });
    return result.value;
  }

  list(): { name: string; traitKey: string; definition: AudienceDefinition; synced: boolean }[] {
    return [...this.#audiences].map(([name, state]) => ({
      name,
      traitKey: audienceTraitKey(name),
      definition: state.definition,
      synced: state.synced !== undefined,
    }));
  }

  sync(name: string): AudienceSyncResult {
    const state = this.#audiences.get(name);
    if (state === undefined) throw new AudienceNotFoundError(name);
    const key = audienceTraitKey(name);
    const targets = this.#targets(state.definition);
    const now = computeMembership(state.definition, this.#history);
    const first = state.synced === undefined;
    const changes: { userId: string; member: boolean }[] = [];
    if (first) for (const userId of now) changes.push({ userId, member: true });
    else {
      for (const userId of now) if (!state.synced?.has(userId)) changes.push({ userId, member: true });
      for (const userId of state.synced ?? []) if (!now.has(userId)) changes.push({ userId, member: false });
    }
    const timestamp = isoTime(this.#clock.now());
    const personas = personasContext(name, key, this.#spaceId);
    const deliveryIds: string[] = [];
    for (const { userId, member } of changes) {
      // As the real service forwards an Engage Identify (the public sample in docs/decisions.md): `personas_` and a
      // KSUID as its messageId, no sentAt (null), the full context.personas, and an integrations map naming only the
      // destination the audience is connected to; each source's copy names that source.
      const messageId = PERSONAS_ID_PREFIX + newKsuid(this.#clock.now());
      for (const [source, settings] of targets) {
        const payload = addForwardedFields({
          version: payloadVersionOf(source, this.#settings),
          type: 'identify',
          userId,
          messageId,
          timestamp,
          originalTimestamp: timestamp,
          sentAt: null,
          receivedAt: timestamp,
          traits: { [key]: member },
          context: { personas, library: { ...UNKNOWN_LIBRARY } },
          integrations: { All: false, [WEBHOOKS_DESTINATION]: true },
          ...payloadSourceOf(source),
        });
        deliveryIds.push(this.#dispatcher.dispatchPayload({ writeKey: source.writeKey, settings, payload }).id);
      }
    }
    state.synced = now;
    return { audience: name, traitKey: key, first, changes, deliveryIds };
  }

  /** Each audience with what its last sync sent (undefined before the first sync): what an export keeps. */
  states(): { name: string; definition: AudienceDefinition; synced: readonly string[] | undefined }[] {
    return [...this.#audiences].map(([name, state]) => ({
      name,
      definition: state.definition,
      synced: state.synced === undefined ? undefined : [...state.synced],
    }));
  }

  /** Takes back an exported audience: its definition (checked as `define` checks it) and its last sync. */
  restore(name: string, definition: unknown, synced: readonly string[] | undefined): void {
    this.define(name, definition);
    const state = this.#audiences.get(name);
    if (state !== undefined) state.synced = synced === undefined ? undefined : new Set(synced);
  }

  clear(): void {
    this.#audiences.clear();
  }

  #targets(definition: AudienceDefinition): [SourceConfig, WebhookSettings][] {
    if (definition.writeKeys === undefined) {
      return this.#sources
        .list()
        .map((source: SourceConfig) => [source, webhookSettingsOf(source)] as const)
        .filter((entry): entry is [SourceConfig, WebhookSettings] => entry[1] !== undefined);
    }
    return definition.writeKeys.map((writeKey) => {
      const source = this.#sources.get(writeKey);
      if (source === undefined) throw new UnknownSourceError(writeKey, 'missing');
      const settings = webhookSettingsOf(source);
      if (settings === undefined) throw new UnknownSourceError(writeKey, 'no-webhooks');
      return [source, settings];
    });
  }
}
