import { HarnessError } from './harness-error.js';

/** No route at this method and path. */
export class RouteNotFoundError extends HarnessError {
  readonly code = 'NOT_FOUND';
  readonly httpStatus = 404;

  constructor(method: string, path: string) {
    super(`no route for ${method.toUpperCase()} ${path}`);
  }
}
