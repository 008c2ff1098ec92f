import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { HarnessConfig } from '../../contract/generated/wire-types.js';
import { validate } from '../../contract/validators.js';
import { ConfigError } from '../../errors/config-errors.js';

export interface LoadedConfig {
  readonly config: HarnessConfig;
  /** The PEM text of each tls.ca file, read relative to the config file. */
  readonly caCertificates: readonly string[];
}

/** Validates a config object against schemas/harness-config.schema.json; the error names every pointer. */
export function parseConfig(value: unknown, origin = 'config'): HarnessConfig {
  const result = validate('harness-config', value);
  if (!result.ok)
    throw new ConfigError(
      `${origin} is not a valid harness config: ${result.violations.map((v) => v.message).join('; ')}`,
    );
  return result.value;
}

/** Reads, parses and validates a config file, and reads the CA files it names. */
export async function loadConfigFile(file: string, cwd = process.cwd()): Promise<LoadedConfig> {
  const absolute = path.resolve(cwd, file);
  let text: string;
  try {
    text = await readFile(absolute, 'utf8');
  } catch (error) {
    throw new ConfigError(`cannot read the config file ${absolute}: ${(error as Error).message}`);
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    // V8 quotes a piece of the text around the error, which may hold a secret: only the position is kept.
    throw new ConfigError(
      `the config file ${absolute} is not valid JSON: ${(error as Error).message.replace(/, ".*" is not valid JSON$/s, ' (the text near it is not shown: it may hold a secret)')}`,
    );
  }
  const config = parseConfig(value, absolute);
  const caCertificates: string[] = [];
  for (const ca of config.tls?.ca ?? []) {
    const caFile = path.resolve(path.dirname(absolute), ca);
    try {
      caCertificates.push(await readFile(caFile, 'utf8'));
    } catch (error) {
      throw new ConfigError(
        `${absolute}: cannot read the CA file ${caFile} named in /tls/ca: ${(error as Error).message}`,
      );
    }
  }
  return { config, caCertificates };
}
