import { HarnessError } from './harness-error.js';

/** A schema name that is not one of schemas/*.schema.json. */
export class UnknownSchemaError extends HarnessError {
  readonly code = 'ERR_UNKNOWN_SCHEMA';

  constructor(received: string, known: readonly string[]) {
    super(`no schema named ${JSON.stringify(received)}; expected one of ${known.join(', ')}`);
  }
}
