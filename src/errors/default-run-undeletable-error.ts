import { HarnessError } from './harness-error.js';

/** DELETE /__harness/runs/default: the default run lives as long as the server (reset it instead). */
export class DefaultRunUndeletableError extends HarnessError {
  readonly code = 'DEFAULT_RUN_UNDELETABLE';
  readonly httpStatus = 409;

  constructor() {
    super(
      'the default run cannot be deleted: it serves every write key no other run owns; POST /__harness/reset empties it',
    );
  }
}
