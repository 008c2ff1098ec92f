import type { ActionsWebhookSettings, SourceConfig, WebhookSettings } from '../contract/generated/wire-types.js';
import { WEBHOOKS_DESTINATION } from '../routing/destination-name.js';

export interface SourceRegistryOptions {
  readonly sources?: readonly SourceConfig[];
  /** Settings given to sources created on the fly in zero-config mode (the embedded default's sample receiver). */
  readonly defaultWebhooks?: WebhookSettings;
}

export type SourceListener = (source: SourceConfig) => void;

/**
 * The sources the service knows, by write key. With none configured it runs zero-config: any non-empty
 * key creates a source on first use, so a local mock needs no setup.
 */
export class SourceRegistry {
  readonly #sources = new Map<string, SourceConfig>();
  readonly #configured: boolean;
  #defaultWebhooks: WebhookSettings | undefined;
  readonly #listeners = new Set<SourceListener>();

  constructor(options: SourceRegistryOptions = {}) {
    for (const source of options.sources ?? []) this.#sources.set(source.writeKey, source);
    this.#configured = this.#sources.size > 0;
    this.#defaultWebhooks = options.defaultWebhooks;
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
    if (known !== undefined || this.#configured || writeKey === '') return known;
    const created: SourceConfig = this.#defaultWebhooks === undefined
      ? { writeKey, name: `zero-config ${writeKey}` }
      : { writeKey, name: `zero-config ${writeKey}`, destinations: { [WEBHOOKS_DESTINATION]: this.#defaultWebhooks } };
    this.put(created);
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

  /** Forgets sources created on the fly; configured ones stay. */
  resetZeroConfig(): void {
    if (!this.#configured) this.#sources.clear();
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
