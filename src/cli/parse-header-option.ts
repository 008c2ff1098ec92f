import { outgoingHeaderProblem } from '../contract/outgoing-headers.js';
import { UsageError } from '../errors/config-errors.js';

/** A `--header "Name: value"` option as a [name, value] pair; the error names what was received. */
export function parseHeaderOption(command: string, pair: string): [string, string] {
  const colon = pair.indexOf(':');
  const name = colon > 0 ? pair.slice(0, colon).trim() : '';
  if (name === '' || !/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/.test(name))
    throw new UsageError(`${command}: --header must be "Name: value"; received ${JSON.stringify(pair)}`);
  const value = pair.slice(colon + 1).trim();
  // The one rule of headers the service sends (contract/outgoing-headers): the suite sends as the service does.
  const problem = outgoingHeaderProblem(name, value);
  if (problem !== undefined) throw new UsageError(`${command}: --header ${JSON.stringify(pair)}: ${problem}`);
  return [name, value];
}
