import type { HarnessConfig } from '../../contract/generated/wire-types.js';
import { parseConfig } from '../config/load-config.js';
import { ConfigError } from '../../errors/config-errors.js';
import { InvalidRequestError } from '../../errors/admin-errors.js';
import type { CreateRunInput } from './run.js';
import { newWriteKey } from './run-ids.js';
import { boundedRunConfig, type RunBounds } from './run-memory-budget.js';

/**
 * The config a new run is built with, from what POST /__harness/runs received: validated by the config schema,
 * without `tls`, with a generated write key when it names no source, and with the memory bounds it leaves out
 * filled in from its share of the runs' budget (`defaults`). Answers the bounds it reserves.
 */
export function runConfigOf(
  input: CreateRunInput,
  id: string,
  defaults: RunBounds,
): { config: HarnessConfig; bounds: RunBounds; writeKeys: string[] } {
  const given = input.config === undefined ? {} : parseConfig(input.config, 'the run config');
  if (given.tls !== undefined)
    throw new ConfigError(
      'the run config holds "tls", which names files on the server\'s disk; a run trusts the CAs the server was started with (serve --config with tls.ca)',
    );
  const { config, bounds } = boundedRunConfig(
    given.sources !== undefined && given.sources.length > 0
      ? given
      : { ...given, sources: [{ writeKey: newWriteKey(), name: input.name ?? id }] },
    defaults,
  );
  const writeKeys = (config.sources ?? []).map((source) => source.writeKey);
  // A shared store keeps run records as text, which cannot hold NUL: refused alike on every store.
  if (input.name?.includes('\u0000') === true)
    throw new InvalidRequestError(`/name may not hold the NUL character; received ${JSON.stringify(input.name)}`);
  const nulKey = writeKeys.findIndex((key) => key.includes('\u0000'));
  if (nulKey !== -1)
    throw new ConfigError(
      `the run config's /sources/${nulKey}/writeKey holds the NUL character, which no SDK sends; use printable text`,
    );
  return { config, bounds, writeKeys };
}
