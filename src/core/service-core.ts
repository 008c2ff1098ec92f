import { createFakeClock } from '../clock/fake-clock.js';
import { createSystemClock } from '../clock/system-clock.js';
import { createMonotonicClock } from '../clock/monotonic-clock.js';
import type { Clock } from '../clock/clock.js';
import { CollectionService } from '../domain/collection/collection-service.js';
import type { HarnessConfig, WebhookSettings } from '../contract/generated/wire-types.js';
import { FaultPlan } from './faults/fault-plan.js';
import { RateLimiter } from './faults/rate-limiter.js';
import { EventJournal } from '../domain/journal/event-journal.js';
import { actionsSettingsOf, SourceRegistry, webhookSettingsOf } from '../domain/sources/source-registry.js';
import { payloadSourceOf, payloadVersionOf, projectIdOf, RunSettings } from '../domain/sources/source-settings.js';
import { WebhookDispatcher } from '../actors/dispatcher/webhook-dispatcher.js';
import { ActionsDestination } from '../actors/dispatcher/actions-destination.js';
import type { WebhookTransport } from '../domain/delivery/http-transport.js';
import { DeletionService } from '../domain/deletions/deletion-service.js';
import { AudienceService } from '../domain/audiences/audience-service.js';
import { CollectionRequestLog } from './collection/request-log.js';
import { SampleReceiver } from './sample-receiver/sample-receiver.js';
import { MemoryJournalStore } from '../domain/journal/memory-journal-store.js';
import { MemoryDeliveryStore } from '../domain/delivery/memory-delivery-store.js';
import type { DeliveryStore } from '../domain/delivery/delivery-store.js';
import type { DurableState } from './store/durable-state.js';
import type { JournalStore } from '../domain/journal/journal-store.js';
import { AgeBoundedJournalStore } from '../domain/journal/age-bounded-journal-store.js';

export type ClockChoice = 'fake' | 'system' | Clock;

export interface ServiceCoreOptions {
  readonly clock?: ClockChoice;
  readonly config?: HarnessConfig;
  /** Overrides config.strict. */
  readonly strict?: boolean;
  /** Seeds every random choice (fault shares, retry jitter) so a run replays. */
  readonly seed?: number;
  /** Webhooks settings for sources created on the fly in zero-config mode. */
  readonly defaultWebhooks?: WebhookSettings;
  /** PEM certificates trusted for HTTPS webhooks besides the system store (config tls.ca, read). */
  readonly caCertificates?: readonly string[];
  /** Replaces HTTP for webhook deliveries (e.g. an in-process receiver). */
  readonly transport?: WebhookTransport;
  /** Collection requests remembered for GET /__harness/requests and the inspector (oldest dropped). Default 1,000. */
  readonly requestLogCapacity?: number;
  /**
   * Creates the built-in sample receiver (`core.sampleReceiver`), verifying with this secret: deliveries to the
   * URL it is told it serves at reach it in process, with the same bytes, headers and attempt records as over
   * HTTP; the server mounts its routes.
   */
  readonly sampleReceiverSecret?: string;
  /** State kept beyond this process (PostgreSQL): the memory stores become its mirrors. Default: memory only. */
  readonly durable?: DurableState;
}

/**
 * The one domain core that every adapter (Hapi server, msw handlers, CLI) wraps: clock, sources, journal,
 * faults, the collection service, and the webhook dispatcher fed by it, with deletions and audiences.
 */
