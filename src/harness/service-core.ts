import { createFakeClock } from '../clock/fake-clock.js';
import { createSystemClock } from '../clock/system-clock.js';
import type { Clock } from '../clock/clock.js';
import { CollectionService } from '../collection/collection-service.js';
import type { HarnessConfig, WebhookSettings } from '../contract/generated/wire-types.js';
import { FaultPlan } from '../faults/fault-plan.js';
import { EventJournal } from '../journal/event-journal.js';
import { SourceRegistry } from '../sources/source-registry.js';

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
}

/**
 * The one domain core that every adapter (Hapi server, msw handlers, CLI) wraps: clock, sources, journal,
 * faults and the collection service. This is the composition point for everything that reacts to events.
 */
export interface ServiceCore {
  readonly clock: Clock;
  readonly seed: number;
  readonly config: HarnessConfig;
  readonly sources: SourceRegistry;
  readonly journal: EventJournal;
  readonly faults: FaultPlan;
  readonly collection: CollectionService;
  /** Forgets events, faults, dedup memory and zero-config sources; configured sources stay. */
  reset(): void;
}

export function resolveClock(choice: ClockChoice | undefined): Clock {
  if (choice === undefined || choice === 'system') return createSystemClock();
  if (choice === 'fake') return createFakeClock();
  return choice;
}

export function createServiceCore(options: ServiceCoreOptions = {}): ServiceCore {
  const config = options.config ?? {};
  const clock = resolveClock(options.clock);
  const seed = options.seed ?? 1;
  const sources = new SourceRegistry({
    ...(config.sources !== undefined ? { sources: config.sources } : {}),
    ...(options.defaultWebhooks !== undefined ? { defaultWebhooks: options.defaultWebhooks } : {}),
  });
  const journal = new EventJournal(config.journal?.capacity !== undefined ? { capacity: config.journal.capacity } : {});
  const faults = new FaultPlan(seed);
  const collection = new CollectionService({ clock, journal, sources, strict: options.strict ?? config.strict ?? false });
  return {
    clock,
    seed,
    config,
    sources,
    journal,
    faults,
    collection,
    reset() {
      journal.clear();
      faults.clear();
      collection.reset();
      sources.resetZeroConfig();
    },
  };
}
