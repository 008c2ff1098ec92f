import { HarnessError } from './harness-error.js';

/** A file given to `serve --import` is not an export of event-harness; the message names the line and what is expected. */
export class ImportFileError extends HarnessError {
  readonly code = 'ERR_IMPORT_FILE';
}