export interface ServiceCore {
  readonly clock: Clock;
  readonly seed: number;
  readonly config: HarnessConfig;
  readonly sources: SourceRegistry;
  /** The run's payload version and httpConfig (config, then PUT /__harness/settings); a source's own win. */
  readonly settings: RunSettings;
  readonly journal: EventJournal;
  readonly faults: FaultPlan;
  /** The rate limit setting (config rateLimit), when set. */
  readonly rateLimit: RateLimiter | undefined;
  readonly collection: CollectionService;
  readonly dispatcher: WebhookDispatcher;
  /** The Webhooks (Actions) destination: its requests go through `dispatcher`. */
  readonly actions: ActionsDestination;
  readonly deletions: DeletionService;
  readonly audiences: AudienceService;
  /** The collection requests as answered, fed by every adapter (kept across reset, as a log of the wire). */
  readonly requests: CollectionRequestLog;
  /** The built-in sample receiver, when the core was created with one. */
  readonly sampleReceiver: SampleReceiver | undefined;
  /** The durable store behind the memory stores, when there is one (docs/scaling.md). */
  readonly durable: DurableState | undefined;
  /** Forgets events, faults, dedup memory and zero-config sources; configured sources stay. */
  reset(): void;
}

export function resolveClock(choice: ClockChoice | undefined): Clock {
  if (choice === undefined || choice === 'system') return createSystemClock();
  if (choice === 'fake') return createFakeClock();
  return choice;
}

/** The journal's store when it is not the plain memory store: an age bound, a durable store, or both. */
function journalStoreOf(
  config: HarnessConfig,
  clock: Clock,
  durable: DurableState | undefined,
): { store?: JournalStore } {
  const { capacity, maxBytes, maxAgeMs } = config.journal ?? {};
  if (durable === undefined && maxAgeMs === undefined) return {};
  // Mirrored to a durable store, whose rows are written after the append, texts stay in their own buffers.
  const memory = new MemoryJournalStore({ capacity, maxBytes, recycleTexts: durable === undefined });
  const bounded = maxAgeMs === undefined ? memory : new AgeBoundedJournalStore(memory, clock, maxAgeMs);
  return { store: durable === undefined ? bounded : durable.wrapJournal(bounded) };
}

/** The dispatcher's store when it is not its default: an age bound, a durable store, or both. */
function deliveryStoreOf(
  delivery: NonNullable<HarnessConfig['delivery']>,
  clock: Clock,
  durable: DurableState | undefined,
): { store?: DeliveryStore; claimWalk?: (id: string, walk: number) => Promise<boolean | 'taken-over'> } {
  const { capacity, maxAgeMs } = delivery;
  if (durable === undefined && maxAgeMs === undefined) return {};
  const memory = new MemoryDeliveryStore({ capacity, maxAgeMs, clock });
  if (durable === undefined) return { store: memory };
  return { store: durable.wrapDeliveries(memory), claimWalk: (id, walk) => durable.claimWalk(id, walk) };
}

/** The webhook dispatcher of a core: its settings from the config's delivery section, over the core's stores. */
function dispatcherOf(
  options: ServiceCoreOptions,
  parts: { clock: Clock; realClock: Clock; seed: number; sampleReceiver: SampleReceiver | undefined },
): WebhookDispatcher {
  const delivery = options.config?.delivery ?? {};
  const { clock, realClock, seed, sampleReceiver } = parts;
  return new WebhookDispatcher({
    clock,
    realClock,
    seed,
    ...(delivery.userAgent !== undefined ? { userAgent: delivery.userAgent } : {}),
    ...(delivery.aliasFields !== undefined ? { aliasFields: delivery.aliasFields } : {}),
    ...(delivery.timeoutMs !== undefined ? { timeoutMs: delivery.timeoutMs } : {}),
    ...(delivery.retryWindowMs !== undefined ? { retry: { windowMs: delivery.retryWindowMs } } : {}),
    ...(delivery.concurrency !== undefined ? { concurrency: delivery.concurrency } : {}),
    ...(delivery.capacity !== undefined ? { capacity: delivery.capacity } : {}),
    ...(delivery.blockPrivateTargets === true ? { blockPrivateTargets: true } : {}),
    ...(options.caCertificates !== undefined ? { ca: options.caCertificates } : {}),
    ...(options.transport !== undefined ? { transport: options.transport } : {}),
    ...(sampleReceiver !== undefined ? { inProcess: sampleReceiver } : {}),
    ...deliveryStoreOf(delivery, clock, options.durable),
  });
}

