import { clipReceived } from './clip-received.js';
import { HarnessError } from './harness-error.js';
import type { SchemaViolation } from './schema-violation.js';

// The admin API's refusals (/__harness/...) and those of runs, also thrown in process by createHarness() and
// the RunRegistry: a request naming what does not exist, or asking for what the server cannot give. 400 unless
// the class says otherwise.

/** A request the admin API refused. */
export abstract class AdminRequestError extends HarnessError {
  static override readonly httpStatus: number = 400;
}

/** An admin API request whose body or query is not what the route takes. */
export class InvalidRequestError extends AdminRequestError {
  static override readonly code = 'INVALID_REQUEST';
}

/** A journal query (waitFor, query, GET /__harness/events) named a key it does not know or gave a bad value. */
export class InvalidJournalQueryError extends AdminRequestError {
  static override readonly code = 'INVALID_JOURNAL_QUERY';
}

/** Webhooks destination settings that break rule 2.1 (at most 5 absolute http(s) URLs, at most 5 headers each). */
export class InvalidWebhookSettingsError extends AdminRequestError {
  static override readonly code = 'INVALID_WEBHOOK_SETTINGS';

  constructor(readonly violations: readonly SchemaViolation[]) {
    super(`the Webhooks destination settings are invalid: ${violations.map((v) => v.message).join('; ')}`);
  }

  override get bodyFields(): Readonly<Record<string, unknown>> {
    return { errors: this.violations };
  }
}

/** A write key named in a request that no source has, or whose source has no enabled Webhooks destination. */
export class UnknownSourceError extends AdminRequestError {
  static override readonly code = 'UNKNOWN_SOURCE';

  constructor(writeKey: string, why: 'missing' | 'no-webhooks') {
    super(
      why === 'missing'
        ? `no source has the write key ${JSON.stringify(writeKey)}; send an event with it first or configure it`
        : `the source ${JSON.stringify(writeKey)} has no enabled Webhooks destination to notify`,
    );
  }
}

/** No delivery with this id (it never existed, or was dropped past the record cap, or after a reset). */
export class DeliveryNotFoundError extends AdminRequestError {
  static override readonly code = 'DELIVERY_NOT_FOUND';
  static override readonly httpStatus = 404;

  constructor(id: string) {
    super(`no delivery with id ${JSON.stringify(id)}; list them with GET /__harness/deliveries`);
  }
}

/** Syncing an audience that was never defined. */
export class AudienceNotFoundError extends AdminRequestError {
  static override readonly code = 'AUDIENCE_NOT_FOUND';
  static override readonly httpStatus = 404;

  constructor(name: string) {
    super(`no audience named ${JSON.stringify(name)}; define it first with PUT /__harness/audiences/{name}`);
  }
}

/** A run id (admin path /__harness/runs/{id}/..., or the X-Harness-Run header) that names no run. */
export class RunNotFoundError extends AdminRequestError {
  static override readonly code = 'RUN_NOT_FOUND';
  static override readonly httpStatus = 404;

  constructor(readonly runId: string) {
    super(
      `no run has the id ${clipReceived(JSON.stringify(runId))}; create one with POST /__harness/runs, list them with GET /__harness/runs, or use "default"`,
    );
  }
}

/** A new run's config names a write key that another run already owns: the collection API could not tell them apart. */
export class WriteKeyTakenError extends AdminRequestError {
  static override readonly code = 'WRITE_KEY_TAKEN';
  static override readonly httpStatus = 409;

  constructor(
    readonly writeKey: string,
    readonly ownerRunId: string,
  ) {
    super(
      `the write key ${clipReceived(JSON.stringify(writeKey))} already belongs to run "${ownerRunId}"; each write key belongs to one run: pick another key, or leave the sources out and let the run generate one`,
    );
  }
}

/** A collection request whose X-Harness-Run header names one run while its write key belongs to another. */
export class RunWriteKeyMismatchError extends AdminRequestError {
  static override readonly code = 'RUN_WRITE_KEY_MISMATCH';
  static override readonly httpStatus = 409;

  constructor(
    readonly writeKey: string,
    readonly headerRunId: string,
    readonly ownerRunId: string,
  ) {
    super(
      `the X-Harness-Run header names run "${headerRunId}" but the write key ${clipReceived(JSON.stringify(writeKey))} belongs to run "${ownerRunId}"; send the run's own key, or drop the header and let the key choose the run`,
    );
  }
}

/** DELETE /__harness/runs/default: the default run lives as long as the server (reset it instead). */
export class DefaultRunUndeletableError extends AdminRequestError {
  static override readonly code = 'DEFAULT_RUN_UNDELETABLE';
  static override readonly httpStatus = 409;

  constructor() {
    super(
      'the default run cannot be deleted: it serves every write key no other run owns; POST /__harness/reset empties it',
    );
  }
}

/** POST /__harness/runs past the bound on runs (serve --max-runs). */
export class RunLimitReachedError extends AdminRequestError {
  static override readonly code = 'RUN_LIMIT_REACHED';
  static override readonly httpStatus = 429;

  constructor(readonly maxRuns: number) {
    super(
      `this server holds its limit of ${maxRuns} runs besides the default run; delete runs you no longer need (DELETE /__harness/runs/{id}), wait for idle ones to expire, or start serve with a higher --max-runs`,
    );
  }
}

/** POST /__harness/runs asking for more memory (journal, deliveries) than the server's runs have left. */
export class RunMemoryBudgetError extends AdminRequestError {
  static override readonly code = 'RUN_MEMORY_BUDGET_FULL';
  static override readonly httpStatus = 429;

  constructor(
    readonly bound: string,
    readonly asked: number,
    readonly left: number,
    readonly budget: number,
  ) {
    super(
      `the run asks for ${bound} ${asked}, but the server's runs together hold at most ${budget} and ${left} is left; ask for less in the run's config (or leave it out for the default share), delete runs you no longer need, or start serve with a lower --max-runs (each run's default share is larger)`,
    );
  }
}
