import { HarnessError } from './harness-error.js';

/** A JSON body nested deeper than the service takes (objects and arrays, the body itself counting as 1). */
export class JsonTooDeepError extends HarnessError {
  readonly code = 'JSON_TOO_DEEP';
  readonly httpStatus = 400;

  constructor(
    readonly depth: number,
    readonly limit: number,
  ) {
    super(
      `the JSON body nests ${depth} levels of objects and arrays; at most ${limit} are accepted: flatten the deepest properties`,
    );
  }
}
