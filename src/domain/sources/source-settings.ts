import { createHash } from 'node:crypto';
import type { HttpConfig, SourceConfig } from '../../contract/generated/wire-types.js';
import type { PayloadSource, PayloadVersion } from '../delivery/build-payload.js';

/**
 * A source's id as delivered events carry it (`projectId`): the configured one, else 22 letters and digits (the
 * length of the real service's source ids) derived from the write key, so it is the same on every start, on every
 * node of a shared store and in every run.
 */
export function projectIdOf(source: Pick<SourceConfig, 'writeKey' | 'projectId'>): string {
  if (source.projectId !== undefined) return source.projectId;
  const digest = createHash('sha256').update(`projectId:${source.writeKey}`, 'utf8').digest('base64');
  return digest.replace(/[^A-Za-z0-9]/g, '').slice(0, 22);
}

/** What a delivered event names of its source. */
export function payloadSourceOf(source: Pick<SourceConfig, 'writeKey' | 'projectId'>): PayloadSource {
  return { writeKey: source.writeKey, projectId: projectIdOf(source) };
}

/** The settings of a run (its config, then the admin API) that a source's own settings override. */
export interface RunSettingsView {
  /** `delivery.payloadVersion` of the run; 1 unless set. */
  readonly payloadVersion: PayloadVersion;
  /** The run's `httpConfig`, served to every source without its own. */
  readonly httpConfig: HttpConfig | undefined;
}

/**
 * The run's settings, changeable while it runs (PUT /__harness/settings): one object per core, read at each
 * delivery and each settings answer, so a change applies from the next event on.
 */
export class RunSettings implements RunSettingsView {
  payloadVersion: PayloadVersion;
  httpConfig: HttpConfig | undefined;

  constructor(initial: { readonly payloadVersion?: PayloadVersion; readonly httpConfig?: HttpConfig } = {}) {
    this.payloadVersion = initial.payloadVersion ?? 1;
    this.httpConfig = initial.httpConfig;
  }

  view(): { payloadVersion: PayloadVersion; httpConfig: HttpConfig | null } {
    return { payloadVersion: this.payloadVersion, httpConfig: this.httpConfig ?? null };
  }
}

/** The `version` of this source's payloads: its own setting, else the run's. */
export function payloadVersionOf(source: SourceConfig, run: RunSettingsView): PayloadVersion {
  return source.payloadVersion ?? run.payloadVersion;
}

/** The `httpConfig` analytics.js gets for this source: its own, else the run's, else none. */
export function httpConfigOf(source: SourceConfig | undefined, run: RunSettingsView): HttpConfig | undefined {
  return source?.httpConfig ?? run.httpConfig;
}
