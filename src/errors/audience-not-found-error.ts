import { HarnessError } from './harness-error.js';

/** Syncing an audience that was never defined. */
export class AudienceNotFoundError extends HarnessError {
  readonly code = 'AUDIENCE_NOT_FOUND';
  readonly httpStatus = 404;

  constructor(name: string) {
    super(`no audience named ${JSON.stringify(name)}; define it first with PUT /__harness/audiences/{name}`);
  }
}
