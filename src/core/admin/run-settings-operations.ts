import type { HttpConfig, RunSettingsUpdate, SourceConfig } from '../../contract/generated/wire-types.js';
import { validate } from '../../contract/validators.js';
import type { PayloadVersion } from '../../domain/delivery/build-payload.js';
import { projectIdOf } from '../../domain/sources/source-settings.js';
import { ContractViolationError } from '../../errors/config-errors.js';
import { UnknownSourceError } from '../../errors/admin-errors.js';
import type { ServiceCore } from '../service-core.js';

export interface SourceSettingsView {
  readonly writeKey: string;
  readonly projectId: string;
  readonly payloadVersion: PayloadVersion | null;
  readonly httpConfig: HttpConfig | null;
}

export interface RunSettingsAnswer {
  readonly payloadVersion: PayloadVersion;
  readonly httpConfig: HttpConfig | null;
  /** Each source with its own settings (null: the run's apply) and the projectId its deliveries carry. */
  readonly sources: SourceSettingsView[];
}

/** GET /__harness/settings: the run's payload version and httpConfig, and each source's. */
export function runSettingsOf(core: ServiceCore): RunSettingsAnswer {
  return {
    ...core.settings.view(),
    sources: core.sources.list().map((source) => ({
      writeKey: source.writeKey,
      projectId: projectIdOf(source),
      payloadVersion: source.payloadVersion ?? null,
      httpConfig: source.httpConfig ?? null,
    })),
  };
}

/**
 * PUT /__harness/settings: changes the run's settings, or with `writeKey` one source's (a field left out stays, null
 * goes back to the default). Applies from the next delivery and the next settings answer on; kept across a reset.
 */
export function updateRunSettings(core: ServiceCore, body: unknown): RunSettingsAnswer {
  const result = validate('run-settings', body);
  if (!result.ok) throw new ContractViolationError('run-settings', result.violations);
  const update: RunSettingsUpdate = result.value;
  if (update.writeKey === undefined) {
    if (update.payloadVersion !== undefined) core.settings.payloadVersion = update.payloadVersion ?? 1;
    if (update.httpConfig !== undefined) core.settings.httpConfig = update.httpConfig ?? undefined;
    return runSettingsOf(core);
  }
  const source = core.sources.get(update.writeKey);
  if (source === undefined) throw new UnknownSourceError(update.writeKey, 'missing');
  const { payloadVersion, httpConfig, ...rest } = source;
  const changed: SourceConfig = { ...rest };
  const version = update.payloadVersion === undefined ? payloadVersion : (update.payloadVersion ?? undefined);
  const config = update.httpConfig === undefined ? httpConfig : (update.httpConfig ?? undefined);
  if (version !== undefined) changed.payloadVersion = version;
  if (config !== undefined) changed.httpConfig = config;
  core.sources.put(changed);
  return runSettingsOf(core);
}
