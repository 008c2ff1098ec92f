import { parseArgs, type ParseArgsConfig } from 'node:util';
import { UsageError } from '../errors/config-errors.js';

type Options = NonNullable<ParseArgsConfig['options']>;

export type ParsedValues<T extends Options> = {
  [K in keyof T]?: T[K]['type'] extends 'boolean' ? boolean : T[K]['multiple'] extends true ? string[] : string;
};

/** node:util parseArgs, with its errors turned into UsageErrors that name the command. */
export function parseOptions<T extends Options>(
  command: string,
  args: readonly string[],
  options: T,
  allowPositionals = false,
): { values: ParsedValues<T>; positionals: string[] } {
  try {
    const parsed = parseArgs({ args: [...args], options, strict: true, allowPositionals });
    return { values: parsed.values as ParsedValues<T>, positionals: parsed.positionals };
  } catch (error) {
    throw new UsageError(
      `${command}: ${(error as Error).message.replace(/\. To specify a positional argument starting with a '-'.*$/, '')}`,
    );
  }
}

/** A whole number option within bounds, or the fallback when absent. */
export function integerOption(
  command: string,
  name: string,
  value: string | undefined,
  min: number,
  max: number,
): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!/^-?\d+$/.test(value) || n < min || n > max)
    throw new UsageError(
      `${command}: --${name} must be a whole number from ${min} to ${max}; received ${JSON.stringify(value)}`,
    );
  return n;
}
