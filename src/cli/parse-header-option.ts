import { UsageError } from '../errors/usage-error.js';

// Names the service never lets a static header replace (docs/webhooks.md, "Settings").
const RESERVED = new Set(['content-type', 'x-signature', 'content-length', 'host']);

/** A `--header "Name: value"` option as a [name, value] pair; the error names what was received. */
export function parseHeaderOption(command: string, pair: string): [string, string] {
  const colon = pair.indexOf(':');
  const name = colon > 0 ? pair.slice(0, colon).trim() : '';
  if (name === '' || !/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/.test(name))
    throw new UsageError(`${command}: --header must be "Name: value"; received ${JSON.stringify(pair)}`);
  if (RESERVED.has(name.toLowerCase()))
    throw new UsageError(
      `${command}: --header may not set ${name}; the service writes Content-Type, X-Signature, Content-Length and Host itself`,
    );
  return [name, pair.slice(colon + 1).trim()];
}