/** Every accepted event of a source goes to each of its destinations (each checks the integrations map). */
function feedDestinations(
  collection: CollectionService,
  destinations: { dispatcher: WebhookDispatcher; actions: ActionsDestination; settings: RunSettings },
): void {
  const { dispatcher, actions, settings } = destinations;
  collection.onAccepted(
    ({ writeKey, source, event }) => {
      const webhooks = webhookSettingsOf(source);
      if (webhooks !== undefined)
        dispatcher.dispatchEvent({
          writeKey,
          settings: webhooks,
          event,
          source: payloadSourceOf(source),
          version: payloadVersionOf(source, settings),
        });
      const actionsSettings = actionsSettingsOf(source);
      if (actionsSettings !== undefined)
        actions.dispatchEvent({ writeKey, settings: actionsSettings, event, projectId: projectIdOf(source) });
    },
    (source) => webhookSettingsOf(source) !== undefined || actionsSettingsOf(source) !== undefined,
  );
}

export function createServiceCore(options: ServiceCoreOptions = {}): ServiceCore {
  const config = options.config ?? {};
  const clock = resolveClock(options.clock);
  const seed = options.seed ?? 1;
  const sources = new SourceRegistry({
    ...(config.sources !== undefined ? { sources: config.sources } : {}),
    ...(options.defaultWebhooks !== undefined ? { defaultWebhooks: options.defaultWebhooks } : {}),
  });
  // Real time for waits and budgets beside a fake harness clock, injected here at the composition root.
  const realClock = createMonotonicClock();
  const { durable } = options;
  const journal = new EventJournal({
    waitClock: realClock,
    ...(config.journal?.capacity !== undefined ? { capacity: config.journal.capacity } : {}),
    ...(config.journal?.maxBytes !== undefined ? { maxBytes: config.journal.maxBytes } : {}),
    ...journalStoreOf(config, clock, durable),
  });
  const faults = new FaultPlan(seed);
  if (durable !== undefined) faults.share(durable.sharedFaults());
  const rateLimit =
    config.rateLimit !== undefined ? new RateLimiter(clock, config.rateLimit.requestsPerSecond) : undefined;
  const collection = new CollectionService({
    clock,
    journal,
    sources,
    strict: options.strict ?? config.strict ?? false,
  });
  const delivery = config.delivery ?? {};
  const settings = new RunSettings({
    ...(delivery.payloadVersion !== undefined ? { payloadVersion: delivery.payloadVersion } : {}),
    ...(config.httpConfig !== undefined ? { httpConfig: config.httpConfig } : {}),
  });
  const secret = options.sampleReceiverSecret;
  const sampleReceiver = secret === undefined ? undefined : new SampleReceiver({ secret });
  const dispatcher = dispatcherOf(options, { clock, realClock, seed, sampleReceiver });
  const actions = new ActionsDestination({ clock, dispatcher });
  feedDestinations(collection, { dispatcher, actions, settings });
  // The dedup memory of an evicted zero-config source goes with it, so distinct keys cannot grow it without bound.
  sources.onEvicted((writeKey) => collection.forgetWriteKey(writeKey));
  const deletions = new DeletionService({ clock, sources, history: journal, dispatcher });
  const audiences = new AudienceService({ clock, sources, history: journal, dispatcher, settings });
  const requests = new CollectionRequestLog(clock, options.requestLogCapacity);
  return {
    clock,
    seed,
    config,
    sources,
    settings,
    journal,
    faults,
    rateLimit,
    collection,
    dispatcher,
    actions,
    deletions,
    audiences,
    requests,
    sampleReceiver,
    durable,
    reset() {
      actions.clear();
      dispatcher.clear();
      audiences.clear();
      journal.clear();
      faults.clear();
      rateLimit?.reset();
      collection.reset();
      sources.resetZeroConfig();
    },
  };
}
