import type { ActionsWebhookSettings, SourceConfig, WebhookSettings } from '../../contract/generated/wire-types.js';
import { WEBHOOKS_DESTINATION } from '../routing/destination-name.js';

export interface SourceRegistryOptions {
  readonly sources?: readonly SourceConfig[];
  /** Settings given to sources created on the fly in zero-config mode (the embedded default's sample receiver). */
  readonly defaultWebhooks?: WebhookSettings;
  /**
   * Sources created on the fly kept at most (default 10,000): past it the least recently used one is
   * forgotten (counted in `evicted`, announced to `onEvicted`); its events stay in the journal, and its next
   * request creates it again.
   */
  readonly zeroConfigCapacity?: number;
}

export type SourceListener = (source: SourceConfig) => void;
export type EvictionListener = (writeKey: string) => void;

export const DEFAULT_ZERO_CONFIG_CAPACITY = 10_000;

/**
 * The sources the service knows, by write key. With none configured it runs zero-config: any non-empty
 * key creates a source on first use, so a local mock needs no setup.
 */
export class SourceRegistry {
  readonly #sources = new Map<string, SourceConfig>();
  readonly #configured: boolean;
  #defaultWebhooks: WebhookSettings | undefined;
  readonly #listeners = new Set<SourceListener>();
  readonly #evictionListeners = new Set<EvictionListener>();
  readonly #zeroConfigCapacity: number;
  #evicted = 0;

  constructor(options: SourceRegistryOptions = {}) {
    for (const source of options.sources ?? []) this.#sources.set(source.writeKey, source);
    this.#configured = this.#sources.size > 0;
    this.#defaultWebhooks = options.defaultWebhooks;
    const capacity = options.zeroConfigCapacity ?? DEFAULT_ZERO_CONFIG_CAPACITY;
    if (!Number.isInteger(capacity) || capacity < 1)
      throw new RangeError(`zeroConfigCapacity must be a positive integer; received ${String(capacity)}`);
    this.#zeroConfigCapacity = capacity;
  }

  /** Zero-config sources forgotten because more distinct write keys came than the capacity. */
  get evicted(): number {
    return this.#evicted;
  }

  /** Called with the write key of each zero-config source forgotten at the capacity (the dedup memory goes with it). */
  onEvicted(listener: EvictionListener): () => void {
    this.#evictionListeners.add(listener);
    return () => this.#evictionListeners.delete(listener);
  }

  /** True when sources came from configuration; unknown keys are then refused. */
  get zeroConfig(): boolean {
    return !this.#configured;
  }

  /** Webhooks settings for sources created from now on in zero-config mode. */
  setDefaultWebhooks(settings: WebhookSettings | undefined): void {
    this.#defaultWebhooks = settings;
  }

  get(writeKey: string): SourceConfig | undefined {
    return this.#sources.get(writeKey);
  }

  list(): readonly SourceConfig[] {
    return [...this.#sources.values()];
  }

  writeKeys(): readonly string[] {
    return [...this.#sources.keys()];
  }

  /** The source for a key; in zero-config mode an unknown non-empty key creates one. */
  resolve(writeKey: string): SourceConfig | undefined {
    const known = this.#sources.get(writeKey);
    if (known !== undefined && !this.#configured && this.#sources.size > 1) {
      // Least recently used first: a key in use moves to the end of the Map's order (two O(1) steps).
      this.#sources.delete(writeKey);
      this.#sources.set(writeKey, known);
    }
    if (known !== undefined || this.#configured || writeKey === '') return known;
    const created: SourceConfig =
      this.#defaultWebhooks === undefined
        ? { writeKey, name: `zero-config ${writeKey}` }
        : {
            writeKey,
            name: `zero-config ${writeKey}`,
            destinations: { [WEBHOOKS_DESTINATION]: this.#defaultWebhooks },
          };
    this.put(created);
    if (this.#sources.size > this.#zeroConfigCapacity) this.#evictOldest();
    return created;
  }

  put(source: SourceConfig): void {
    this.#sources.set(source.writeKey, source);
    for (const listener of this.#listeners) listener(source);
  }

  subscribe(listener: SourceListener): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  #evictOldest(): void {
    const oldest = this.#sources.keys().next();
    if (oldest.done === true) return;
    this.#sources.delete(oldest.value);
    this.#evicted++;
    for (const listener of this.#evictionListeners) listener(oldest.value);
  }

  /** Forgets sources created on the fly; configured ones stay. */
  resetZeroConfig(): void {
    if (!this.#configured) this.#sources.clear();
    this.#evicted = 0;
  }
}

/** The Webhooks destination settings of a source, when it has them and they are enabled. */
export function webhookSettingsOf(source: SourceConfig | undefined): WebhookSettings | undefined {
  const settings = source?.destinations?.Webhooks;
  return settings !== undefined && settings.enabled !== false ? settings : undefined;
}

/** The Webhooks (Actions) destination settings of a source, when it has them and they are enabled. */
export function actionsSettingsOf(source: SourceConfig | undefined): ActionsWebhookSettings | undefined {
  const settings = source?.destinations?.['Webhooks (Actions)'];
  return settings !== undefined && settings.enabled !== false ? settings : undefined;
}
